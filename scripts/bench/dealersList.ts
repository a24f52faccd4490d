import { readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { Database, Db } from '../../server/db/client';
import { findUsuarioByEmail } from '../../server/auth/accounts';
import type { TipoUsuario } from '../../domain/enums';
import { dealerFilterSchema } from '../../domain/schemas/dealer';
import { listDealers } from '../../server/features/dealers/queries';
import { jobs } from '../../server/db/schema';
import { enqueueUnique } from '../../server/jobs';
import { eq } from 'drizzle-orm';
import { DEMO, reachable, signIn } from '../../tests/api/portal';
import { seedScale, SCALE } from '../seed-scale';
import { importEnded, uploadSheet, writeImportSheet } from './importacao';
import { apiVersusDirect, graphqlCaller, percentile, sampleInterleaved, type Row } from './report';
import { BENCH_POSTGRES_URL, inProcessPortal } from './serverProcess';
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
/** With a job running, API p95 within this factor of its idle p95 (issue #25: both databases, both jobs). */
const GOAL_JOB_RATIO = 1.5;
/** Per case and phase of the job comparison: at least MIN_SAMPLES, then until this budget (ms). */
const JOB_CASE_BUDGET_MS = 3_000;
/** Rows of the sheet the import phase imports (again and again while it lasts). */
const IMPORT_ROWS = 2_000;
/** The list cases compared with and without a job: each caller's lightest and a heavier one. */
const JOB_CASES = [
  'TECSINAPSE, search empty',
  "TECSINAPSE, search 'ferreira'",
  'MONTADORA, search empty',
  "MONTADORA, search 'Campinas'",
];
interface DealerPage {
  content: { id: string }[];
  totalElements: number;
}

const ms = (value: number) => value.toFixed(1);

type ApiCase = { label: string; viaApi: () => Promise<unknown> };

export async function dealersList(samples = 200): Promise<Row[]> {
  const load = loadavg()[0];
  const rows: Row[] = [];
  // The database of the run (DATABASE_URL, else PGlite) gets the list cases and the job comparison;
  // the other one the job comparison only.
  const primary = process.env.DATABASE_URL ?? null;
  rows.push(...(await onDatabase(primary, samples, true)));
  const other = primary ? null : BENCH_POSTGRES_URL;
  if (other === null || (await reachable(other))) rows.push(...(await onDatabase(other, samples, false)));
  else
    rows.push({
      case: 'jobs beside the dealers list on PostgreSQL',
      value: 0,
      unit: 'runs',
      note: `skipped: no server answers at ${new URL(other).host} (BENCH_POSTGRES_URL)`,
    });
  rows.push({
    case: 'dealers list: machine load when it started',
    value: load,
    unit: `/ ${cpus().length} CPUs`,
    note: `1-min load average; ${loadavg()[0].toFixed(2)} at the end; figures above inflate with it`,
  });
  return rows;
}

/** The scale data set on a fresh database (PGlite for null), then the list cases (when asked) and the job comparison. */
async function onDatabase(postgresUrl: string | null, samples: number, listCases: boolean): Promise<Row[]> {
  const { database, port, config, app } = await inProcessPortal({ IMPORT_MAX_MB: '50' }, postgresUrl);
  const kind = postgresUrl ? 'PostgreSQL' : 'PGlite';
  const rows: Row[] = [];
  try {
    await app.app.listen({ port, host: '127.0.0.1' });
    const portal = { ...app, url: `http://127.0.0.1:${port}`, config };
    const { db } = app.database;

    const seed = await seedScale(db);
    const { counts } = seed;
    rows.push({
      case: `scale seed on ${kind} (${SCALE.dealers.toLocaleString('en')} dealers, ${SCALE.usuarios.toLocaleString('en')} users)`,
      value: seed.ms / 1000,
      unit: 's',
      note: `${counts.dealers} dealers, ${counts.usuarios} users, ${counts.marcas} brands, ${counts.grupos} groups, ${counts.usuario_dealers} user-dealer links`,
    });

    const callers: [TipoUsuario, string][] = [
      ['TECSINAPSE', DEMO.super],
      ['MONTADORA', DEMO.montadora],
    ];
    const apiCases: ApiCase[] = [];
    for (const [tipo, email] of callers) {
      const call = graphqlCaller(portal.url, (await signIn(portal, email)).access_token);
      const session = await sessionOf(db, email);
      for (const busca of BUSCAS) {
        const filterInput = { busca, page: 0, rowsPerPage: 10 };
        const filter = dealerFilterSchema.parse(filterInput);
        const viaApi = async () => (await call<{ dealers: DealerPage }>(QUERY, { filterInput })).dealers;
        const label = `dealers list, ${tipo}, search ${busca ? `'${busca}'` : 'empty'}`;
        apiCases.push({ label, viaApi });
        if (!listCases) continue;
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
    const token = (await signIn(portal, DEMO.super)).access_token;
    rows.push(...(await withJobsRunning(app.database, portal.url, token, kind, apiCases)));
  } finally {
    await app.close();
    await database.drop();
  }
  return rows;
}

/** Something running in the background of a phase: started, then stopped (and awaited) with a summary. */
interface Driver {
  stop(): Promise<string>;
}

/**
 * The API cases idle, with the super-admin migration job running, with a user import running, and
 * idle again (the idle p95 is both idle phases' samples together, so a change of the machine's load
 * during the run weighs on both sides). Each job is queued again as soon as it ends, so one is
 * running (or about to) for the whole phase. Reports each case's p95 with the job against idle.
 */
async function withJobsRunning(
  database: Database,
  url: string,
  token: string,
  kind: string,
  all: ApiCase[],
): Promise<Row[]> {
  const { db, gate } = database;
  const cases = all.filter(({ label }) => JOB_CASES.some((c) => label.endsWith(c)));

  const phases: { name: string; start?: () => Driver }[] = [
    { name: 'idle' },
    { name: 'migration job running', start: () => migrationLoop(db) },
    { name: 'import running', start: () => importLoop(db, url, token) },
    { name: 'idle again' },
  ];
  const samples = new Map<string, number[]>();
  const rows: Row[] = [];
  for (const phase of phases) {
    gate.stats.longestBackgroundMs = 0;
    const before = { ...gate.stats, backgroundOver: { ...gate.stats.backgroundOver } };
    const driver = phase.start?.();
    const started = performance.now();
    let summary = '';
    try {
      // Let the first run start before sampling.
      if (driver) await new Promise((resolve) => setTimeout(resolve, 500));
      for (const { label, viaApi } of cases) {
        const api: number[] = [];
        const caseStarted = performance.now();
        while (api.length < MIN_SAMPLES || performance.now() - caseStarted < JOB_CASE_BUDGET_MS) {
          const t = performance.now();
          await viaApi();
          api.push(performance.now() - t);
        }
        samples.set(`${phase.name}|${label}`, api);
      }
    } finally {
      summary = (await driver?.stop()) ?? '';
    }
    console.error(`[dealers] ${kind}: ${phase.name} sampled${summary ? ` (${summary})` : ''}`);
    if (!driver) continue;
    const { stats } = gate;
    rows.push({
      case: `${kind}, ${phase.name}: the job's work`,
      value: (performance.now() - started) / 1000,
      unit: 's',
      note: `${summary}; background statements ${stats.background - before.background} (${stats.backgroundForced - before.backgroundForced} let in after waiting for requests), longest ${ms(stats.longestBackgroundMs)} ms, >= 10 ms: ${stats.backgroundOver[10] - before.backgroundOver[10]}, >= 25 ms: ${stats.backgroundOver[25] - before.backgroundOver[25]}`,
    });
  }
  for (const { label } of cases) {
    const idle = [...samples.get(`idle|${label}`)!, ...samples.get(`idle again|${label}`)!];
    const idleP95 = percentile(idle, 95);
    for (const phase of phases.filter((p) => p.start)) {
      const api = samples.get(`${phase.name}|${label}`)!;
      const p95 = percentile(api, 95);
      rows.push({
        case: `${kind}, ${label}, ${phase.name}: API p95 / idle`,
        value: p95 / idleP95,
        unit: 'x',
        goal: `< ${GOAL_JOB_RATIO}`,
        note: `p95 ${ms(p95)} (idle ${ms(idleP95)}), p50 ${ms(percentile(api, 50))} (idle ${ms(percentile(idle, 50))}), max ${ms(Math.max(...api))}; ${api.length} samples`,
      });
    }
  }
  return rows;
}

/** The migration job, queued again as soon as it ends. */
function migrationLoop(db: Db): Driver {
  let stop = false;
  const durations: number[] = [];
  let failed = '';
  const loop = (async () => {
    const superUser = await findUsuarioByEmail(db, DEMO.super);
    while (!stop) {
      const job = await enqueueUnique(db, 'migracao', {}, superUser!.id);
      if (!job) throw new Error('a migration job was already active');
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const [row] = await db.select().from(jobs).where(eq(jobs.id, job.id));
        if (row.status === 'ERRO') throw new Error(`migration job failed: ${row.erro}`);
        if (row.status === 'CONCLUIDO') {
          durations.push(row.concluidoEm!.getTime() - row.iniciadoEm!.getTime());
          break;
        }
      }
    }
  })().catch((error: unknown) => void (failed = `; FAILED: ${String(error)}`));
  return {
    async stop() {
      stop = true;
      await loop;
      return `${durations.length} migration runs, ${durations.length ? ms(percentile(durations, 50)) : '-'} ms median${failed}`;
    },
  };
}

/** A user import through POST /import/users, another (the same rows) as soon as it ends. */
function importLoop(db: Db, url: string, token: string): Driver {
  let stop = false;
  let rowsDone = 0;
  let seconds = 0;
  let imports = 0;
  let failed = '';
  const loop = (async () => {
    // Written once, before the phase samples (in this process, writing would stall the server).
    const file = path.join(tmpdir(), `bench-dealers-import-${process.pid}.xlsx`);
    await writeImportSheet(db, IMPORT_ROWS, file);
    const sheet = await readFile(file);
    await rm(file, { force: true });
    while (!stop) {
      const id = await uploadSheet(url, token, withZipComment(sheet, `bench ${imports}`), 'bench.xlsx');
      // Asked to stop, it still waits for this import to end: the next phase must be idle.
      const imp = await importEnded(db, id);
      if (imp.status === 'ERROR') throw new Error(`import failed: ${imp.erro}`);
      rowsDone += imp.criados + imp.atualizados + imp.erros;
      seconds += (imp.concluidoEm!.getTime() - imp.iniciadoEm!.getTime()) / 1000;
      imports++;
    }
  })().catch((error: unknown) => void (failed = `; FAILED: ${String(error)}`));
  return {
    async stop() {
      stop = true;
      await loop;
      return `${imports} imports of ${IMPORT_ROWS.toLocaleString('en')} rows finished, ${(rowsDone / Math.max(seconds, 0.001)).toFixed(0)} rows/s${failed}`;
    },
  };
}

/**
 * The same .xlsx with a comment in its zip directory's end record: other content (an upload of the
 * same content is refused), the same sheet.
 */
function withZipComment(xlsx: Buffer, comment: string): Buffer {
  const end = xlsx.length - 22;
  if (xlsx.readUInt32LE(end) !== 0x06054b50 || xlsx.readUInt16LE(end + 20) !== 0) {
    throw new Error('the sheet does not end with a comment-less zip end record');
  }
  const text = Buffer.from(comment, 'latin1');
  const copy = Buffer.concat([xlsx, text]);
  copy.writeUInt16LE(text.length, end + 20);
  return copy;
}
