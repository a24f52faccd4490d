import { cpus, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import Fastify from 'fastify';
import { dealerFilterSchema } from '../../domain/schemas/dealer';
import { listDealers } from '../../server/features/dealers/queries';
import { DEMO, freePort, signIn } from '../../tests/api/portal';
import { seedScale } from '../seed-scale';
import { percentile, type Row } from './report';
import { sessionOf } from './session';
import { inProcessPortal } from './serverProcess';

// 50 concurrent clients on the dealers list (issue #11): the portal's /graphql (token, session,
// GraphQL, scope) against the very same query function behind a bare Fastify route on the same
// database, in the same run. The clients run in a worker thread, so they do not share the
// server's event loop.

const CLIENTS = 50;
const SECONDS = 10;
const QUERY = `query($f: DealerFilterInput!) { dealers(filterInput: $f) { content { id nomeExibicao cidade marcas { nome } } totalElements } }`;

export interface LoadResult {
  latencies: number[];
  errors: number;
  seconds: number;
}

/** `clients` loops sending the request back to back for `seconds`, from a worker thread. */
export function load(url: string, init: RequestInit, clients = CLIENTS, seconds = SECONDS): Promise<LoadResult> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const { url, init, clients, seconds } = workerData;
    const latencies = []; let errors = 0;
    const end = performance.now() + seconds * 1000;
    const loop = async () => {
      while (performance.now() < end) {
        const t = performance.now();
        try { const r = await fetch(url, init); await r.arrayBuffer(); if (!r.ok) errors++; } catch { errors++; }
        latencies.push(performance.now() - t);
      }
    };
    const started = performance.now();
    Promise.all(Array.from({ length: clients }, loop)).then(() =>
      parentPort.postMessage({ latencies, errors, seconds: (performance.now() - started) / 1000 }));
  `;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: { url, init, clients, seconds } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

export async function concurrentClients(): Promise<Row[]> {
  const { database, port, config, app } = await inProcessPortal({ SEED_DEMO: 'true', DATABASE_POOL_SIZE: '20' });
  const bare = Fastify();
  const rows: Row[] = [];
  try {
    await app.app.listen({ port, host: '127.0.0.1' });
    const { db } = app.database;
    await seedScale(db);
    const portal = { ...app, url: `http://127.0.0.1:${port}`, config };
    const token = (await signIn(portal, DEMO.montadora)).access_token;
    const session = await sessionOf(db, DEMO.montadora);
    const filterInput = { busca: 'Campinas', page: 0, rowsPerPage: 10 };
    const filter = dealerFilterSchema.parse(filterInput);
    bare.get('/dealers', async () => listDealers(db, session, filter));
    const barePort = await freePort();
    await bare.listen({ port: barePort, host: '127.0.0.1' });

    const load1 = loadavg()[0];
    const viaPortal = await load(`${portal.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: QUERY, variables: { f: filterInput } }),
    });
    const viaBare = await load(`http://127.0.0.1:${barePort}/dealers`, {});
    const throughput = (r: LoadResult) => r.latencies.length / r.seconds;
    const p99 = percentile(viaPortal.latencies, 99);
    rows.push(
      {
        case: `${CLIENTS} clients, dealers list (MONTADORA, search): portal p99`,
        value: p99,
        unit: 'ms',
        goal: '< 100',
        note: `p50 ${percentile(viaPortal.latencies, 50).toFixed(1)}; ${throughput(viaPortal).toFixed(0)} req/s; ${viaPortal.errors} errors; ${app.database.kind}`,
      },
      {
        case: `${CLIENTS} clients: portal / bare Fastify throughput`,
        value: throughput(viaPortal) / throughput(viaBare),
        unit: 'x',
        goal: '>= 0.5',
        note: `bare route: ${throughput(viaBare).toFixed(0)} req/s, p99 ${percentile(viaBare.latencies, 99).toFixed(1)} ms; load ${load1.toFixed(1)} / ${cpus().length} CPUs`,
      },
    );
  } finally {
    await bare.close();
    await app.close();
    await database.drop();
  }
  return rows;
}
