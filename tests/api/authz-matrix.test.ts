import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usuarios } from '../../server/db/schema';
import { operationTable } from '../../server/graphql/schema';
import { DEMO, errorCode, gql, signIn, startPortal, type TestPortal } from './portal';

/**
 * Every operation of the schema, for an anonymous caller and the three demo users: allowed (true)
 * or refused (false). A new operation fails this test until it is added here with its sample call.
 */
type Caller = 'anonymous' | keyof typeof DEMO;
const CALLERS: Caller[] = ['anonymous', 'super', 'montadora', 'dealer'];

interface Case {
  query: string;
  variables?: (ids: Record<keyof typeof DEMO, number>) => Record<string, unknown>;
  allowed: Record<Caller, boolean>;
}

const everyoneSignedIn = { anonymous: false, super: true, montadora: true, dealer: true };

const MATRIX: Record<'Query' | 'Mutation', Record<string, Case>> = {
  Query: {
    i18nLabels: {
      query: '{ i18nLabels { key } }',
      allowed: { anonymous: true, super: true, montadora: true, dealer: true },
    },
    menuUsuarioLogado: { query: '{ menuUsuarioLogado { menus } }', allowed: everyoneSignedIn },
    usuariosPortalProperties: {
      query: '{ usuariosPortalProperties { informarDepartamentoCargo } }',
      allowed: everyoneSignedIn,
    },
    produtos: { query: '{ produtos { id } }', allowed: everyoneSignedIn },
    usuarioLogado: { query: '{ usuarioLogado { id } }', allowed: everyoneSignedIn },
    currentUserOnboardingIsSeen: { query: '{ currentUserOnboardingIsSeen(id: HOME) }', allowed: everyoneSignedIn },
  },
  Mutation: {
    setCurrentUserOnboardingSeen: {
      query: 'mutation { setCurrentUserOnboardingSeen(id: USUARIO_EDICAO) }',
      allowed: everyoneSignedIn,
    },
    // Changing another user's language needs user maintenance: the dealer is refused.
    mudarLinguaUsuario: {
      query: 'mutation($id: ID!) { mudarLinguaUsuario(id: $id, idioma: PT_BR) { id } }',
      variables: (ids) => ({ id: ids.montadora }),
      allowed: { anonymous: false, super: true, montadora: true, dealer: false },
    },
  },
};

let portal: TestPortal;
const tokens: Partial<Record<Caller, string>> = {};
const ids = {} as Record<keyof typeof DEMO, number>;

beforeAll(async () => {
  portal = await startPortal();
  for (const who of Object.keys(DEMO) as (keyof typeof DEMO)[]) {
    tokens[who] = (await signIn(portal, DEMO[who])).access_token;
    const [row] = await portal.database.db.select().from(usuarios).where(eq(usuarios.email, DEMO[who]));
    ids[who] = row.id;
  }
});
afterAll(() => portal?.close());

describe('authorization matrix', () => {
  it('covers exactly the operations of the schema', () => {
    const table = operationTable();
    for (const root of ['Query', 'Mutation'] as const) {
      expect(Object.keys(MATRIX[root]).sort()).toEqual(Object.keys(table[root]).sort());
    }
  });

  for (const root of ['Query', 'Mutation'] as const) {
    for (const [name, testCase] of Object.entries(MATRIX[root])) {
      for (const caller of CALLERS) {
        const allowed = testCase.allowed[caller];
        it(`${root}.${name}: ${caller} is ${allowed ? 'allowed' : 'refused'}`, async () => {
          const response = await gql(portal, testCase.query, testCase.variables?.(ids) ?? {}, tokens[caller]);
          if (allowed) {
            expect(response.errors, JSON.stringify(response.errors)).toBeUndefined();
          } else {
            expect(errorCode(response)).toBe(caller === 'anonymous' ? 'UNAUTHENTICATED' : 'FORBIDDEN');
            expect(response.data ?? null).toBeNull();
          }
        });
      }
    }
  }
});
