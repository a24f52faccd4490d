import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { loadConfig } from '../../server/config';
import {
  beginSignIn,
  CookieJar,
  DEMO,
  DEMO_PASSWORD,
  fetchWithJar,
  freePort,
  type TestPortal,
} from '../../tests/api/portal';
import { percentile, type Row } from './report';
import { freshDatabase, startServer } from './serverProcess';

// Sign-in under load (security issue, part 4): CONCURRENCY clients each post the embedded
// provider's sign-in form ROUNDS times (a fresh interaction each time; only the POST, which runs
// the scrypt check, is timed), while one client keeps asking for /config.json, a cheap request, to
// see whether hashing stalls the rest of the server. Three clients sign in with the demo password,
// the others with unknown e-mails, which cost the same scrypt (dummy hash). The server runs as
// `npm start` runs it, in its own process, with the sign-in limits raised so that every attempt
// really hashes; once with the default hash gate and once with the gate as wide as libuv's pool.

const CONCURRENCY = 20;
const ROUNDS = 2;
const CHEAP_PAUSE_MS = 10;
const BASELINE_SAMPLES = 200;
const GOAL_CHEAP_P95_MS = 100;

const ms = (value: number) => value.toFixed(0);

/** Resident memory of a process in MiB (Linux): VmHWM is the peak so far, VmRSS the current. */
function memoryMiB(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+) kB`));
  return line ? Number(line[1]) / 1024 : NaN;
}

async function run(gate: number): Promise<Row[]> {
  const database = await freshDatabase();
  const port = await freePort();
  const server = await startServer(port, {
    ...database.env,
    LOGIN_RATE_LIMIT: '100000',
    LOGIN_ACCOUNT_FAILURES: '100000',
    PASSWORD_HASH_CONCURRENCY: String(gate),
  });
  try {
    const config = loadConfig({ PORT: String(port) });
    const portal = { url: server.url, config } as TestPortal;
    const cheap = async () => {
      const started = performance.now();
      const response = await fetch(`${server.url}/config.json`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
      return performance.now() - started;
    };
    const baseline: number[] = [];
    for (let i = 0; i < BASELINE_SAMPLES; i++) baseline.push(await cheap());
    const idlePeak = memoryMiB(server.pid, 'VmHWM');

    const demo = [DEMO.super, DEMO.montadora, DEMO.dealer];
    const attempt = async (client: number) => {
      const jar = new CookieJar();
      const { interactionUrl } = await beginSignIn(portal, jar);
      await fetchWithJar(jar, interactionUrl);
      const [email, password] =
        client < demo.length ? [demo[client], DEMO_PASSWORD] : [`bench-${client}@portal.test`, 'Wrong#password1'];
      const started = performance.now();
      const response = await fetchWithJar(jar, `${interactionUrl}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email, password }).toString(),
      });
      await response.arrayBuffer();
      const expected = client < demo.length ? 303 : 401;
      if (response.status !== expected) throw new Error(`sign-in of ${email} answered ${response.status}`);
      return performance.now() - started;
    };

    const load = loadavg()[0];
    const signIns: number[] = [];
    const underLoad: number[] = [];
    let running = true;
    const cheapLoop = (async () => {
      while (running) {
        underLoad.push(await cheap());
        await new Promise((resolve) => setTimeout(resolve, CHEAP_PAUSE_MS));
      }
    })();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, client) => {
        for (let round = 0; round < ROUNDS; round++) signIns.push(await attempt(client));
      }),
    );
    const wall = performance.now() - started;
    running = false;
    await cheapLoop;

    const label = `sign-in, ${CONCURRENCY} concurrent, hash gate ${gate}`;
    return [
      {
        case: `${label}: sign-in POST p95`,
        value: percentile(signIns, 95),
        unit: 'ms',
        note: `p50 ${ms(percentile(signIns, 50))}, max ${ms(Math.max(...signIns))}; ${signIns.length} attempts in ${(wall / 1000).toFixed(1)} s (${((signIns.length * 1000) / wall).toFixed(2)}/s)`,
      },
      {
        case: `${label}: /config.json p95 meanwhile`,
        value: percentile(underLoad, 95),
        unit: 'ms',
        goal: `< ${GOAL_CHEAP_P95_MS}`,
        note: `p50 ${percentile(underLoad, 50).toFixed(1)}, max ${ms(Math.max(...underLoad))}; ${underLoad.length} samples; idle p95 ${percentile(baseline, 95).toFixed(1)}`,
      },
      {
        case: `${label}: server peak memory`,
        value: Math.round(memoryMiB(server.pid, 'VmHWM')),
        unit: 'MiB',
        note: `peak before the sign-ins (start-up, seed) ${Math.round(idlePeak)}; each scrypt holds 128 MiB; load ${load.toFixed(2)} / ${cpus().length} CPUs at start`,
      },
    ];
  } finally {
    await server.stop();
    await database.drop();
  }
}

/** The default gate (PASSWORD_HASH_CONCURRENCY = min(2, CPUs)) against one as wide as libuv's pool (4). */
export async function signInLoad(): Promise<Row[]> {
  const gates = [...new Set([Math.min(2, cpus().length), 4])];
  const rows: Row[] = [];
  for (const gate of gates) rows.push(...(await run(gate)));
  return rows;
}
