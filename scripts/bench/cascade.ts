import { eq, inArray, sql } from 'drizzle-orm';
import { dealerGrupos, dealers, grupos, marcas, usuarioDealers, usuarios } from '../../server/db/schema';
import { createLargeGroup } from '../../server/db/seed/builders';
import { applyCascade } from '../../server/features/grupos/cascade';
import { DEMO, signIn } from '../../tests/api/portal';
import { median, type Row } from './report';
import { inProcessPortal } from './serverProcess';
import { sessionOf } from './session';

// Inactivating a dealer group of 5,000 dealers and their 100,000 users (issue #12): through the
// API (HTTP, token, GraphQL, the audited write with its set-based cascade), and the cascade
// statement alone in a transaction that is rolled back. Each round starts from the whole group
// active again.

const DEALERS = 5_000;
const USERS_PER_DEALER = 20;
const ROUNDS = 3;
const GOAL_MS = 1_000;

export async function groupCascade(): Promise<Row[]> {
  const { database, port, config, app } = await inProcessPortal();
  try {
    await app.app.listen({ port, host: '127.0.0.1' });
    const { db } = app.database;
    const [marca] = await db.select().from(marcas).orderBy(marcas.nome).limit(1);
    const grupo = await createLargeGroup(db, {
      tag: '5000',
      marcaId: marca.id,
      dealers: DEALERS,
      usersPerDealer: USERS_PER_DEALER,
    });
    await db.execute(sql`analyze`);
    const members = db
      .select({ id: dealerGrupos.dealerId })
      .from(dealerGrupos)
      .where(eq(dealerGrupos.grupoId, grupo.id));
    const reactivate = async () => {
      await db.update(grupos).set({ active: true }).where(eq(grupos.id, grupo.id));
      await db.update(dealers).set({ active: true }).where(inArray(dealers.id, members));
      const staff = db
        .select({ id: usuarioDealers.usuarioId })
        .from(usuarioDealers)
        .where(inArray(usuarioDealers.dealerId, members));
      await db.update(usuarios).set({ active: true }).where(inArray(usuarios.id, staff));
    };
    const token = (await signIn({ ...app, url: `http://127.0.0.1:${port}`, config }, DEMO.super)).access_token;
    const session = await sessionOf(db, DEMO.super);

    const statement: number[] = [];
    const api: number[] = [];
    let counts = { dealersInativados: 0, usuariosInativados: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      await reactivate();
      let started = performance.now();
      await db
        .transaction(async (tx) => {
          counts = await applyCascade(tx, session, grupo.id, { marcaIds: [marca.id], active: false });
          statement.push(performance.now() - started);
          tx.rollback();
        })
        .catch(() => undefined);
      started = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          query: 'mutation($id: ID!) { inativarGrupo(id: $id) { active } }',
          variables: { id: grupo.id },
        }),
      });
      const result = (await response.json()) as { data?: { inativarGrupo: { active: boolean } } };
      api.push(performance.now() - started);
      if (result.data?.inativarGrupo.active !== false)
        throw new Error(`inativarGrupo failed: ${JSON.stringify(result)}`);
    }
    const [left] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(dealers)
      .where(sql`${dealers.active} and ${dealers.id} in ${members}`);
    if (left.n !== 0) throw new Error(`${left.n} dealers of the group are still active`);
    const apiMs = median(api);
    const statementMs = median(statement);
    const what = `${counts.dealersInativados.toLocaleString('en')} dealers, ${counts.usuariosInativados.toLocaleString('en')} users`;
    return [
      {
        case: `group inactivation cascade via API (${what})`,
        value: Math.round(apiMs),
        unit: 'ms',
        goal: `< ${GOAL_MS}`,
        note: `median of ${ROUNDS}; every record audited`,
      },
      {
        case: 'cascade statement alone (rolled back)',
        value: Math.round(statementMs),
        unit: 'ms',
        note: `median of ${ROUNDS}`,
      },
      { case: 'cascade API / statement', value: apiMs / statementMs, unit: 'x' },
    ];
  } finally {
    await app.close();
    await database.drop();
  }
}
