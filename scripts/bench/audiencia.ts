import { cpus, loadavg } from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import { listRecipients, recipientsList, savedGroup } from '../../server/audience';
import { onePassStatement } from '../../server/db/lists';
import type { Db } from '../../server/db/client';
import { DEMO, signIn } from '../../tests/api/portal';
import { seedScale, seedScalePositions, SCALE, steadyState } from '../seed-scale';
import { graphqlCaller, percentile, sampleInterleaved, type Row } from './report';
import { inProcessPortal } from './serverProcess';

// The audience engine at national scale (issue #14), on the scale data set of `npm run seed:scale`
// plus, here, set-based: a position at their dealer for every dealer user (five positions) and a
// brand for every provider-staff user, so a profile of every type and brand matches every active
// user. Two saved groups are resolved (total + first page of 10 by name):
// - "all": profile block, the three user types, the twelve scale brands, all dealers: every active
//   user (about 96,000 of 100,060);
// - "1%": positions block (one position) and dealer-groups block (15 groups): about 1,000 users;
// each through the engine (listRecipients, the very SQL the API runs), through the API
// (usuariosByGruposUsuariosPaged as provider staff, no scope), and as hand-written SQL of the same
// set in the same run; the three answers are checked equal before timing.

const QUERY = `query($f: DestinatariosFilterInput!) {
  usuariosByGruposUsuariosPaged(filterInput: $f) { totalElements content { id nome email tipo removido } } }`;
const SALVAR = `mutation($g: GrupoUsuariosInput!) { salvarGrupoUsuarios(grupoUsuarios: $g) { id } }`;
const WARMUP = 10;
const MIN_SAMPLES = 30;
const CASE_BUDGET_MS = 15_000;
const ms = (value: number) => value.toFixed(1);

/** Positions for the scale dealer users and a brand for the scale staff users, set-based. */
async function seedAudiencia(db: Db) {
  await seedScalePositions(db);
  await db.execute(sql`insert into usuario_marcas (usuario_id, marca_id)
    select u.id, mk.ids[1 + u.id % cardinality(mk.ids)] from usuarios u,
      (select array_agg(id order by id) as ids from (select id from marcas order by id limit ${SCALE.marcas}) m) mk
    where u.tipo = 'TECSINAPSE' and not exists (select 1 from usuario_marcas x where x.usuario_id = u.id)
    on conflict do nothing`);
  await steadyState(db);
}

async function ids(db: Db, query: SQL): Promise<number[]> {
  return (await db.execute<{ id: number }>(query)).rows.map((r) => Number(r.id));
}

interface Page {
  totalElements: number;
  content: { id: number | string }[];
}

/** Count and first page of 10 by name of hand-written SQL over `where` (on `u`), as two statements like every list. */
async function handWritten(db: Db, where: SQL): Promise<Page> {
  const content = (
    await db.execute<{ id: number; nome: string; email: string; tipo: string }>(
      sql`select u.id, u.nome, u.email, u.tipo from usuarios u where ${where} order by u.nome, u.id limit 10`,
    )
  ).rows;
  const total =
    content.length < 10
      ? content.length
      : (await db.execute<{ n: number }>(sql`select count(*)::int as n from usuarios u where ${where}`)).rows[0].n;
  return { totalElements: total, content };
}

const same = (a: Page, b: Page) =>
  a.totalElements === b.totalElements &&
  a.content.map((r) => String(r.id)).join() === b.content.map((r) => String(r.id)).join();

/** BENCH_EXPLAIN=1: the plans of the engine's statement (count and first page in one) and the hand-written ones. */
async function explain(db: Db, label: string, grupoId: number, where: SQL) {
  const group = savedGroup(grupoId);
  const first = { page: 0, rowsPerPage: 10 };
  const statements: [string, SQL][] = [
    ['engine (count and page)', onePassStatement(first, recipientsList([(await group.load?.(db)) ?? group], first))],
    ['hand-written count', sql`select count(*) from usuarios u where ${where}`],
    ['hand-written page', sql`select u.id from usuarios u where ${where} order by u.nome, u.id limit 10`],
  ];
  for (const [name, statement] of statements) {
    const { rows } = await db.execute<Record<string, string>>(sql`explain (analyze, buffers) ${statement}`);
    console.log(`\n--- ${label}: ${name}\n${rows.map((r) => Object.values(r)[0]).join('\n')}`);
  }
}

export async function audienciaBench(samples = 200): Promise<Row[]> {
  const { database, port, config, app } = await inProcessPortal();
  const rows: Row[] = [];
  try {
    await app.app.listen({ port, host: '127.0.0.1' });
    const portal = { ...app, url: `http://127.0.0.1:${port}`, config };
    const { db } = app.database;
    const seed = await seedScale(db);
    const started = performance.now();
    await seedAudiencia(db);
    rows.push({
      case: `scale seed (${SCALE.usuarios.toLocaleString('en')} users) + positions and staff brands`,
      value: (seed.ms + performance.now() - started) / 1000,
      unit: 's',
      note: `${seed.counts.usuarios} users`,
    });
    const load = loadavg()[0];
    const post = graphqlCaller(portal.url, (await signIn(portal, DEMO.super)).access_token);

    const marcas = await ids(db, sql`select id from marcas order by id limit ${SCALE.marcas}`);
    const [cargo] = await ids(db, sql`select id from cargos where nome like 'Cargo Escala %' order by id limit 1`);
    const grupos = await ids(db, sql`select id from grupos where nome ~ ' E[0-9]{3}$' order by id limit 15`);
    const brandList = sql.raw(`array[${marcas.join(',')}]::int[]`);
    const groupList = sql.raw(`array[${grupos.join(',')}]::int[]`);
    const cases: { label: string; goal: number; grupo: Record<string, unknown>; where: SQL }[] = [
      {
        label: 'all users (profile: 3 types, 12 brands, all dealers)',
        goal: 150,
        grupo: {
          possuiPerfil: true,
          tiposUsuario: ['TECSINAPSE', 'MONTADORA', 'DEALER_GRUPO'],
          marcaIds: marcas,
          todosDealers: true,
        },
        // Active users with one of the brands, their own or an active dealer's.
        where: sql`u.active and u.id in (select um.usuario_id from usuario_marcas um where um.marca_id = any(${brandList})
          union all select ud.usuario_id from usuario_dealers ud join dealers d on d.id = ud.dealer_id and d.active
            join dealer_marcas dm on dm.dealer_id = d.id where dm.marca_id = any(${brandList}))`,
      },
      {
        label: '1% (positions: 1 and dealer groups: 15)',
        goal: 20,
        grupo: { possuiCargos: true, cargoIds: [cargo], possuiGrupos: true, grupoIds: grupos },
        // Active users with the position, in one of the groups or an active dealer of one.
        where: sql`u.active and u.id in (select uc.usuario_id from usuario_cargos uc where uc.cargo_id = ${cargo})
          and u.id in (select ug.usuario_id from usuario_grupos ug where ug.grupo_id = any(${groupList})
            union all select ud.usuario_id from usuario_dealers ud join dealers d on d.id = ud.dealer_id and d.active
              join dealer_grupos dg on dg.dealer_id = d.id where dg.grupo_id = any(${groupList}))`,
      },
    ];

    for (const [n, c] of cases.entries()) {
      const saved = await post<{ salvarGrupoUsuarios: { id: string } }>(SALVAR, {
        g: { nome: `Bench audiência ${n}`, publico: false, ...c.grupo },
      });
      const grupoId = Number(saved.salvarGrupoUsuarios.id);
      const f = { grupos: [grupoId], page: 0, rowsPerPage: 10 };
      const viaApi = async () =>
        (await post<{ usuariosByGruposUsuariosPaged: Page }>(QUERY, { f })).usuariosByGruposUsuariosPaged;
      const engine = () => listRecipients(db, [savedGroup(grupoId)], { page: 0, rowsPerPage: 10 });
      const hand = () => handWritten(db, c.where);
      const [a, e, h] = [await viaApi(), await engine(), await hand()];
      if (!same(a, h) || !same(e, h)) {
        throw new Error(
          `${c.label}: API ${a.totalElements}, engine ${e.totalElements}, hand-written ${h.totalElements}`,
        );
      }
      if (process.env.BENCH_EXPLAIN) await explain(db, c.label, grupoId, c.where);
      const times = await sampleInterleaved(
        { api: viaApi, engine, hand },
        { samples, minSamples: MIN_SAMPLES, budgetMs: CASE_BUDGET_MS, warmup: WARMUP },
      );
      const p95 = (key: keyof typeof times) => percentile(times[key], 95);
      const p50 = (key: keyof typeof times) => percentile(times[key], 50);
      const label = `recipients, ${c.label}, ${h.totalElements.toLocaleString('en')} users`;
      rows.push(
        {
          case: `${label}: engine p95`,
          value: p95('engine'),
          unit: 'ms',
          goal: `< ${c.goal}`,
          note: `p50 ${ms(p50('engine'))}; ${times.engine.length} samples`,
        },
        {
          case: `${label}: API p95`,
          value: p95('api'),
          unit: 'ms',
          goal: `< ${c.goal}`,
          note: `p50 ${ms(p50('api'))}`,
        },
        {
          case: `${label}: engine / hand-written SQL p95`,
          value: p95('engine') / p95('hand'),
          unit: 'x',
          note: `hand-written p95 ${ms(p95('hand'))}, p50 ${ms(p50('hand'))}; API / hand-written ${ms(p95('api') / p95('hand'))}x`,
        },
      );
    }
    rows.push({
      case: 'audiencia: machine load when it started',
      value: load,
      unit: `/ ${cpus().length} CPUs`,
      note: `1-min load average; ${ms(loadavg()[0])} at the end`,
    });
  } finally {
    await app.close();
    await database.drop();
  }
  return rows;
}
