import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMPEZA_LOGS_FILA } from '../../domain/schemas/superAdmin';
import * as s from '../../server/db/schema';
import type { LogPruneResult } from '../../server/features/logs/service';
import { jobQueueOf } from '../../server/jobs';
import { runQueued } from './jobs';
import { DEMO, gql, signIn, startPortal, type TestPortal } from './portal';

// The daily log clean-up (queue limpezaLogs): events received before the retention go, in batches;
// then the streams older than the retention left with no event, then the groups left with no
// stream. A stream with a recent event, and a stream or group younger than the retention, stay.

let portal: TestPortal;
let db: TestPortal['database']['db'];
let staff: string;
const CRON = '0 0 1 1 *';
const KEY = 'test-key';

beforeAll(async () => {
  // A schedule that cannot tick during the test: only the run the test queues happens.
  portal = await startPortal({ LOG_API_KEY: KEY, LOG_PRUNE_CRON: CRON, LOG_RETENTION_DAYS: '30' });
  db = portal.database.db;
  staff = (await signIn(portal, DEMO.super)).access_token;
});
afterAll(() => portal?.close());

async function post(path: string, body: unknown) {
  const response = await fetch(`${portal.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'api-key': KEY },
    body: JSON.stringify(body),
  });
  expect(response.ok).toBe(true);
}

/** Sends `n` events to a stream through /sendLogs (which creates the group and stream). */
const send = (grupo: string, stream: string, n: number) =>
  post('/sendLogs', {
    logGroupName: grupo,
    logStreamName: stream,
    logs: Array.from({ length: n }, (_, i) => ({ type: 'info', message: `${stream} ${i}` })),
  });

/** Sets a stream's events (all, or the first `n` by id) received `days` ago. */
async function receivedAgo(grupo: string, stream: string, days: number, n?: number) {
  await db.execute(sql`
    update log_eventos set recebido_em = now() - make_interval(days => ${days}::int)
    where id in (select id from log_eventos where grupo = ${grupo} and stream = ${stream}
      order by id limit ${n ?? null})`);
}

/** Sets a group and its streams created `days` ago. */
async function createdAgo(grupo: string, days: number) {
  const when = sql`now() - make_interval(days => ${days}::int)`;
  await db.update(s.logGrupos).set({ createdAt: when }).where(eq(s.logGrupos.nome, grupo));
  await db.update(s.logStreams).set({ createdAt: when }).where(eq(s.logStreams.grupo, grupo));
}

const eventsOf = async (grupo: string, stream: string) =>
  (
    await db
      .select({ mensagem: s.logEventos.mensagem })
      .from(s.logEventos)
      .where(and(eq(s.logEventos.grupo, grupo), eq(s.logEventos.stream, stream)))
      .orderBy(s.logEventos.id)
  ).map((e) => e.mensagem);

describe('the log clean-up', () => {
  it('removes the events past the retention, then the streams and groups left empty, and keeps the rest', async () => {
    // A group all old: one stream with more events than a batch (written in SQL), another with two.
    await send('app-velho', 'velho-1', 1);
    await db.execute(sql`
      insert into log_eventos (grupo, stream, tipo, mensagem, timestamp)
      select 'app-velho', 'velho-1', 'info', 'lote ' || n, now() from generate_series(1, 600) n`);
    await receivedAgo('app-velho', 'velho-1', 31);
    await send('app-velho', 'velho-2', 2);
    await receivedAgo('app-velho', 'velho-2', 40);
    await createdAgo('app-velho', 45);
    // An old group with a stream all old and a stream whose newer event keeps it (and its group).
    await send('app-misto', 'misto-velho', 1);
    await receivedAgo('app-misto', 'misto-velho', 31);
    await send('app-misto', 'misto-ativo', 3);
    await receivedAgo('app-misto', 'misto-ativo', 29, 2);
    await receivedAgo('app-misto', 'misto-ativo', 31, 1);
    await createdAgo('app-misto', 45);
    // Old streams with no event, in a young group and in an old one; a young stream with no event.
    await post('/createGroupAndLogStream', { logGroupName: 'app-novo', logStreamName: 'novo-vazio' });
    await post('/createGroupAndLogStream', { logGroupName: 'app-novo', logStreamName: 'novo-velho-vazio' });
    await db
      .update(s.logStreams)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(eq(s.logStreams.nome, 'novo-velho-vazio'));
    await post('/createGroupAndLogStream', { logGroupName: 'app-esquecido', logStreamName: 'esquecido' });
    await createdAgo('app-esquecido', 31);

    const { resultado } = await runQueued(db, LIMPEZA_LOGS_FILA);
    expect(resultado as LogPruneResult).toEqual({
      eventosRemovidos: 601 + 2 + 1 + 1,
      streamsRemovidos: 5,
      gruposRemovidos: 2,
    });

    expect(await eventsOf('app-velho', 'velho-1')).toEqual([]);
    expect(await eventsOf('app-velho', 'velho-2')).toEqual([]);
    expect(await eventsOf('app-misto', 'misto-velho')).toEqual([]);
    expect(await eventsOf('app-misto', 'misto-ativo')).toEqual(['misto-ativo 1', 'misto-ativo 2']);
    const streams = await db
      .select({ grupo: s.logStreams.grupo, nome: s.logStreams.nome })
      .from(s.logStreams)
      .orderBy(s.logStreams.grupo, s.logStreams.nome);
    expect(streams).toEqual([
      { grupo: 'app-misto', nome: 'misto-ativo' },
      { grupo: 'app-novo', nome: 'novo-vazio' },
    ]);
    const grupos = await db.select({ nome: s.logGrupos.nome }).from(s.logGrupos).orderBy(s.logGrupos.nome);
    expect(grupos.map((g) => g.nome)).toEqual(['app-misto', 'app-novo']);

    // The super-admin page shows the run and its counts.
    const latest = await gql<{ ultimosJobs: { fila: string; resultado: string }[] }>(
      portal,
      '{ ultimosJobs { fila resultado } }',
      {},
      staff,
    );
    const shown = latest.data!.ultimosJobs.find((j) => j.fila === LIMPEZA_LOGS_FILA);
    expect(JSON.parse(shown!.resultado)).toEqual(resultado);

    // Nothing left past the retention: the next run removes nothing.
    expect((await runQueued(db, LIMPEZA_LOGS_FILA)).resultado).toEqual({
      eventosRemovidos: 0,
      streamsRemovidos: 0,
      gruposRemovidos: 0,
    });
  });

  it('is scheduled on pg-boss with LOG_PRUNE_CRON', async () => {
    const schedules = await jobQueueOf(db).boss.getSchedules();
    expect(schedules.find((x) => x.name === LIMPEZA_LOGS_FILA)?.cron).toBe(CRON);
  });
});
