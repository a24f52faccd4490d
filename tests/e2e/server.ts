import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { NODE_FLAGS } from '../../scripts/nodeProcess';
import { SERVER_BUNDLE } from '../../scripts/serverBundle.mjs';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3310);
export const E2E_URL = `http://localhost:${E2E_PORT}`;
export const E2E_ACCESS_TOKEN_TTL = 20;
const root = path.resolve(import.meta.dirname, '../..');
const results = path.join(root, 'test-results');
export const SERVER_LOG = path.join(results, 'e2e-server.log');
const PID_FILE = path.join(results, 'e2e-server.pid');

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

/** The suite's server: `npm start` on a fresh data directory (env: e.g. SMTP_URL of the mailbox). */
export async function startServer(env: Record<string, string> = {}): Promise<void> {
  const dataDir = path.join(root, 'data', 'e2e');
  rmSync(dataDir, { recursive: true, force: true });
  const server = await launch({ port: E2E_PORT, dataDir, log: SERVER_LOG, command: 'npm start', env });
  writeFileSync(PID_FILE, String(server.child.pid));
}

export function stopServer(): void {
  try {
    process.kill(-Number(readFileSync(PID_FILE, 'utf8')), 'SIGTERM');
  } catch {
    // already stopped
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
