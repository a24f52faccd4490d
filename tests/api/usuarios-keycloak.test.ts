import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as s from '../../server/db/schema';
import { cpfFrom } from '../../server/db/seed/builders';
import { seededRandom } from '../../server/db/seed/random';
import { startFakeKeycloak } from './fakeKeycloak';
import { DEMO, errorCode, gql, startPortal, type TestPortal } from './portal';

// Users saved in the portal when Keycloak is the identity provider (issues #13, #26): the account is
// created or updated through Keycloak's admin API (a local stand-in here) by a job the save queues
// in its own transaction, so Keycloak hears only of committed changes and no transaction waits on
// it; activation enables or disables the account; a refusal is retried.

let keycloak: Awaited<ReturnType<typeof startFakeKeycloak>>;
let portal: TestPortal;
let token: string;
let marca: number;
const random = seededRandom(4242);
let seq = 0;

beforeAll(async () => {
  keycloak = await startFakeKeycloak();
  portal = await startPortal({
    OIDC_ISSUER: `${keycloak.base}/realms/portal`,
    KEYCLOAK_ADMIN_URL: `${keycloak.base}/admin/realms/portal`,
    KEYCLOAK_ADMIN_CLIENT_ID: 'portal-admin',
    KEYCLOAK_ADMIN_SECRET: 's3cret',
  });
  token = await keycloak.token(DEMO.super);
  [{ id: marca }] = await portal.database.db.select({ id: s.marcas.id }).from(s.marcas).limit(1);
});
afterAll(async () => {
  await portal?.close();
  await keycloak?.close();
});

const SALVAR = `mutation($u: UsuarioInput!) { salvarUsuario(usuario: $u, cargos: [], infos: []) { id version active } }`;
const novo = () => {
  const n = ++seq;
  return {
    nome: `Keila Keycloak ${n}`,
    email: `keila.${n}.${random.digits(6)}@keycloak.test`,
    cpf: cpfFrom(random),
    tipo: 'MONTADORA',
    marcaIds: [marca],
  };
};
/** How many account writes Keycloak received. */
const writes = () => keycloak.requests.filter((r) => r.path.startsWith('/admin/') && r.method !== 'GET').length;
const accountOf = (email: string) => [...keycloak.users.values()].find((u) => u.email === email);
const usuarioOf = async (email: string) =>
  (await portal.database.db.select().from(s.usuarios).where(eq(s.usuarios.email, email)))[0];
/** The account as the identity job leaves it (the job runs after the save's commit). */
const eventually = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 25_000, interval: 200 });

describe('salvarUsuario with Keycloak as the identity provider', () => {
  it('creates the account, updates its name, disables and enables it with the user; no welcome e-mail', async () => {
    const input = novo();
    const created = await gql<{ salvarUsuario: { id: string; version: number } }>(portal, SALVAR, { u: input }, token);
    expect(created.errors).toBeUndefined();
    const n = seq;
    await eventually(() =>
      expect(accountOf(input.email)).toMatchObject({
        username: input.email,
        firstName: 'Keila',
        lastName: `Keycloak ${n}`,
        enabled: true,
      }),
    );
    // Keycloak sends its own set-password e-mails: the portal's outbox has none for this user.
    const outbox = await portal.database.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.para, input.email));
    expect(outbox).toEqual([]);

    const { id, version } = created.data!.salvarUsuario;
    const renamed = await gql(portal, SALVAR, { u: { ...input, id, version, nome: 'Keila Renomeada' } }, token);
    expect(renamed.errors).toBeUndefined();
    await eventually(() =>
      expect(accountOf(input.email)).toMatchObject({ firstName: 'Keila', lastName: 'Renomeada', enabled: true }),
    );

    await gql(portal, 'mutation($id: ID!) { inativarUsuario(id: $id) { id } }', { id }, token);
    await eventually(() => expect(accountOf(input.email)).toMatchObject({ enabled: false }));
    await gql(portal, 'mutation($id: ID!) { ativarUsuario(id: $id) { id } }', { id }, token);
    await eventually(() => expect(accountOf(input.email)).toMatchObject({ enabled: true }));
    // The job marks the user synchronised after Keycloak answered: Keycloak may show the account
    // enabled a moment before that commit (seen on the PostgreSQL pass).
    await eventually(async () => expect(await usuarioOf(input.email)).toMatchObject({ identidadePendenteDesde: null }));
  });

  it('saves in the portal while Keycloak refuses, and the account follows once Keycloak answers again', async () => {
    const input = novo();
    keycloak.failWrites(true);
    let id: string;
    try {
      const saved = await gql<{ salvarUsuario: { id: string } }>(portal, SALVAR, { u: input }, token);
      expect(saved.errors).toBeUndefined();
      id = saved.data!.salvarUsuario.id;
      expect(await usuarioOf(input.email)).toMatchObject({ nome: input.nome, active: true });
      // The job tried and failed: the account is still marked, and Keycloak has none.
      await eventually(async () => {
        const [run] = await portal.database.db
          .select()
          .from(s.jobs)
          .where(eq(s.jobs.fila, 'sincronizarIdentidades'))
          .orderBy(desc(s.jobs.id))
          .limit(1);
        expect(run.erro).toMatch(/refused by Keycloak/);
      });
      expect((await usuarioOf(input.email)).identidadePendenteDesde).not.toBeNull();
      expect(accountOf(input.email)).toBeUndefined();
    } finally {
      keycloak.failWrites(false);
    }
    // pg-boss retries the run: the account arrives and the mark is cleared.
    await eventually(() => expect(accountOf(input.email)).toMatchObject({ enabled: true }));
    await eventually(async () => expect((await usuarioOf(input.email)).identidadePendenteDesde).toBeNull());
    expect(id).toBeTruthy();
  });

  it('tells Keycloak nothing of a save that does not commit', async () => {
    const input = novo();
    const created = await gql<{ salvarUsuario: { id: string; version: number } }>(portal, SALVAR, { u: input }, token);
    await eventually(() => expect(accountOf(input.email)).toMatchObject({ lastName: `Keycloak ${seq}` }));
    const calls = writes();
    // A version other than the stored one: the save is refused and rolled back.
    const { id, version } = created.data!.salvarUsuario;
    const stale = await gql(portal, SALVAR, { u: { ...input, id, version: version + 1, nome: 'Nunca Salvo' } }, token);
    expect(errorCode(stale)).toBe('CONFLICT');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(writes()).toBe(calls);
    expect(accountOf(input.email)).toMatchObject({ lastName: `Keycloak ${seq}` });
    expect(await usuarioOf(input.email)).toMatchObject({ identidadePendenteDesde: null });
  });
});

describe('the bulk import with Keycloak as the identity provider', () => {
  /** A sheet of the template's columns (pt-BR) with these rows, uploaded; resolves when the job ends. */
  async function importar(rows: Record<string, string>[]) {
    const { default: ExcelJS } = await import('exceljs');
    const { cabecalhoModelo } = await import('../../server/features/importarUsuarios/modelo');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Usuários');
    const header = cabecalhoModelo('PT_BR');
    sheet.addRow(header);
    for (const row of rows) sheet.addRow(header.map((h) => row[h] ?? null));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await workbook.xlsx.writeBuffer())]), `kc-${++seq}.xlsx`);
    const sent = await fetch(`${portal.url}/import/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: string };
    for (;;) {
      const [imp] = await portal.database.db
        .select()
        .from(s.importacoes)
        .where(eq(s.importacoes.id, Number(id)));
      if (imp.status === 'FINISHED' || imp.status === 'ERROR') return imp;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const linha = async () => {
    const input = novo();
    const [m] = await portal.database.db.select({ nome: s.marcas.nome }).from(s.marcas).where(eq(s.marcas.id, marca));
    return { Nome: input.nome, 'E-mail': input.email, CPF: input.cpf, 'Tipo de usuário': 'MONTADORA', Marcas: m.nome };
  };

  it('creates or updates each account as a wizard save does, and saves the rows while Keycloak is down', async () => {
    const [a, b] = [await linha(), await linha()];
    const ok = await importar([a, b]);
    expect(ok, ok.erro ?? undefined).toMatchObject({ status: 'FINISHED', criados: 2, erros: 0 });
    await eventually(() => {
      expect(accountOf(a['E-mail'])).toMatchObject({ firstName: 'Keila', enabled: true });
      expect(accountOf(b['E-mail'])).toMatchObject({ enabled: true });
    });
    // Keycloak sends its own e-mails: no welcome e-mail in the outbox.
    const outbox = await portal.database.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.para, a['E-mail']));
    expect(outbox).toEqual([]);

    // Keycloak down while importing: the rows are saved, the accounts follow when it answers.
    const c = await linha();
    keycloak.failWrites(true);
    try {
      const saved = await importar([c]);
      // An import that failed says why in the failure's message.
      expect(saved, saved.erro ?? undefined).toMatchObject({ status: 'FINISHED', criados: 1, erros: 0 });
      expect(accountOf(c['E-mail'])).toBeUndefined();
    } finally {
      keycloak.failWrites(false);
    }
    await eventually(() => expect(accountOf(c['E-mail'])).toMatchObject({ enabled: true }));
  });
});
