import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { OPERATIONS } from '../../domain/operations';
import { envioFilterSchema } from '../../server/features/comunicados/leitura';
import { envios } from '../../server/features/comunicados/leituraQueries';
import { figuras, leiturasPorTempo, NIVEIS_ROLLUP, rollup } from '../../server/features/comunicados/dashboardQueries';
import { DEMO, reachable, signIn } from '../../tests/api/portal';
import { seedScale } from '../seed-scale';
import { apiVersusDirect, graphqlCaller, printTable, sampleInterleaved, type Row } from './report';
import { envioBench } from './comunicadoEnvio';
import { relatorioAlcanceBench } from './relatorioAlcance';
import { buildApp } from '../../server/app';
import { BENCH_POSTGRES_URL, inProcessPortal } from './serverProcess';
import { sessionOf } from './session';

// Announcements read at national scale (issue #28), on the scale data set (100,000 users) plus,
// set-based (generate_series, INSERT ... SELECT): 5,000 sent announcements all delivered to the
// demo dealer user, the oldest ~50 also to every other active user (5,000,000 deliveries in all),
// 40% of the newest big one read (a tenth of those confirmed) over three days.
// (a) the reader's inbox, first page of 10 and the total (5,000), through the API against the
//     same query function called directly;
// (b) the dashboard of the announcement with ~100,000 deliveries: its roll-up by brand, dealer group
//     and dealer, and its figures, through the API against the same SQL called directly;
// (c) one announcement sent to ~100,000 users through its send path against a bare INSERT ... SELECT
//     of the same rows (comunicadoEnvio.ts);
// (d) a manufacturer's announcement-reach report over all of it (relatorioAlcance.ts);
// (e) the dashboard's export of the unread recipients of the ~100,000-delivery announcement.
// On the database of the run (DATABASE_URL, else PGlite), then on the other (PostgreSQL: the server
// of BENCH_POSTGRES_URL, skipped when none answers), as the dealers part.

const GOAL_INBOX_MS = 20;
const GOAL_ROLLUP_MS = 150;
const GOAL_RATIO = 2;
const WARMUP = 10;
const MIN_SAMPLES = 30;
const CASE_BUDGET_MS = 8_000;
const LEITOR_COMUNICADOS = 5_000;
/** Deliveries in all: the reader's plus enough big announcements to every other active user. */
const TOTAL_ENVIOS = 5_000_000;

const { envios: ENVIOS_OP, rollup: ROLLUP_OP, dashboard: DASHBOARD_OP } = OPERATIONS.comunicados.queries;
const INBOX = `query($f: ComunicadoEnvioFilterInput) { comunicadoEnvios(filterInput: $f) { ${ENVIOS_OP.fields} } }`;
const ROLLUP = `query($id: ID!, $nivel: String!, $f: FilterInput) {
  comunicadoDashboardRollup(id: $id, nivel: $nivel, filterInput: $f) { ${ROLLUP_OP.fields} } }`;
const DASHBOARD = `query($id: ID!) { comunicadoDashboard(id: $id) { ${DASHBOARD_OP.fields} } }`;

export async function comunicadosBench(samples = 200): Promise<Row[]> {
  // The database of the run (DATABASE_URL, else PGlite), then the other one when it answers.
  const primary = process.env.DATABASE_URL ?? null;
  const rows = await onDatabase(primary, samples);
  // Each database's figures as soon as they are measured: the run lasts long (a data set each).
  printTable(`Announcements on ${primary ? 'PostgreSQL' : 'PGlite'}`, rows);
  const other = primary ? null : BENCH_POSTGRES_URL;
  if (other === null || (await reachable(other))) rows.push(...(await onDatabase(other, samples)));
  else
    rows.push({
      case: 'announcements on PostgreSQL',
      value: 0,
      unit: 'runs',
      note: `skipped: no server answers at ${new URL(other).host} (BENCH_POSTGRES_URL)`,
    });
  return rows;
}

/** The data set on a fresh database (PGlite for null), then every case. */
async function onDatabase(postgresUrl: string | null, samples: number): Promise<Row[]> {
  const inProcess = await inProcessPortal({ SEED_DEMO: 'true' }, postgresUrl);
  const { database, port, config } = inProcess;
  let app = inProcess.app;
  const kind = postgresUrl ? 'PostgreSQL' : 'PGlite';
  const rows: Row[] = [];
  try {
    let { db } = app.database;
    await seedScale(db);
    const leitor = await sessionOf(db, DEMO.dealer);
    const autor = await sessionOf(db, DEMO.super);

    const started = performance.now();
    const { painel, grandes, total, painelEnvios } = await announcementsDataSet(db, leitor.usuarioId, autor.usuarioId);
    // Timed as a server finds the database when it starts on it: on PGlite the buffer cache is sized
    // by the data at start (server/db/client.ts), so the portal opens the loaded database again.
    if (!postgresUrl) {
      await app.close();
      app = await buildApp(config);
      db = app.database.db;
    }
    await app.app.listen({ port, host: '127.0.0.1' });
    const portal = { ...app, url: `http://127.0.0.1:${port}`, config };
    const { rows: cache } = await db.execute<{ s: string }>(sql`select current_setting('shared_buffers') as s`);
    rows.push({
      case: `${kind}: announcements data set, ${total.toLocaleString('en')} deliveries (set-based)`,
      value: (performance.now() - started) / 1000,
      unit: 's',
      note: `${LEITOR_COMUNICADOS.toLocaleString('en')} to the reader; ${grandes} to every user; shared_buffers ${cache[0]!.s}`,
    });
    const sampling = { samples, minSamples: MIN_SAMPLES, budgetMs: CASE_BUDGET_MS, warmup: WARMUP };

    // (a) The inbox's first page.
    const leitorCall = graphqlCaller(portal.url, (await signIn(portal, DEMO.dealer)).access_token);
    const filterInput = { aba: 'ENTRADA', page: 0, rowsPerPage: 10 };
    const filter = envioFilterSchema.parse(filterInput);
    type Page = { content: { id: string }[]; totalElements: number };
    const inboxApi = async () =>
      (await leitorCall<{ comunicadoEnvios: Page }>(INBOX, { f: filterInput })).comunicadoEnvios;
    const inboxDirect = () => envios(db, leitor.usuarioId, filter);
    const [fromApi, fromDb] = [await inboxApi(), await inboxDirect()];
    if (
      fromApi.totalElements !== fromDb.totalElements ||
      fromApi.content.map((e) => e.id).join() !== fromDb.content.map((e) => e.id).join()
    ) {
      throw new Error('inbox: API and direct answers differ');
    }
    const inbox = await sampleInterleaved({ api: inboxApi, direct: inboxDirect }, sampling);
    rows.push(
      ...apiVersusDirect(
        `${kind}: inbox first page, ${fromDb.totalElements.toLocaleString('en')} of ${total.toLocaleString('en')} deliveries`,
        inbox,
        { ms: GOAL_INBOX_MS, ratio: GOAL_RATIO },
        `${fromDb.content.length} rows`,
      ),
    );

    // (b) The dashboard of the announcement with ~100,000 deliveries.
    const autorCall = graphqlCaller(portal.url, (await signIn(portal, DEMO.super)).access_token);
    // The page the dashboard asks first: 25 rows, least read first, with the total and the chart's rows.
    const primeiraPagina = { page: 0, rowsPerPage: 25 };
    type RollupPage = { content: unknown[]; totalElements: number };
    for (const nivel of NIVEIS_ROLLUP) {
      const api = async () =>
        (
          await autorCall<{ comunicadoDashboardRollup: RollupPage }>(ROLLUP, {
            id: painel,
            nivel,
            f: primeiraPagina,
          })
        ).comunicadoDashboardRollup;
      const direct = () => rollup(db, autor, painel, nivel, primeiraPagina);
      const { totalElements } = await direct();
      if ((await api()).totalElements !== totalElements)
        throw new Error(`roll-up ${nivel}: API and direct answers differ`);
      rows.push(
        ...apiVersusDirect(
          `${kind}: dashboard roll-up by ${nivel}, ${painelEnvios.toLocaleString('en')} deliveries`,
          await sampleInterleaved({ api, direct }, sampling),
          { ms: GOAL_ROLLUP_MS, ratio: GOAL_RATIO },
          `first page: ${primeiraPagina.rowsPerPage} of ${totalElements.toLocaleString('en')} rows`,
        ),
      );
    }
    const dashApi = () => autorCall(DASHBOARD, { id: painel });
    const dashDirect = () => Promise.all([figuras(db, painel), leiturasPorTempo(db, painel)]);
    rows.push(
      ...apiVersusDirect(
        `${kind}: dashboard figures and reads over time, ${painelEnvios.toLocaleString('en')} deliveries`,
        await sampleInterleaved({ api: dashApi, direct: dashDirect }, sampling),
        { ms: GOAL_ROLLUP_MS, ratio: GOAL_RATIO },
        'one announcement',
      ),
    );

    // (e) The dashboard's export of its unread recipients (XLSX, streamed): time and the process's
    // peak memory growth during it (server and embedded database share the process; no goal given).
    const token = (await signIn(portal, DEMO.super)).access_token;
    const filtro = encodeURIComponent(JSON.stringify({ id: painel }));
    const exportar = async () => {
      const res = await fetch(`${portal.url}/api/exportar/comunicadoNaoLidos?formato=xlsx&filtro=${filtro}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.status !== 200) throw new Error(`unread export: ${res.status}`);
      return (await res.arrayBuffer()).byteLength;
    };
    await exportar();
    const rssAntes = process.memoryUsage().rss;
    let rssPico = rssAntes;
    const amostra = setInterval(() => (rssPico = Math.max(rssPico, process.memoryUsage().rss)), 20);
    const inicioExport = performance.now();
    const bytes = await exportar();
    const exportMs = performance.now() - inicioExport;
    clearInterval(amostra);
    const { rows: naoLidos } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from comunicado_envios where comunicado_id = ${painel} and lido_em is null`,
    );
    rows.push(
      {
        case: `${kind}: unread export (XLSX) of the dashboard's announcement, ${Number(naoLidos[0]!.n).toLocaleString('en')} rows`,
        value: exportMs,
        unit: 'ms',
        note: `${(bytes / 1e6).toFixed(1)} MB file`,
      },
      {
        case: `${kind}: unread export, peak memory growth of the process`,
        value: Math.round((rssPico - rssAntes) / 1e6),
        unit: 'MB',
        note: 'server and embedded database in one process',
      },
    );

    // (d) The reach report of a manufacturer over the whole data set (issue #31).
    // Seconds a call on this data set: fewer samples (the p95 of 10 is the slowest).
    const poucas = { ...sampling, warmup: 2, minSamples: 10 };
    rows.push(...(await relatorioAlcanceBench(db, portal, kind, painel - grandes + 1, poucas)));

    // (c) One announcement sent to every user, beside the bare INSERT ... SELECT of its rows.
    rows.push(...(await envioBench(db, autor.usuarioId)).map((r) => ({ ...r, case: `${kind}: ${r.case}` })));
  } finally {
    await app.close();
    await database.drop();
  }
  return rows;
}

/**
 * The announcements of the data set, set-based: LEITOR_COMUNICADOS sent by `autorId`, all delivered
 * to `leitorId`, the oldest also to every other active user (as many as make TOTAL_ENVIOS), 40% of
 * the newest big one (`painel`) read over three days, a tenth of those confirmed. Answers the
 * dashboard's announcement and the counts.
 */
export async function announcementsDataSet(db: Db, leitorId: number, autorId: number) {
  const {
    rows: [faixa],
  } = await db.execute<{ primeiro: number; ultimo: number }>(sql`
    with novos as (
      insert into comunicados (estado, titulo, mensagem, autor_id, remetente_id, enviado_em, exige_confirmacao)
      select 'ENVIADO', 'Comunicado de escala ' || g, '<p>Texto do comunicado ' || g || '</p>', ${autorId},
        ${autorId}, now() - (${LEITOR_COMUNICADOS} - g) * interval '1 hour', g % 10 = 0
      from generate_series(1, ${LEITOR_COMUNICADOS}) g
      returning id)
    select min(id)::int as primeiro, max(id)::int as ultimo from novos`);
  const primeiro = Number(faixa!.primeiro);
  // The big ones first, one statement each (~100,000 rows per transaction), as many as make
  // 5,000,000 deliveries with the reader's 5,000 (52 over the scale set's 96,057 active users).
  const {
    rows: [ativos],
  } = await db.execute<{ n: number }>(sql`select count(*)::int as n from usuarios where active and id <> ${leitorId}`);
  const grandes = Math.ceil((TOTAL_ENVIOS - LEITOR_COMUNICADOS) / Number(ativos!.n));
  for (let i = 0; i < grandes; i++) {
    await db.execute(sql`insert into comunicado_envios (usuario_id, comunicado_id, celula_id)
      select u.id, ${primeiro + i}::int, u.celula_id from usuarios u where u.active and u.id <> ${leitorId} order by u.id`);
  }
  await db.execute(sql`insert into comunicado_envios (usuario_id, comunicado_id)
    select ${leitorId}, c.id from comunicados c where c.id between ${primeiro} and ${Number(faixa!.ultimo)}
    order by c.id`);
  const painel = primeiro + grandes - 1;
  await db.execute(sql`update comunicado_envios e set
      lido_em = c.enviado_em + (e.usuario_id % 72) * interval '1 hour',
      confirmado_em = case when e.usuario_id % 50 = 0 then c.enviado_em + (e.usuario_id % 72 + 1) * interval '1 hour' end
    from comunicados c where c.id = e.comunicado_id and e.comunicado_id = ${painel} and e.usuario_id % 5 < 2`);
  await db.execute(sql`update comunicado_envios set lido_em = now()
    where usuario_id = ${leitorId} and id % 3 = 0`);
  await db.execute(sql`update comunicados c set destinatarios =
    (select count(*) from comunicado_envios e where e.comunicado_id = c.id) where c.id between ${primeiro} and ${painel}`);
  // The summary analysed too, as a server's autovacuum leaves it: the report's plans must not rely on
  // a table without statistics (they did, and were 3x slower once it had them).
  await db.execute(sql`vacuum analyze comunicado_envios`);
  await db.execute(sql`vacuum analyze comunicado_alcance`);
  await db.execute(sql`analyze comunicados`);
  const {
    rows: [contagem],
  } = await db.execute<{ total: number; painel: number }>(sql`select count(*)::int as total,
    count(*) filter (where comunicado_id = ${painel})::int as painel from comunicado_envios`);
  return { painel, grandes, total: Number(contagem!.total), painelEnvios: Number(contagem!.painel) };
}
