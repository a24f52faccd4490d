import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromDrizzle, fromPglite, PgBoss, type ConstructorOptions, type JobWithMetadata, type Queue } from 'pg-boss';
import type { JobStatus } from '../../domain/schemas/superAdmin';
import type { Database, Db, DbOrTx } from '../db/client';
import { inBackground } from '../db/priority';
import { jobs } from '../db/schema';
import type { FileStore } from '../files';

/**
 * Background jobs on pg-boss (see docs/jobs.md). pg-boss
 * (schema `pgboss`, same database) delivers each run to one worker of any process (SKIP LOCKED),
 * retries it with backoff, fails it when its worker stops sending heartbeats, runs cron schedules
 * once per tick and prunes old jobs. The portal's `jobs` table stays the screen's record of each run
 * (author, state, progress, result); the wrapper around every handler writes it.
 */

export type JobRow = typeof jobs.$inferSelect;
export const ACTIVE_STATUSES: JobStatus[] = ['PENDENTE', 'EXECUTANDO'];

export interface JobContext {
  db: Db;
  job: JobRow;
  /** Stores the progress where the screen reads it; call it between transactions, not inside one. */
  progress(processados: number, total?: number | null): Promise<void>;
  /** Aborted when pg-boss takes the job away (expired, heartbeat lost) or the process stops. */
  signal: AbortSignal;
  /** The shared file storage (FILES_DIR), for jobs that write files (exports); absent in bare test workers. */
  files?: FileStore;
  /**
   * Whether a request is in flight or came since the previous call (or since the job started): a
   * job working in batches then takes small ones, so a request never waits long for its transaction.
   */
  requestsCame(): boolean;
}

/** Does the job's work and returns its result (stored as JSON); a throw retries it, then marks it ERRO. */
export type JobHandler = (ctx: JobContext) => Promise<unknown>;

export interface JobDefinition {
  handler: JobHandler;
  /** pg-boss queue policy: 'singleton' runs one job of the queue at a time across all processes. */
  policy?: 'standard' | 'singleton';
  /** Retries after a failed or interrupted attempt (default 2, with exponential backoff). */
  retryLimit?: number;
  /** Seconds before the first retry (default 5), doubling for each further one. */
  retryDelay?: number;
  /** Seconds without a heartbeat after which a run counts as interrupted (default 30, at least 10). */
  heartbeatSeconds?: number;
  /**
   * A cron expression (5 fields, UTC, minute resolution): pg-boss sends one run per tick, whichever
   * processes are up. Each scheduled run gets its `jobs` row (no author) when it starts.
   */
  cron?: string;
}
export type JobHandlers = Record<string, JobHandler | JobDefinition>;

/** The message (an i18n key) stored on a job whose worker stopped and that has no retry left. */
export const INTERRUPTED = 'superAdmin.jobs.interrupted';

/** pg-boss's dead letter queue of every portal queue: a run failed for good lands there. */
export const DEAD_LETTER = 'jobs-falhos';

/**
 * Queue settings (pg-boss inherits them per job): a worker heartbeats every 15 s and a job without
 * one for 30 s is retried (or failed) by the next expiry check of any process; no attempt runs
 * longer than 30 minutes; finished jobs are pruned from pg-boss after 7 days (the portal's `jobs`
 * rows stay).
 */
export const QUEUE_DEFAULTS = {
  retryLimit: 2,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 300,
  heartbeatSeconds: 30,
  expireInSeconds: 30 * 60,
  deleteAfterSeconds: 7 * 24 * 3600,
} satisfies Omit<Queue, 'name'>;

export interface JobsOptions {
  handlers: JobHandlers;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  /** Idle poll of each queue's worker, in seconds (enqueue also wakes this process's worker at once). */
  pollingIntervalSeconds?: number;
  /** Make this the queue `enqueueUnique(db, ...)` uses for this database (false for extra test workers). */
  register?: boolean;
  /** pg-boss constructor options to override (supervision and cron intervals in tests). */
  boss?: Partial<ConstructorOptions>;
  /** The file storage handed to handlers (ctx.files). */
  files?: FileStore;
}

export interface JobQueue {
  boss: PgBoss;
  /** Records a run and queues it in one transaction. */
  enqueue(fila: string, payload: unknown, autorId: number | null): Promise<JobRow>;
  /**
   * As enqueue, unless a run of the queue is pending or running: then undefined. With `perAuthor`
   * only the author's own runs count (one export per user at a time).
   */
  enqueueUnique(
    fila: string,
    payload: unknown,
    autorId: number | null,
    options?: { perAuthor?: boolean },
  ): Promise<JobRow | undefined>;
  /**
   * Records a run and queues it inside the caller's transaction: it exists, and runs, only if that
   * transaction commits (work that must follow a change, never precede or outlive a rolled-back one).
   */
  enqueueWithin(
    tx: DbOrTx,
    fila: string,
    payload: unknown,
    autorId: number | null,
    options?: SendOptions,
  ): Promise<JobRow>;
  /** Stops taking work and waits (bounded) for the jobs in hand; call it before closing the database. */
  stop(): Promise<void>;
}

/**
 * When a run queued within a transaction starts (pg-boss `startAfter`; default at once), and its
 * pg-boss `singletonKey` (with the queue's `singleton` policy: one active run per key).
 */
export interface SendOptions {
  startAfter?: Date;
  singletonKey?: string;
}

const registry = new WeakMap<object, JobQueue>();

/**
 * What a database and every transaction opened on it share: drizzle builds a transaction with the
 * database's own dialect object, so a service handed only `tx` (notify) finds the queue too.
 */
const registryKey = (db: DbOrTx): object => (db as unknown as { dialect: object }).dialect;

/** The job queue started for this database (or the database of this transaction) by buildApp. */
export function jobQueueOf(db: DbOrTx): JobQueue {
  const queue = registry.get(registryKey(db));
  if (!queue) throw new Error('no job queue was started for this database');
  return queue;
}

/** The features' entry point: queues a run unless one of the queue (of the author, with perAuthor) is active. */
export function enqueueUnique(
  db: Db,
  fila: string,
  payload: unknown,
  autorId: number | null,
  options?: { perAuthor?: boolean },
) {
  return jobQueueOf(db).enqueueUnique(fila, payload, autorId, options);
}

const definitionOf = (entry: JobHandler | JobDefinition): JobDefinition =>
  typeof entry === 'function' ? { handler: entry } : entry;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Starts pg-boss on the portal's database and a worker for every queue of `handlers`. */
export async function startJobs(database: Database, options: JobsOptions): Promise<JobQueue> {
  const { db } = database;
  const { log, pollingIntervalSeconds = 2, register = true } = options;
  const definitions = Object.entries(options.handlers).map(([fila, entry]) => [fila, definitionOf(entry)] as const);

  const common: ConstructorOptions = {
    application_name: 'portal-jobs',
    // Supervision and expiry checks (heartbeats, expireInSeconds) every 30 s instead of 60: a run
    // whose process died is retried or failed within about a minute of its last heartbeat.
    superviseIntervalSeconds: 30,
    monitorIntervalSeconds: 30,
    ...options.boss,
  };
  const boss =
    database.kind === 'pglite'
      ? // One connection: value-less (multi-statement) SQL goes through exec, the rest through query;
        // pg-boss's own statements (polling, heartbeats, maintenance) wait behind requests.
        new PgBoss({ ...common, db: inBackgroundAdapter(fromPglite(database.pglite!)), backend: 'pglite' })
      : // A small pool of its own, so job bookkeeping never waits behind API queries for a connection.
        new PgBoss({ ...common, connectionString: database.url, max: 3 });
  boss.on('error', (err) => log?.error({ err }, 'pg-boss error'));

  // Schema install/migration and queue creation under the start-up lock, as our own migrations.
  await database.underStartupLock(async () => {
    await boss.start();
    await boss.createQueue(DEAD_LETTER, { retryLimit: 0, deleteAfterSeconds: QUEUE_DEFAULTS.deleteAfterSeconds });
    for (const [fila, definition] of definitions) {
      const settings = {
        ...QUEUE_DEFAULTS,
        retryLimit: definition.retryLimit ?? QUEUE_DEFAULTS.retryLimit,
        retryDelay: definition.retryDelay ?? QUEUE_DEFAULTS.retryDelay,
        heartbeatSeconds: definition.heartbeatSeconds ?? QUEUE_DEFAULTS.heartbeatSeconds,
        deadLetter: DEAD_LETTER,
      };
      await boss.createQueue(fila, { ...settings, policy: definition.policy ?? 'standard' });
      // createQueue leaves an existing queue as it is: bring its settings up to date (not its policy).
      await boss.updateQueue(fila, settings);
      // The schedule is one row per queue in pg-boss: every process upserting it is harmless.
      if (definition.cron) await boss.schedule(fila, definition.cron, {});
    }
  });
  const known = new Set(definitions.map(([fila]) => fila));

  /** A run as pg-boss hands it over: `jobId` is our row (absent for a scheduled run). */
  type Run = JobWithMetadata<{ jobId?: number }>;

  const setRow = (id: number, values: Partial<JobRow>) =>
    db.update(jobs).set(values).where(eq(jobs.id, id)).returning();

  /** The row of a scheduled run (sent by pg-boss's cron, not by enqueue): found by its pg-boss id, or made. */
  async function scheduledRow(job: Run) {
    const [found] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.bossId, job.id));
    if (found) return found.id;
    const [created] = await db
      .insert(jobs)
      .values({ fila: job.name, payload: job.data ?? {}, autorId: null, bossId: job.id })
      .returning({ id: jobs.id });
    return created.id;
  }

  /** One attempt of a run: the row says EXECUTANDO, then CONCLUIDO, PENDENTE (retry coming) or ERRO. */
  async function attempt(job: Run, handler: JobHandler) {
    const id = job.data?.jobId ?? (await scheduledRow(job));
    const [row] = await setRow(id, {
      status: 'EXECUTANDO',
      iniciadoEm: new Date(),
      concluidoEm: null,
      erro: null,
      processados: 0,
      tentativas: job.retryCount + 1,
    });
    if (!row) return undefined; // the record is gone: nothing to report to
    const progress = async (processados: number, total?: number | null) => {
      await db
        .update(jobs)
        .set(total === undefined ? { processados } : { processados, total })
        .where(eq(jobs.id, id));
    };
    try {
      const resultado = await handler({
        db,
        job: row,
        progress,
        signal: job.signal,
        files: options.files,
        requestsCame: database.gate.requestProbe(),
      });
      await setRow(id, { status: 'CONCLUIDO', resultado: resultado ?? null, concluidoEm: new Date() });
      return resultado && typeof resultado === 'object' ? resultado : undefined;
    } catch (error) {
      const last = job.retryCount >= job.retryLimit;
      await setRow(id, {
        status: last ? 'ERRO' : 'PENDENTE',
        erro: messageOf(error),
        concluidoEm: last ? new Date() : null,
      });
      log?.error({ err: error, jobId: id, fila: job.name, retry: !last }, 'job failed');
      throw error;
    }
  }

  const workerIds = new Map<string, string>();
  const workOptions = { batchSize: 1, includeMetadata: true as const, pollingIntervalSeconds };
  for (const [fila, { handler }] of definitions) {
    // Every statement of a run (its handler's and the bookkeeping's) is background work: on the
    // embedded database it waits while requests wait for the connection (server/db/priority.ts).
    const workerId = await boss.work<Run['data'], unknown, typeof workOptions>(fila, workOptions, ([job]: Run[]) =>
      inBackground(() => attempt(job, handler)),
    );
    workerIds.set(fila, workerId);
  }
  // A run that failed for good (no retry left, or its worker stopped for good): say so on the screen
  // if its own attempt could not (a process killed mid-run writes nothing).
  workerIds.set(
    DEAD_LETTER,
    await boss.work<Run['data'], unknown, typeof workOptions>(DEAD_LETTER, workOptions, ([job]: Run[]) =>
      inBackground(async () => {
        // sourceId: the failed job's id in its own queue, which our row keeps as bossId.
        if (!job.sourceId) return;
        await db
          .update(jobs)
          .set({ status: 'ERRO', erro: INTERRUPTED, concluidoEm: new Date() })
          .where(and(eq(jobs.bossId, job.sourceId), inArray(jobs.status, ACTIVE_STATUSES)));
      }),
    ),
  );

  /** The run's row and its pg-boss job, in `tx`. */
  async function insertWithin(
    tx: DbOrTx,
    fila: string,
    payload: unknown,
    autorId: number | null,
    options: SendOptions = {},
  ) {
    const bossId = randomUUID();
    const [created] = await tx
      .insert(jobs)
      // The moment of the insert, under the lock (now() would be the transaction's start, before it).
      .values({ fila, payload: payload ?? {}, autorId, bossId, createdAt: sql`clock_timestamp()` })
      .returning();
    // The pg-boss job commits with the row, or neither does.
    const sent = await boss.send(
      fila,
      { jobId: created.id },
      {
        ...options,
        id: bossId,
        db: fromDrizzle(tx as Db, sql),
      },
    );
    if (!sent) throw new Error(`pg-boss refused a job of ${fila}`);
    return created;
  }

  /** `unique`: refuse while a run of the queue (or, 'author', of the author in the queue) is active. */
  async function insert(fila: string, payload: unknown, autorId: number | null, unique: false | 'queue' | 'author') {
    // send() reads the queue's settings from a cache; fill it outside the transaction (on PGlite a
    // read from outside would wait for the transaction to end).
    if (!known.has(fila)) {
      if (!(await boss.getQueue(fila))) throw new Error(`job queue ${fila} does not exist`);
      await boss.createQueue(fila);
      known.add(fila);
    }
    const job = await db.transaction(async (tx) => {
      if (unique) {
        const perAuthor = unique === 'author';
        // Per-queue (or queue and author) transaction lock: the check and the insert are one step
        // across processes and connections; concurrent requests queue on the lock.
        const lock = perAuthor ? `jobs:${fila}:${autorId}` : `jobs:${fila}`;
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lock}))`);
        const [active] = await tx
          .select({ id: jobs.id })
          .from(jobs)
          .where(
            and(
              eq(jobs.fila, fila),
              inArray(jobs.status, ACTIVE_STATUSES),
              perAuthor ? (autorId === null ? isNull(jobs.autorId) : eq(jobs.autorId, autorId)) : undefined,
            ),
          )
          .limit(1);
        if (active) return undefined;
      }
      return insertWithin(tx, fila, payload, autorId);
    });
    const workerId = workerIds.get(fila);
    if (job && workerId) boss.notifyWorker(workerId);
    return job;
  }

  const queue: JobQueue = {
    boss,
    enqueue: async (fila, payload, autorId) => (await insert(fila, payload, autorId, false))!,
    enqueueUnique: (fila, payload, autorId, { perAuthor = false } = {}) =>
      insert(fila, payload, autorId, perAuthor ? 'author' : 'queue'),
    async enqueueWithin(tx, fila, payload, autorId, options) {
      if (!known.has(fila)) throw new Error(`job queue ${fila} has no worker in this process`);
      // The worker is woken by its next poll (at most pollingIntervalSeconds), after the commit.
      return insertWithin(tx, fila, payload, autorId, options);
    },
    async stop() {
      if (registry.get(registryKey(db)) === queue) registry.delete(registryKey(db));
      // Graceful: workers take nothing new and the jobs in hand get 10 s to finish; what is still
      // running after that is failed and retried by pg-boss (another process, or the next start).
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
  if (register) registry.set(registryKey(db), queue);
  return queue;
}

/** pg-boss's database adapter with every statement it sends run as background work. */
function inBackgroundAdapter<T extends { executeSql(text: string, values?: unknown[]): Promise<unknown> }>(
  adapter: T,
): T {
  const executeSql = adapter.executeSql.bind(adapter);
  adapter.executeSql = (text, values) => inBackground(() => executeSql(text, values));
  return adapter;
}
