import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3310);
export const E2E_URL = `http://localhost:${E2E_PORT}`;
export const E2E_ACCESS_TOKEN_TTL = 20;
const root = path.resolve(import.meta.dirname, '../..');
export const SERVER_LOG = path.join(root, 'test-results', 'e2e-server.log');
const PID_FILE = path.join(root, 'test-results', 'e2e-server.pid');
const DATA_DIR = path.join(root, 'data', 'e2e');

/** Starts `npm start` on a fresh data directory and waits until it answers. */
export async function startServer(): Promise<void> {
  rmSync(DATA_DIR, { recursive: true, force: true });
  mkdirSync(path.dirname(SERVER_LOG), { recursive: true });
  const log = createWriteStream(SERVER_LOG);
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      DATA_DIR,
      ACCESS_TOKEN_TTL: String(E2E_ACCESS_TOKEN_TTL),
      LOGIN_RATE_LIMIT: '100',
      FORGOT_PASSWORD_RATE_LIMIT: '100',
    },
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  writeFileSync(PID_FILE, String(child.pid));
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}); see ${SERVER_LOG}`);
    try {
      if ((await fetch(`${E2E_URL}/portalProperties`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`server did not start in time; see ${SERVER_LOG}`);
}

export function stopServer(): void {
  try {
    process.kill(-Number(readFileSync(PID_FILE, 'utf8')), 'SIGTERM');
  } catch {
    // already stopped
  }
}

/** Lines the server logged so far (pino JSON), e.g. to read an e-mail kept in the outbox. */
export function serverLog(): Record<string, unknown>[] {
  return readFileSync(SERVER_LOG, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
