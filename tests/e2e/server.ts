import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { NODE_FLAGS } from '../../scripts/nodeProcess';
import { SERVER_BUNDLE } from '../../scripts/serverBundle.mjs';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3310);
export const E2E_URL = `http://localhost:${E2E_PORT}`;
export const E2E_ACCESS_TOKEN_TTL = 20;
/** A stand-in for an external BI tool (relatorios.spec serves it): the origin embedded reports may come from. */
export const E2E_BI_PORT = E2E_PORT + 7;
export const E2E_BI_ORIGIN = `http://127.0.0.1:${E2E_BI_PORT}`;
export const E2E_REPORT_TOKEN_SECRET = 'e2e-report-token-secret-of-32-characters';
const root = path.resolve(import.meta.dirname, '../..');
const results = path.join(root, 'test-results');
// Per port: npm test runs the suite in two shards at once, each with its own server (E2E_PORT).
export const SERVER_LOG = path.join(results, `e2e-server-${E2E_PORT}.log`);
const PID_FILE = path.join(results, `e2e-server-${E2E_PORT}.pid`);

interface ServerOptions {
  port: number;
  dataDir: string;
  log: string;
  env?: Record<string, string>;
  /** `npm start` (build, then serve) as the README says, or only the server bundle the suite's start built. */
  command: 'npm start' | 'server only';
}

export interface ServerHandle {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the portal on a data directory and waits until it answers. */
export async function launch(options: ServerOptions): Promise<ServerHandle> {
  mkdirSync(results, { recursive: true });
  const log = createWriteStream(options.log);
  const [cmd, args] =
    options.command === 'npm start' ? ['npm', ['start']] : [process.execPath, [...NODE_FLAGS, SERVER_BUNDLE]];
  const child = spawn(cmd, args as string[], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      ACCESS_TOKEN_TTL: String(E2E_ACCESS_TOKEN_TTL),
      LOGIN_RATE_LIMIT: '100',
      FORGOT_PASSWORD_RATE_LIMIT: '100',
      // Cheap password hashes, as in the API tests (tests/api/portal.ts): every journey signs in.
      PASSWORD_HASH_COST: '12',
      REPORT_FRAME_ORIGINS: E2E_BI_ORIGIN,
      REPORT_TOKEN_SECRET: E2E_REPORT_TOKEN_SECRET,
      ...options.env,
    },
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const url = `http://localhost:${options.port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      process.kill(-child.pid!, 'SIGTERM');
    });
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}); see ${options.log}`);
    try {
      if ((await fetch(`${url}/portalProperties`)).ok) return { url, child, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await stop();
  throw new Error(`server did not start in time; see ${options.log}`);
}

/**
 * With E2E_DATABASE_URL (a PostgreSQL server; npm test sets it when one answers), the suite's
 * server runs on a fresh database of its own there, as a deployment does: the journeys' requests
 * then run on the server's processes instead of an embedded database in the portal's one thread
 * (which the API tests and the `npm start` tests cover). Without it, on PGlite.
 */
const E2E_DATABASE = `portal_e2e_${E2E_PORT}`;

async function onAdminDatabase(statement: string) {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function freshServerDatabase(): Promise<Record<string, string>> {
  if (!process.env.E2E_DATABASE_URL) return {};
  await onAdminDatabase(`drop database if exists ${E2E_DATABASE} with (force)`);
  await onAdminDatabase(`create database ${E2E_DATABASE}`);
  const url = new URL(process.env.E2E_DATABASE_URL);
  url.pathname = `/${E2E_DATABASE}`;
  return { DATABASE_URL: url.toString(), SEED_DEMO: 'true' };
}

/** Drops the suite's server database (after the server stopped), if it had one. */
export async function dropServerDatabase(): Promise<void> {
  if (process.env.E2E_DATABASE_URL) await onAdminDatabase(`drop database if exists ${E2E_DATABASE} with (force)`);
}

/** The suite's server: `npm start` on a fresh data directory (env: e.g. SMTP_URL of the mailbox). */
export async function startServer(env: Record<string, string> = {}): Promise<void> {
  const dataDir = path.join(root, 'data', `e2e-${E2E_PORT}`);
  rmSync(dataDir, { recursive: true, force: true });
  const database = await freshServerDatabase();
  const server = await launch({
    port: E2E_PORT,
    dataDir,
    log: SERVER_LOG,
    command: 'npm start',
    env: { ...database, ...env },
  });
  writeFileSync(PID_FILE, String(server.child.pid));
}

/** Stops the suite's server and waits (up to 20 s) until its process is gone. */
export async function stopServer(): Promise<void> {
  let pid: number;
  try {
    pid = Number(readFileSync(PID_FILE, 'utf8'));
    process.kill(-pid, 'SIGTERM');
  } catch {
    return; // already stopped
  }
  for (let waited = 0; waited < 20_000; waited += 200) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Lines the suite's server logged so far (pino JSON). */
export function serverLog(): Record<string, unknown>[] {
  return readFileSync(SERVER_LOG, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

export const e2ePaths = { root, results };
