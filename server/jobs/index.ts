import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobStatus } from '../../domain/schemas/superAdmin';
import type { Db, DbOrTx } from '../db/client';
import { jobs } from '../db/schema';

/**
 * A small durable job queue on the `jobs` table (see the README, "Super-admin page and background
 * jobs"). Any number of API processes run a runner; each claims the oldest pending job of the
 * queues it handles with `FOR UPDATE SKIP LOCKED`, so a job runs once. One table, no extra schema,
 * and the same SQL on PGlite and on a PostgreSQL server: why it is not pg-boss.
 */

export type JobRow = typeof jobs.$inferSelect;
export const ACTIVE_STATUSES: JobStatus[] = ['PENDENTE', 'EXECUTANDO'];

export interface JobContext {
  db: Db;
  job: JobRow;
  /** Stores the progress where the screen reads it; call it between transactions, not inside one. */
  progress(processados: number, total?: number | null): Promise<void>;
}

/** Does the job's work and returns its result (stored as JSON); a throw marks the job ERRO. */
export type JobHandler = (ctx: JobContext) => Promise<unknown>;
export type JobHandlers = Record<string, JobHandler>;

/** The message (an i18n key) stored on a job that was running when its process stopped. */
export const INTERRUPTED = 'superAdmin.jobs.interrupted';

/** Runners of this process, by database: enqueue wakes them at once instead of at the next poll. */
const wakers = new WeakMap<object, Set<() => void>>();

function wake(db: DbOrTx) {
  for (const wakeUp of wakers.get(db) ?? []) wakeUp();
}

export async function enqueue(db: Db, fila: string, payload: unknown, autorId: number | null): Promise<JobRow> {
  const [job] = await db
    .insert(jobs)
    .values({ fila, payload: payload ?? {}, autorId })
    .returning();
  wake(db);
  return job;
}

/**
 * Enqueues unless a job of the same queue is pending or running; then returns undefined. A
 * transaction-scoped advisory lock per queue makes the check and the insert one step across processes.
 */
export async function enqueueUnique(
  db: Db,
  fila: string,
  payload: unknown,
  autorId: number | null,
): Promise<JobRow | undefined> {
  const job = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`jobs:${fila}`}))`);
    const [active] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.fila, fila), inArray(jobs.status, ACTIVE_STATUSES)))
      .limit(1);
    if (active) return undefined;
    const [created] = await tx
      .insert(jobs)
      .values({ fila, payload: payload ?? {}, autorId })
      .returning();
    return created;
  });
  if (job) wake(db);
  return job;
}

/** Claims the oldest pending job of the given queues, or returns undefined. */
export async function claimNext(db: Db, filas: string[]): Promise<JobRow | undefined> {
  if (filas.length === 0) return undefined;
  const next = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.status, 'PENDENTE'), inArray(jobs.fila, filas)))
    .orderBy(jobs.id)
    .limit(1)
    .for('update', { skipLocked: true });
  const [job] = await db
    .update(jobs)
    .set({ status: 'EXECUTANDO', iniciadoEm: new Date() })
    .where(sql`${jobs.id} = (${next})`)
    .returning();
  return job;
}

/** Runs one claimed job with its handler and stores CONCLUIDO with the result, or ERRO with the message. */
export async function runJob(db: Db, job: JobRow, handler: JobHandler): Promise<JobRow> {
  const progress = async (processados: number, total?: number | null) => {
    await db
      .update(jobs)
      .set(total === undefined ? { processados } : { processados, total })
      .where(eq(jobs.id, job.id));
  };
  let values: Partial<JobRow>;
  try {
    const resultado = await handler({ db, job, progress });
    values = { status: 'CONCLUIDO', resultado: resultado ?? null, concluidoEm: new Date() };
  } catch (error) {
    values = {
      status: 'ERRO',
      erro: error instanceof Error ? error.message : String(error),
      concluidoEm: new Date(),
    };
  }
  const [done] = await db.update(jobs).set(values).where(eq(jobs.id, job.id)).returning();
  return done;
}

/**
 * Marks ERRO the jobs left running longer than `staleAfterMs` (their process stopped mid-run), so
 * their queue accepts new work. Handlers work in short set-based chunks, far below this bound.
 */
export async function failStaleJobs(db: Db, filas: string[], staleAfterMs: number): Promise<number> {
  if (filas.length === 0) return 0;
  const stale = await db
    .update(jobs)
    .set({ status: 'ERRO', erro: INTERRUPTED, concluidoEm: new Date() })
    .where(
      and(
        eq(jobs.status, 'EXECUTANDO'),
        inArray(jobs.fila, filas),
        lt(jobs.iniciadoEm, new Date(Date.now() - staleAfterMs)),
      ),
    )
    .returning({ id: jobs.id });
  return stale.length;
}

export interface RunnerOptions {
  handlers: JobHandlers;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  /** How often to look for work when nothing woke the runner (another process may have enqueued). */
  pollMs?: number;
  staleAfterMs?: number;
}

export interface JobRunner {
  /** Stops polling and waits for the job in hand to finish. */
  stop(): Promise<void>;
}

/** Starts this process's runner: one job at a time, polling every `pollMs` and woken by enqueue. */
export function startJobRunner(db: Db, options: RunnerOptions): JobRunner {
  const { handlers, log, pollMs = 1000, staleAfterMs = 30 * 60_000 } = options;
  const filas = Object.keys(handlers);
  let stopped = false;
  let pendingWake = false;
  let sleeper: (() => void) | undefined;
  const wakeUp = () => {
    pendingWake = true;
    sleeper?.();
  };
  const set = wakers.get(db) ?? new Set();
  wakers.set(db, set);
  set.add(wakeUp);

  const sleep = () =>
    new Promise<void>((resolve) => {
      if (pendingWake || stopped) return resolve();
      const timer = setTimeout(done, pollMs);
      function done() {
        clearTimeout(timer);
        sleeper = undefined;
        resolve();
      }
      sleeper = done;
    });

  let lastStaleCheck = 0;
  const loop = async () => {
    while (!stopped) {
      pendingWake = false;
      try {
        if (Date.now() - lastStaleCheck > 60_000) {
          lastStaleCheck = Date.now();
          const interrupted = await failStaleJobs(db, filas, staleAfterMs);
          if (interrupted > 0) log?.warn({ interrupted }, 'jobs left running by a stopped process marked ERRO');
        }
        const job = await claimNext(db, filas);
        if (job) {
          const done = await runJob(db, job, handlers[job.fila]);
          if (done.status === 'ERRO') log?.error({ jobId: job.id, fila: job.fila, erro: done.erro }, 'job failed');
          continue;
        }
      } catch (err) {
        if (stopped) break;
        log?.error({ err }, 'job runner could not claim or finish a job');
      }
      await sleep();
    }
  };
  const running = loop();

  return {
    async stop() {
      stopped = true;
      sleeper?.();
      set.delete(wakeUp);
      await running;
    },
  };
}
