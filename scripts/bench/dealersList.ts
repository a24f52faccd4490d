import type { Db } from '../../server/db/client';
import { findUsuarioByEmail } from '../../server/features/usuarios/queries';
import { cpus, loadavg } from 'node:os';
import type { TipoUsuario } from '../../domain/enums';
import { dealerFilterSchema } from '../../domain/schemas/dealer';
import { listDealers } from '../../server/features/dealers/queries';
import { jobs } from '../../server/db/schema';
import { enqueueUnique } from '../../server/jobs';
import { eq } from 'drizzle-orm';
import { DEMO, signIn } from '../../tests/api/portal';
import { seedScale, SCALE } from '../seed-scale';
import { apiVersusDirect, graphqlCaller, percentile, sampleInterleaved, type Row } from './report';
import { inProcessPortal } from './serverProcess';
import { sessionOf } from './session';

// The dealers list at national scale (issue #4): search + first page + total, with the scale data
// set loaded, through the API (real HTTP on a listening port, bearer token, GraphQL) and through the
// same query function called directly on the database. The "direct" figure calls listDealers with
// a Session, so both sides run the very same SQL (including the follow-up count query when there
// is one) and the same row mapping; the ratio is then the cost of HTTP, authentication and GraphQL.

const QUERY = `query Dealers($filterInput: DealerFilterInput!) {
  dealers(filterInput: $filterInput) {
    content { id nomeExibicao razaoSocial cnpj codigos cidade estado active
      marcas { id nome } grupos { id nome } totalUsuarios }
    totalElements
  }
}`;

/** Empty search, a city, a code prefix and a name fragment (lower case, as people type). */
const BUSCAS = ['', 'Campinas', 'C012', 'ferreira'];
const GOAL_MS = 25;
const GOAL_RATIO = 2;
/** Warm-up rounds per case, within a time budget (slow cases need few to settle). */
const WARMUP = 20;
const WARMUP_BUDGET_MS = 2_000;
/** At least this many samples per case, then up to `samples` while the case's time budget lasts. */
const MIN_SAMPLES = 30;
const CASE_BUDGET_MS = 10_000;
/** With a job running, API p95 within this factor of its idle p95. */
const GOAL_JOB_RATIO = 1.5;

interface DealerPage {
  content: { id: string }[];
  totalElements: number;
}

const ms = (value: number) => value.toFixed(1);

export async function dealersList(samples = 200): Promise<Row[]> {
  const { database, port, config, app } = await inProcessPortal();
  const rows: Row[] = [];
  try {
    await app.app.listen({ port, host: '127.0.0.1' });
    const portal = { ...app, url: `http://127.0.0.1:${port}`, config };
    const { db } = app.database;

    const seed = await seedScale(db);
    const { counts } = seed;
    rows.push({
      case: `scale seed (${SCALE.dealers.toLocaleString('en')} dealers, ${SCALE.usuarios.toLocaleString('en')} users)`,
      value: seed.ms / 1000,
      unit: 's',
      note: `${counts.dealers} dealers, ${counts.usuarios} users, ${counts.marcas} brands, ${counts.grupos} groups, ${counts.usuario_dealers} user-dealer links`,
    });

    const callers: [TipoUsuario, string][] = [
      ['TECSINAPSE', DEMO.super],
      ['MONTADORA', DEMO.montadora],
    ];
    const load = loadavg()[0];
    const apiCases: { label: string; viaApi: () => Promise<unknown>; idleP95: number }[] = [];
    for (const [tipo, email] of callers) {
      const call = graphqlCaller(portal.url, (await signIn(portal, email)).access_token);
      const session = await sessionOf(db, email);
      for (const busca of BUSCAS) {
        const filterInput = { busca, page: 0, rowsPerPage: 10 };
        const filter = dealerFilterSchema.parse(filterInput);
        const viaApi = async () => (await call<{ dealers: DealerPage }>(QUERY, { filterInput })).dealers;
        const direct = () => listDealers(db, session, filter);

        // Both sides must answer the same page before their times are compared.
        const [fromApi, fromDb] = [await viaApi(), await direct()];
        const ids = (page: { content: { id: string | number }[] }) => page.content.map((d) => String(d.id)).join();
        if (fromApi.totalElements !== fromDb.totalElements || ids(fromApi) !== ids(fromDb)) {
          throw new Error(`API and direct answers differ for ${tipo} '${busca}'`);
        }
        // Alternate the two so that background load weighs on both alike.
        const { api, direct: sql } = await sampleInterleaved(
          { api: viaApi, direct },
          {
            samples,
            minSamples: MIN_SAMPLES,
            budgetMs: CASE_BUDGET_MS,
            warmup: WARMUP,
            warmupBudgetMs: WARMUP_BUDGET_MS,
          },
        );

        const label = `dealers list, ${tipo}, search ${busca ? `'${busca}'` : 'empty'}`;
        const p95 = percentile(api, 95);
        apiCases.push({ label, viaApi, idleP95: p95 });
        rows.push(
          ...apiVersusDirect(
            label,
            { api, direct: sql },
            { ms: GOAL_MS, ratio: GOAL_RATIO },
            `${fromDb.totalElements} rows`,
          ),
        );
      }
    }
    rows.push(...(await withJobRunning(db, apiCases)));
    rows.push({
      case: 'dealers list: machine load when it started',
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

/**
 * The same API requests while the super-admin migration job (the three synchronisations over the
 * scale data) runs in this process: it is queued again as soon as it finishes, so one is running
 * (or about to) for the whole sampling. Reports each case's API p95 against its idle p95.
 */
async function withJobRunning(
  db: Db,
  cases: { label: string; viaApi: () => Promise<unknown>; idleP95: number }[],
): Promise<Row[]> {
  const superUser = await findUsuarioByEmail(db, DEMO.super);
  let stop = false;
  const durations: number[] = [];
  let busyMs = 0;
  const loop = (async () => {
    while (!stop) {
      const job = await enqueueUnique(db, 'migracao', {}, superUser!.id);
      if (!job) throw new Error('a migration job was already active');
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const [row] = await db.select().from(jobs).where(eq(jobs.id, job.id));
        if (row.status === 'CONCLUIDO' || row.status === 'ERRO') {
          if (row.status === 'ERRO') throw new Error(`migration job failed: ${row.erro}`);
          const ms = row.concluidoEm!.getTime() - row.iniciadoEm!.getTime();
          durations.push(ms);
          busyMs += ms;
          break;
        }
      }
    }
  })();
  const rows: Row[] = [];
  const started = performance.now();
  try {
    // Let the first run start before sampling.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const { label, viaApi, idleP95 } of cases) {
      const api: number[] = [];
      const caseStarted = performance.now();
      while (api.length < MIN_SAMPLES || performance.now() - caseStarted < CASE_BUDGET_MS) {
        const t = performance.now();
        await viaApi();
        api.push(performance.now() - t);
      }
      const p95 = percentile(api, 95);
      rows.push({
        case: `${label}, job running: API p95 / idle`,
        value: p95 / idleP95,
        unit: 'x',
        goal: `< ${GOAL_JOB_RATIO}`,
        note: `p95 ${ms(p95)} (idle ${ms(idleP95)}), p50 ${ms(percentile(api, 50))}, max ${ms(Math.max(...api))}; ${api.length} samples`,
      });
    }
  } finally {
    stop = true;
    await loop;
  }
  const elapsed = performance.now() - started;
  rows.push({
    case: 'migration job while sampling: runs',
    value: durations.length,
    unit: 'runs',
    note: `each ${ms(percentile(durations, 50))} ms median; running ${((100 * busyMs) / elapsed).toFixed(0)}% of the sampling time`,
  });
  return rows;
}
