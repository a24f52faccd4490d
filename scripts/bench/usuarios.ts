import { cpus, loadavg } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import type { TipoUsuario } from '../../domain/enums';
import { usuarioFilterSchema } from '../../domain/schemas/usuario';
import type { Db } from '../../server/db/client';
import { jobs } from '../../server/db/schema';
import { EXPORT_FILA } from '../../server/features/usuarios/exportacao';
import { findUsuarioByEmail } from '../../server/auth/accounts';
import { listUsuarios } from '../../server/features/usuarios/queries';
import { enqueueUnique } from '../../server/jobs';
import { DEMO, signIn } from '../../tests/api/portal';
import { seedScale, seedScalePositions, SCALE, steadyState } from '../seed-scale';
import { apiVersusDirect, graphqlCaller, sampleInterleaved, type Row } from './report';
import { inProcessPortal } from './serverProcess';
import { sessionOf } from './session';

// The users list and its export at national scale (issue #13), on the scale data set of
// `npm run seed:scale` (100,000 users, set-based SQL) plus, here, a position at their dealer for
// every dealer user and three features for every tenth user (also INSERT ... SELECT), so the export
// carries positions and permissions.
// (a) search (or none) + filter + first page + total through the API against listUsuarios called
//     directly with the same session (the very same SQL): p95 and the ratio;
// (b) the .xlsx export of every user by the background job: rows per second and the process's
//     peak memory growth while it runs (sampled every 20 ms).

const QUERY = `query Usuarios($filterInput: UsuarioFilterInput!) {
  usuarios(filterInput: $filterInput) {
    content { id nome email cpf tipo { id } active ativacaoEspecial inativadoPorInatividade ultimoAcesso
      marcas { id nome } grupos { id nome } dealers { id nomeExibicao } }
    totalElements
  }
}`;

/**
 * A surname with a type filter, a first name among active users, an e-mail fragment, a name with a
 * brand; the list as it opens (no search: every visible user counted) and sorted by last access.
 */
const CASES: { label: string; filter: Record<string, unknown> }[] = [
  { label: "search 'ferreira', dealer users", filter: { busca: 'ferreira', tipos: ['DEALER_GRUPO'] } },
  { label: "search 'vanessa', active", filter: { busca: 'vanessa', active: true } },
  { label: "search 'usuario.4242'", filter: { busca: 'usuario.4242' } },
  { label: "search 'lima', manufacturers", filter: { busca: 'lima', tipos: ['MONTADORA'] } },
  { label: 'first view (no search)', filter: {} },
  { label: 'no search, by last access', filter: { sort: { field: 'ultimoAcesso', order: 'DESC' } } },
];
const GOAL_MS = 25;
const GOAL_RATIO = 2;
const GOAL_EXPORT_MB = 200;
const WARMUP = 20;
const MIN_SAMPLES = 30;
const CASE_BUDGET_MS = 8_000;

const MB = 1024 * 1024;

/** Positions and permissions for the scale users, set-based. */
async function seedCargosEPermissoes(db: Db) {
  await seedScalePositions(db);
  await db.execute(sql`insert into usuario_funcionalidades (usuario_id, funcionalidade_id)
    select u.id, f.id from usuarios u, (select id from funcionalidades order by id limit 3) f
    where u.email like '%@escala.portal.test' and u.id % 10 = 0
    on conflict do nothing`);
  await steadyState(db);
}

export async function usuariosBench(samples = 200): Promise<Row[]> {
  const { database, port, config, app } = await inProcessPortal();
  const rows: Row[] = [];
  try {
    await app.app.listen({ port, host: '127.0.0.1' });
    const portal = { ...app, url: `http://127.0.0.1:${port}`, config };
    const { db } = app.database;
    const seed = await seedScale(db);
    const started = performance.now();
    await seedCargosEPermissoes(db);
    rows.push({
      case: `scale seed (${SCALE.usuarios.toLocaleString('en')} users) + positions and permissions`,
      value: (seed.ms + performance.now() - started) / 1000,
      unit: 's',
      note: `${seed.counts.usuarios} users`,
    });

    const load = loadavg()[0];
    const callers: [TipoUsuario, string][] = [
      ['TECSINAPSE', DEMO.super],
      ['MONTADORA', DEMO.montadora],
    ];
    for (const [tipo, email] of callers) {
      const call = graphqlCaller(portal.url, (await signIn(portal, email)).access_token);
      const session = await sessionOf(db, email);
      for (const { label, filter: raw } of CASES) {
        const filterInput = { ...raw, page: 0, rowsPerPage: 10 };
        const filter = usuarioFilterSchema.parse(filterInput);
        const viaApi = async () =>
          (await call<{ usuarios: { content: { id: string }[]; totalElements: number } }>(QUERY, { filterInput }))
            .usuarios;
        const direct = () => listUsuarios(db, session, filter);
        const [fromApi, fromDb] = [await viaApi(), await direct()];
        if (
          fromApi.totalElements !== fromDb.totalElements ||
          fromApi.content.map((u) => u.id).join() !== fromDb.content.map((u) => String(u.id)).join()
        ) {
          throw new Error(`API and direct answers differ for ${tipo} ${label}`);
        }
        const { api, direct: bare } = await sampleInterleaved(
          { api: viaApi, direct },
          { samples, minSamples: MIN_SAMPLES, budgetMs: CASE_BUDGET_MS, warmup: WARMUP },
        );
        rows.push(
          ...apiVersusDirect(
            `users list, ${tipo}, ${label}`,
            { api, direct: bare },
            { ms: GOAL_MS, ratio: GOAL_RATIO },
            `${fromDb.totalElements} rows`,
          ),
        );
      }
    }
    rows.push(...(await exportBench(db)));
    rows.push({
      case: 'users: machine load when it started',
      value: load,
      unit: `/ ${cpus().length} CPUs`,
      note: '1-min load average; figures above inflate with it',
    });
  } finally {
    await app.close();
    await database.drop();
  }
  return rows;
}

/** The export of every user (the super user's scope, no filter) by the job, with memory sampled meanwhile. */
async function exportBench(db: Db): Promise<Row[]> {
  const author = await findUsuarioByEmail(db, DEMO.super);
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);
  try {
    const job = await enqueueUnique(db, EXPORT_FILA, { filtro: {}, idioma: 'PT_BR' }, author!.id, { perAuthor: true });
    if (!job) throw new Error('an export was already active');
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const [row] = await db.select().from(jobs).where(eq(jobs.id, job.id));
      if (row.status === 'ERRO') throw new Error(`export failed: ${row.erro}`);
      if (row.status !== 'CONCLUIDO') continue;
      const seconds = (row.concluidoEm!.getTime() - row.iniciadoEm!.getTime()) / 1000;
      const linhas = (row.resultado as { linhas: number }).linhas;
      return [
        {
          case: `users export (.xlsx, ${linhas.toLocaleString('en')} rows): rows/s`,
          value: linhas / seconds,
          unit: 'rows/s',
          note: `${seconds.toFixed(1)} s in the job`,
        },
        {
          case: 'users export: peak RSS growth',
          value: (peakRss - before.rss) / MB,
          unit: 'MB',
          goal: `< ${GOAL_EXPORT_MB}`,
          note: `RSS ${(before.rss / MB).toFixed(0)} -> peak ${(peakRss / MB).toFixed(0)} MB (PGlite in the process); JS heap peak growth ${((peakHeap - before.heapUsed) / MB).toFixed(0)} MB`,
        },
      ];
    }
  } finally {
    clearInterval(sampler);
  }
}
