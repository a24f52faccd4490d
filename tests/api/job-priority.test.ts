import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { isBackground } from '../../server/db/priority';
import { jobs } from '../../server/db/schema';
import { startJobs, type JobQueue, type JobRow } from '../../server/jobs';

// The embedded database has one connection (issue #25): a statement of a request goes before the
// statements a job queued earlier, and the job's work still completes, even while requests keep
// coming. The job runner marks its runs as background work; nothing else is marked here.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(Boolean(process.env.DATABASE_URL))('requests before jobs on the embedded database', () => {
  let database: Database;
  let queue: JobQueue;
  const order: string[] = [];
  const seenInJob: boolean[] = [];
  let releaseHold!: () => void;
  let jobQueued!: () => void;
  const queuedInJob = new Promise<void>((resolve) => (jobQueued = resolve));

  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    queue = await startJobs(database, {
      register: false,
      pollingIntervalSeconds: 0.5,
      handlers: {
        // A transaction of the job holds the connection while three more of its statements queue.
        prioridade: async ({ db }) => {
          seenInJob.push(isBackground());
          const hold = new Promise<void>((resolve) => (releaseHold = resolve));
          let holding!: () => void;
          const held = new Promise<void>((resolve) => (holding = resolve));
          const transaction = db.transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            holding();
            await hold;
          });
          await held;
          const steps = [1, 2, 3].map((n) =>
            db.execute(sql`select ${n}::int as n`).then(() => void order.push(`job ${n}`)),
          );
          jobQueued();
          await transaction;
          await Promise.all(steps);
          return { steps: steps.length };
        },
        // Many short statements, as a job in short transactions runs.
        passos: async ({ db }) => {
          for (let i = 0; i < 20; i++) await db.execute(sql`select ${i}::int`);
          return { passos: 20 };
        },
      },
    });
  });
  afterAll(async () => {
    await queue?.stop();
    await database?.close();
  });

  async function finished(id: number): Promise<JobRow> {
    for (let waited = 0; waited < 20_000; waited += 50) {
      const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
      if (row.status === 'CONCLUIDO' || row.status === 'ERRO') return row;
      await sleep(50);
    }
    throw new Error(`job ${id} did not finish`);
  }

  it('runs a request statement before the job statements queued earlier, then the job completes', async () => {
    const job = await queue.enqueue('prioridade', {}, null);
    await queuedInJob;
    // Background statements take a turn of the event loop before they queue.
    await sleep(10);
    expect(database.gate.waiting).toEqual({ interactive: 0, background: 3 });
    const request = database.db.execute(sql`select 'request'`).then(() => void order.push('request'));
    await sleep(10);
    expect(database.gate.waiting).toEqual({ interactive: 1, background: 3 });
    releaseHold();
    await request;
    const row = await finished(job.id);
    expect(order).toEqual(['request', 'job 1', 'job 2', 'job 3']);
    expect(row).toMatchObject({ status: 'CONCLUIDO', resultado: { steps: 3 } });
    expect(seenInJob).toEqual([true]);
  });

  it('still completes a job while requests are in flight the whole time', async () => {
    // A request that stays in flight, and another statement every few milliseconds.
    const ended = database.gate.requestStarted();
    let stop = false;
    const requests = (async () => {
      let n = 0;
      while (!stop) {
        await database.db.execute(sql`select 1`);
        n++;
        await sleep(2);
      }
      return n;
    })();
    try {
      const job = await queue.enqueue('passos', {}, null);
      const row = await finished(job.id);
      expect(row).toMatchObject({ status: 'CONCLUIDO', resultado: { passos: 20 } });
      expect(database.gate.stats.backgroundForced).toBeGreaterThan(0);
    } finally {
      stop = true;
      ended();
    }
    expect(await requests).toBeGreaterThan(10);
  });
});
