import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { notify } from '../../server/features/notificacoes';
import { genericaBench } from './notificacaoGenerica';
import { countUnseen } from '../../server/features/notificacoes/queries';
import { DEMO, freePort, signIn } from '../../tests/api/portal';
import { seedScale } from '../seed-scale';
import { load, type LoadResult } from './concurrency';
import { percentile, type Row } from './report';
import { sessionOf } from './session';
import { inProcessPortal } from './serverProcess';

// Notifications at national scale (issue #27), on the scale data set (100,000 users):
// - fan-out: one notification to every active user through `notify` (the service every feature
//   uses) against a bare INSERT ... SELECT of the same recipient rows, in the same run;
// - a generic notification sent to a group of ~100,000 users through its send path (the claim,
//   the audience engine, `notify`), against the bare statement (notificacaoGenerica.ts);
// - the bell's unread count with 1,000,000 stored recipient rows: 50 concurrent clients on the
//   portal's /graphql against the same query function behind a bare Fastify route, and one client
//   alone.

const STORED = 10; // notifications to every user: 10 x ~100,000 = ~1,000,000 recipient rows
const COUNT = JSON.stringify({ query: '{ countNotificacoesNaoLidas }' });

export async function notificacoesBench(): Promise<Row[]> {
  const { database, port, config, app } = await inProcessPortal({ SEED_DEMO: 'true', DATABASE_POOL_SIZE: '20' });
  const bare = Fastify();
  const rows: Row[] = [];
  try {
    await app.app.listen({ port, host: '127.0.0.1' });
    const { db } = app.database;
    await seedScale(db);
    const everyone = { usuarios: sql`select id from usuarios where active` };
    const load0 = loadavg()[0];

    // Fan-out, alternated with the bare statement three times; best of each (the machine is shared).
    const viaService: number[] = [];
    const viaBare: number[] = [];
    let reached = 0;
    for (let round = 0; round < 3; round++) {
      let started = performance.now();
      reached = (await notify(db, everyone, { titulo: 'Bench', texto: '<p>Olá {nome}</p>', origem: 'BENCH' }))
        .destinatarios;
      viaService.push(performance.now() - started);
      started = performance.now();
      await db.execute(sql`with n as (insert into notificacoes (titulo, texto, origem) values ('Bare', 'x', 'BENCH') returning id)
        insert into notificacao_destinatarios (usuario_id, notificacao_id) select u.id, n.id from n, usuarios u where u.active`);
      viaBare.push(performance.now() - started);
    }
    const best = (list: number[]) => Math.min(...list);
    rows.push(
      {
        case: `notify to every active user (${reached.toLocaleString('en')} rows)`,
        value: best(viaService),
        unit: 'ms',
        goal: '< 2000',
        note: `${((reached / best(viaService)) * 1000).toFixed(0)} rows/s; runs ${viaService.map((v) => v.toFixed(0)).join(', ')} ms; ${app.database.kind}; load ${load0.toFixed(1)}`,
      },
      {
        case: 'notify / bare INSERT ... SELECT throughput',
        value: best(viaBare) / best(viaService),
        unit: 'x',
        goal: '>= 0.7',
        note: `bare: ${best(viaBare).toFixed(0)} ms (${viaBare.map((v) => v.toFixed(0)).join(', ')})`,
      },
    );

    // A generic notification to ~100,000 users through its send path, beside the bare statement.
    rows.push(...(await genericaBench(db)));

    // At least 1,000,000 stored rows: those sent above plus the rest, set-based.
    const [{ sent }] = (await db.execute<{ sent: number }>(sql`select count(*)::int as sent from notificacoes`)).rows;
    for (let i = Number(sent); i < STORED; i++) {
      await notify(db, everyone, { titulo: `Bench ${i}`, texto: 'x', origem: 'BENCH' });
    }
    await db.execute(sql`vacuum analyze notificacao_destinatarios`);
    const [{ total }] = (
      await db.execute<{ total: number }>(sql`select count(*)::int as total from notificacao_destinatarios`)
    ).rows;

    const portal = { ...app, url: `http://127.0.0.1:${port}`, config };
    const token = (await signIn(portal, DEMO.dealer)).access_token;
    const session = await sessionOf(db, DEMO.dealer);
    bare.get('/count', async () => ({ count: await countUnseen(db, session.usuarioId) }));
    const barePort = await freePort();
    await bare.listen({ port: barePort, host: '127.0.0.1' });
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: COUNT,
    };
    const load1 = loadavg()[0];
    const many = await load(`${portal.url}/graphql`, init);
    const manyBare = await load(`http://127.0.0.1:${barePort}/count`, {});
    const alone = await load(`${portal.url}/graphql`, init, 1, 5);
    const throughput = (r: LoadResult) => r.latencies.length / r.seconds;
    const p95 = (r: LoadResult) => percentile(r.latencies, 95);
    rows.push(
      {
        case: `50 clients, unread count (${total.toLocaleString('en')} stored rows): portal / bare throughput`,
        value: throughput(many) / throughput(manyBare),
        unit: 'x',
        goal: '>= 0.5',
        note: `portal ${throughput(many).toFixed(0)} req/s (${many.errors} errors), bare ${throughput(manyBare).toFixed(0)} req/s; load ${load1.toFixed(1)} / ${cpus().length} CPUs`,
      },
      {
        case: '50 clients, unread count: portal p95 / bare p95',
        value: p95(many) / p95(manyBare),
        unit: 'x',
        goal: '<= 2',
        note: `portal p95 ${p95(many).toFixed(1)} ms, bare p95 ${p95(manyBare).toFixed(1)} ms`,
      },
      {
        case: 'one client, unread count: portal p95',
        value: p95(alone),
        unit: 'ms',
        goal: '< 5',
        note: `p50 ${percentile(alone.latencies, 50).toFixed(2)} ms; ${throughput(alone).toFixed(0)} req/s`,
      },
    );
  } finally {
    await bare.close();
    await app.close();
    await database.drop();
  }
  return rows;
}
