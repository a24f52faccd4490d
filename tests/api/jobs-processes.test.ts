import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { jobs } from '../../server/db/schema';
import { startJobs, type JobQueue } from '../../server/jobs';
import { createTestDatabase, reachable } from './portal';
import { typescriptEntry } from '../../scripts/nodeProcess';

// pg-boss shared by several portal processes on one PostgreSQL database: each "process" here has its
// own pools (the portal's and pg-boss's), as separate processes would; the crash case runs a real
// child process and kills it. Skipped when no PostgreSQL server answers (CI has one).

const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Run {
  instance: string;
  id: number;
  bossId: string;
}

// Run in the PostgreSQL pass of the suite (DATABASE_URL set) only: the PGlite pass would repeat it.
describe.skipIf(!process.env.DATABASE_URL || !(await reachable(adminUrl)))(
  'jobs shared by several processes on one PostgreSQL database',
  () => {
    let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
    const instances: { name: string; database: Database; queue: JobQueue }[] = [];
    const extraQueues: JobQueue[] = [];
    const counted: Run[] = [];
    const ticks: Run[] = [];

    async function start(name: string) {
      const database = await openDatabase({ databaseUrl: testDb.url, pgliteDir: 'memory://', poolSize: 3 });
      const queue = await startJobs(database, {
        register: false,
        pollingIntervalSeconds: 0.5,
        // Cron passes, supervision and expiry checks every second, so ticks and lost heartbeats show at once.
        boss: {
          cronMonitorIntervalSeconds: 1,
          cronWorkerIntervalSeconds: 1,
          superviseIntervalSeconds: 1,
          monitorIntervalSeconds: 1,
        },
        handlers: {
          contagem: async ({ job }) => {
            counted.push({ instance: name, id: job.id, bossId: job.bossId! });
            await sleep(20);
            return null;
          },
          relogio: {
            cron: '* * * * *',
            handler: async ({ job }) => {
              ticks.push({ instance: name, id: job.id, bossId: job.bossId! });
              return { instance: name };
            },
          },
        },
      });
      const instance = { name, database, queue };
      instances.push(instance);
      return instance;
    }

    beforeAll(async () => {
      testDb = await createTestDatabase(adminUrl);
      // Both start at once: migrations and pg-boss's schema install wait for each other on the lock.
      await Promise.all([start('a'), start('b')]);
    });
    afterAll(async () => {
      for (const queue of extraQueues) await queue.stop();
      for (const { queue, database } of instances.reverse()) {
        await queue.stop();
        await database.close();
      }
      await testDb?.drop();
    });

    it('gives each queued job to exactly one process', async () => {
      const [a, b] = instances;
      const queued = [];
      for (let i = 0; i < 20; i++) queued.push(await (i % 2 ? a : b).queue.enqueue('contagem', { i }, null));
      const deadline = Date.now() + 30_000;
      while (counted.length < queued.length && Date.now() < deadline) await sleep(100);
      await sleep(1500); // a second delivery, if there were one, would show up by now
      expect(counted.map((r) => r.id).sort((x, y) => x - y)).toEqual(queued.map((j) => j.id));
      const rows = await a.database.db.select().from(jobs).where(eq(jobs.fila, 'contagem'));
      expect(rows.every((r) => r.status === 'CONCLUIDO' && r.tentativas === 1)).toBe(true);
    });

    it('retries a job whose process was killed mid-run in another process, within a bounded time', async () => {
      const [a] = instances;
      const child: ChildProcess = spawn(
        ...typescriptEntry(fileURLToPath(new URL('./job-worker.ts', import.meta.url))),
        { env: { ...process.env, DATABASE_URL: testDb.url }, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const lines: string[] = [];
      child.stdout!.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n')));
      const waitFor = async (line: string) => {
        const deadline = Date.now() + 60_000;
        while (!lines.includes(line)) {
          if (Date.now() > deadline || child.exitCode !== null) throw new Error(`worker never said ${line}`);
          await sleep(50);
        }
      };
      try {
        await waitFor('ready');
        const job = await a.queue.enqueue('pendurado', {}, null);
        await waitFor('running');
        const [running] = await a.database.db.select().from(jobs).where(eq(jobs.id, job.id));
        expect(running).toMatchObject({ status: 'EXECUTANDO', processados: 1, tentativas: 1 });

        child.kill('SIGKILL');
        const killedAt = Date.now();
        // A surviving process works the queue from now on.
        const survivor = await startJobs(a.database, {
          register: false,
          pollingIntervalSeconds: 0.5,
          boss: { superviseIntervalSeconds: 1, monitorIntervalSeconds: 1 },
          handlers: { pendurado: { heartbeatSeconds: 10, handler: async () => ({ retomado: true }) } },
        });
        extraQueues.push(survivor);
        let row = running;
        while (row.status !== 'CONCLUIDO' && Date.now() - killedAt < 60_000) {
          await sleep(200);
          [row] = await a.database.db.select().from(jobs).where(eq(jobs.id, job.id));
        }
        expect(row).toMatchObject({ status: 'CONCLUIDO', tentativas: 2, resultado: { retomado: true } });
        // 10 s without a heartbeat, then the next supervision pass and the retry delay.
        expect(Date.now() - killedAt).toBeLessThan(30_000);
      } finally {
        child.kill('SIGKILL');
      }
    }, 120_000);

    it('runs a cron schedule exactly once per tick, whichever process sends it', async () => {
      const [a] = instances;
      // `* * * * *`: one tick a minute; wait for two, then a little more for a duplicate to show up.
      const deadline = Date.now() + 150_000;
      while (ticks.length < 2 && Date.now() < deadline) await sleep(250);
      await sleep(3000);
      expect(ticks.length).toBeGreaterThanOrEqual(2);
      // One run per tick: pg-boss files each tick under its minute slot (a job of its send-it queue
      // naming the slot) and forwards it to our queue; as many runs as slots, whichever process's
      // clock pass filed them. (When the run's job is created says nothing: under load one forward
      // can carry two slots, so two ticks' jobs are created in the same minute.)
      const client = new pg.Client({ connectionString: testDb.url });
      await client.connect();
      const { rows: slots } = await client
        .query<{ slot: string }>(
          `select distinct data->>'slot' as slot from pgboss.job
            where name = '__pgboss__send-it' and data->>'name' = 'relogio'`,
        )
        .finally(() => client.end());
      expect(slots.length).toBe(ticks.length);
      expect(new Set(ticks.map((t) => t.id)).size).toBe(ticks.length);
      const rows = await a.database.db.select().from(jobs).where(eq(jobs.fila, 'relogio'));
      expect(rows.filter((r) => r.status === 'CONCLUIDO')).toHaveLength(ticks.length);
      expect(rows.every((r) => r.autorId === null && r.tentativas === 1)).toBe(true);
    }, 180_000);
  },
);
