import { Agent, request } from 'node:http';
import { Worker } from 'node:worker_threads';
import { cpus, loadavg } from 'node:os';
import { loadConfig } from '../../server/config';
import { DEMO, freePort, signIn, type TestPortal } from '../../tests/api/portal';
import { percentile, type Row } from './report';
import { freshDatabase, startServer } from './serverProcess';

// A cheap query while a refused heavy one is sent in a loop (server/graphql/limits.ts): the portal
// runs as `npm start` runs it, in its own process, on loopback; this process signs in, times the
// cheap query idle, then again while ATTACKERS client(s) send 5,000 aliases of i18nLabels back to
// back (each document different, so Yoga's parse cache does not help), for a fixed time. The
// attackers run in a worker thread, so their own work does not delay this thread's timing of the
// cheap query: what is measured is the server's slowdown.

const CHEAP = 'query { usuarioLogado { id nome email } }';
const ALIASES = 5000;
const ATTACKERS = 1;
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

    const attackStarted = performance.now();
    const attack = startAttack(url);
    let underAttack: number[];
    let refused: AttackReport;
    try {
      underAttack = await sample();
    } finally {
      refused = await attack.stop();
    }
    const { refusedTimes, refusedBy } = refused;
    if (refused.failure) throw new Error(refused.failure);
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
        note: `p50 ${ms(percentile(refusedTimes, 50))}; ${refusedTimes.length} refused in ${attackSeconds.toFixed(1)} s (${Math.round(refusedTimes.length / attackSeconds)}/s), body ${Math.round(refused.bodyBytes / 1024)} KB, refused by ${refusedBy.join(', ')}`,
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

interface AttackReport {
  refusedTimes: number[];
  refusedBy: string[];
  bodyBytes: number;
  failure?: string;
}

/**
 * The attack, as plain JavaScript for a worker thread: the heavy document numbered per request
 * (`query Q<n> { a0: i18nLabels { key value } ... }`), its tail built once as bytes, sent back to
 * back by ATTACKERS loops until the main thread says stop; then the refusal times and keys are
 * posted back.
 */
const ATTACK_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, aliases, attackers } = workerData;
const tail = '{ ' + Array.from({ length: aliases }, (_, i) => 'a' + i + ': i18nLabels { key value }').join(' ') + ' }';
const tailBytes = Buffer.from(JSON.stringify(' ' + tail).slice(1) + '}');
let sent = 0;
let stop = false;
let failure;
const refusedTimes = [];
const refusedBy = new Set();
parentPort.on('message', () => { stop = true; });
async function attacker() {
  while (!stop && !failure) {
    const body = Buffer.concat([Buffer.from('{"query":"query Q' + sent++), tailBytes]);
    const t = performance.now();
    const response = await fetch(url + '/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const result = await response.json();
    refusedTimes.push(performance.now() - t);
    const key = result.errors && result.errors[0] && result.errors[0].extensions && result.errors[0].extensions.messageKey;
    refusedBy.add(key || '');
    if (!key || !key.startsWith('errors.limits.')) failure = 'the heavy query was not refused: ' + JSON.stringify(result).slice(0, 300);
  }
}
Promise.all(Array.from({ length: attackers }, attacker)).then(
  () => parentPort.postMessage({ refusedTimes, refusedBy: [...refusedBy], bodyBytes: tailBytes.length, failure }),
  (error) => parentPort.postMessage({ refusedTimes, refusedBy: [...refusedBy], bodyBytes: tailBytes.length, failure: String(error) }),
);
`;

function startAttack(url: string) {
  const worker = new Worker(ATTACK_SOURCE, {
    eval: true,
    workerData: { url, aliases: ALIASES, attackers: ATTACKERS },
  });
  const report = new Promise<AttackReport>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const result = await report;
      await worker.terminate();
      return result;
    },
  };
}
