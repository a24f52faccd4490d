import { Agent, request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { loadConfig } from '../../server/config';
import { DEMO, freePort, signIn, type TestPortal } from '../../tests/api/portal';
import { percentile, type Row } from './report';
import { freshDatabase, startServer } from './serverProcess';

// A cheap query while a refused heavy one is sent in a loop (server/graphql/limits.ts): the portal
// runs as `npm start` runs it, in its own process, on loopback; this process signs in, times the
// cheap query idle, then again while ATTACKERS clients send 5,000 aliases of i18nLabels back to
// back (each document different, so Yoga's parse cache does not help), for a fixed time.

const CHEAP = 'query { usuarioLogado { id nome email } }';
const ALIASES = 5000;
const ATTACKERS = 2;
const GOAL_RATIO = 1.5;
const WARMUP = 50;
const SAMPLES = 400;
/** Longest a phase may sample for; the attack stops with it. */
const PHASE_BUDGET_MS = 15_000;

const ms = (value: number) => value.toFixed(1);

export async function refusedQueryLimits(): Promise<Row[]> {
  const database = await freshDatabase();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await startServer(port, {
    ...database.env,
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    SERVE_CLIENT: 'false',
  });
  const rows: Row[] = [];
  try {
    const config = loadConfig({ PORT: String(port), PUBLIC_URL: url });
    const token = (await signIn({ url, config } as TestPortal, DEMO.super)).access_token;
    const cheapBody = JSON.stringify({ query: CHEAP });
    // Other users come from other addresses than the attackers: 127.0.0.2 (loopback all the same).
    const otherUser = new Agent({ keepAlive: true, localAddress: '127.0.0.2' });
    const cheap = async () => {
      const text = await new Promise<string>((resolve, reject) => {
        const req = request(
          `${url}/graphql`,
          {
            method: 'POST',
            agent: otherUser,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve(Buffer.concat(chunks).toString()));
          },
        );
        req.on('error', reject);
        req.end(cheapBody);
      });
      const result = JSON.parse(text) as { data?: unknown; errors?: unknown };
      if (!result.data) throw new Error(`cheap query failed: ${JSON.stringify(result.errors)}`);
    };
    const sample = async () => {
      for (let i = 0; i < WARMUP; i++) await cheap();
      const times: number[] = [];
      const started = performance.now();
      while (times.length < SAMPLES && performance.now() - started < PHASE_BUDGET_MS) {
        const t = performance.now();
        await cheap();
        times.push(performance.now() - t);
      }
      return times;
    };

    const load = loadavg()[0];
    const idle = await sample();

    // The heavy document, numbered per request: `query Q<n> { a0: i18nLabels { key value } ... }`.
    // The body is built from bytes made once, so the attackers cost this process (which also times
    // the cheap query) a copy rather than a JSON.stringify of 150 KB.
    const tail = `{ ${Array.from({ length: ALIASES }, (_, i) => `a${i}: i18nLabels { key value }`).join(' ')} }`;
    const tailBytes = Buffer.from(`${JSON.stringify(` ${tail}`).slice(1)}}`);
    let sent = 0;
    let stop = false;
    const refusedTimes: number[] = [];
    const refusedBy = new Set<string>();
    const attacker = async () => {
      while (!stop) {
        const body = Buffer.concat([Buffer.from(`{"query":"query Q${sent++}`), tailBytes]);
        const t = performance.now();
        const response = await fetch(`${url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        const result = (await response.json()) as { errors?: { extensions?: { messageKey?: string } }[] };
        refusedTimes.push(performance.now() - t);
        const key = result.errors?.[0]?.extensions?.messageKey;
        refusedBy.add(key ?? '');
        if (!key?.startsWith('errors.limits.')) {
          throw new Error(`the heavy query was not refused: ${JSON.stringify(result).slice(0, 300)}`);
        }
      }
    };
    const attackStarted = performance.now();
    const attackers = Array.from({ length: ATTACKERS }, attacker);
    let underAttack: number[];
    try {
      underAttack = await sample();
    } finally {
      stop = true;
      await Promise.all(attackers);
    }
    const attackSeconds = (performance.now() - attackStarted) / 1000;

    const idleP95 = percentile(idle, 95);
    const attackP95 = percentile(underAttack, 95);
    rows.push(
      {
        case: 'cheap query (usuarioLogado), idle: p95',
        value: idleP95,
        unit: 'ms',
        note: `p50 ${ms(percentile(idle, 50))}, max ${ms(Math.max(...idle))}; ${idle.length} samples`,
      },
      {
        case: `cheap query while ${ATTACKERS} clients send ${ALIASES.toLocaleString('en')} aliases: p95`,
        value: attackP95,
        unit: 'ms',
        note: `p50 ${ms(percentile(underAttack, 50))}, max ${ms(Math.max(...underAttack))}; ${underAttack.length} samples`,
      },
      {
        case: 'cheap query p95, under refused load / idle',
        value: attackP95 / idleP95,
        unit: 'x',
        goal: `<= ${GOAL_RATIO}`,
      },
      {
        case: `refused ${ALIASES.toLocaleString('en')}-alias query: p95`,
        value: percentile(refusedTimes, 95),
        unit: 'ms',
        note: `p50 ${ms(percentile(refusedTimes, 50))}; ${refusedTimes.length} refused in ${attackSeconds.toFixed(1)} s (${Math.round(refusedTimes.length / attackSeconds)}/s), body ${Math.round(tail.length / 1024)} KB, refused by ${[...refusedBy].join(', ')}`,
      },
      {
        case: 'limits: machine load when it started',
        value: load,
        unit: `/ ${cpus().length} CPUs`,
        note: '1-min load average; the server, this client and the attackers share the machine',
      },
    );
  } finally {
    await server.stop();
    await database.drop();
  }
  return rows;
}
