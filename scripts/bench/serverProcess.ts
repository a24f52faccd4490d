import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { freePort } from '../../tests/api/portal';
import { typescriptEntry } from '../../scripts/nodeProcess';

/**
 * The PostgreSQL server of the parts that run on PGlite and on PostgreSQL in the same run:
 * BENCH_POSTGRES_URL, else DATABASE_URL, else a local server (skipped when none answers).
 */
export const BENCH_POSTGRES_URL =
  process.env.BENCH_POSTGRES_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface RunningServer {
  url: string;
  startMs: number;
  /** The server's process id (e.g. to read its peak memory in /proc). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * A fresh database for one server run: a new PostgreSQL database on the server of `adminUrl`
 * (DATABASE_URL unless given; null for none), or a new PGlite directory.
 */
export async function freshDatabase(
  adminUrl: string | null | undefined = process.env.DATABASE_URL,
): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (!adminUrl) {
    const dir = path.resolve('data', `bench-${randomBytes(4).toString('hex')}`);
    return {
      env: { DATA_DIR: dir, SEED_DEMO: 'true' },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `portal_bench_${randomBytes(4).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    // The benchmarks sign in as the demo users: a PostgreSQL server gets them only when asked.
    env: { DATABASE_URL: url.toString(), DATA_DIR: path.resolve('data', name), SEED_DEMO: 'true' },
    drop: () => run(`drop database if exists ${name} with (force)`),
  };
}

/**
 * The portal in the bench's own process on a fresh database and a free port (not listening yet),
 * with what the in-process parts share: no client build, quiet logs, hour-long tokens. On the
 * PostgreSQL server of `postgresUrl` (DATABASE_URL unless given; null for PGlite).
 */
export async function inProcessPortal(env: Record<string, string> = {}, postgresUrl?: string | null) {
  const database = await freshDatabase(postgresUrl);
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    SERVE_CLIENT: 'false',
    LOG_LEVEL: 'warn',
    ACCESS_TOKEN_TTL: '3600',
    ...env,
    ...database.env,
  });
  return { database, port, config, app: await buildApp(config) };
}

/**
 * Spawns the server as main.ts runs it (or through `npm start`, as the README starts it: the
 * front-end build check, then the same command) and measures the time until it answers.
 */
export async function startServer(
  port: number,
  env: Record<string, string>,
  how: 'node' | 'npm start' = 'node',
): Promise<RunningServer> {
  const started = performance.now();
  const [command, entryArgs] = how === 'npm start' ? ['npm', ['start', '--silent']] : typescriptEntry('server/main.ts');
  // BENCH_SERVER_FLAGS: Node flags for the server process only (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`
  // to profile it while a part runs, or --trace-gc; Node refuses --cpu-prof in NODE_OPTIONS).
  const extra = how === 'node' ? (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean) : [];
  const args = [...extra, ...entryArgs];
  const child: ChildProcess = spawn(command, args, {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...env },
    // With flags of its own (e.g. --trace-gc), what the server prints is shown.
    stdio: ['ignore', extra.length ? 'inherit' : 'ignore', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/portalProperties`)).ok) break;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const startMs = performance.now() - started;
  return {
    url,
    startMs,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
