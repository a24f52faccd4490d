import { sql } from 'drizzle-orm';
import { RESOURCES } from '../../domain/resources';
import type { Db } from '../../server/db/client';
import { usuarioScope } from '../../server/authz';
import { alcance } from '../../server/features/relatorios/queries';
import { DEMO, signIn } from '../../tests/api/portal';
import { apiVersusDirect, graphqlCaller, sampleInterleaved, type Row } from './report';
import { sessionOf } from './session';

// Issue #31: the announcement-reach report of a manufacturer over the announcements data set
// (comunicados.ts: 5,000,000 deliveries). Its announcements are made the manufacturer's (their
// sender), so the report counts every delivery to a user of their brands in the last year: the
// API against the same query function called directly.

const GOAL_MS = 300;
const GOAL_RATIO = 2;
const { alcance: ALCANCE_OP } = RESOURCES.relatorios.queries;
const ALCANCE = `query($f: RelatorioFiltroInput!) { relatorioAlcance(filtro: $f) { ${ALCANCE_OP.fields} } }`;

export async function relatorioAlcanceBench(
  db: Db,
  portal: Parameters<typeof signIn>[0] & { url: string },
  kind: string,
  primeiro: number,
  sampling: { samples: number; minSamples: number; budgetMs: number; warmup: number },
): Promise<Row[]> {
  const montadora = await sessionOf(db, DEMO.montadora);
  await db.execute(sql`update comunicados set remetente_id = ${montadora.usuarioId} where id >= ${primeiro}`);
  await db.execute(sql`insert into relatorios (slug, titulo_pt_br, titulo_es, titulo_en, tipo, interno)
    values ('alcance-bench', 'Alcance', 'Alcance', 'Reach', 'INTERNO', 'ALCANCE_COMUNICADOS')`);
  const hoje = new Date();
  const filtro = {
    slug: 'alcance-bench',
    inicio: new Date(hoje.getTime() - 365 * 86_400_000).toISOString().slice(0, 10),
    fim: hoje.toISOString().slice(0, 10),
  };
  const call = graphqlCaller(portal.url, (await signIn(portal, DEMO.montadora)).access_token);
  type Alcance = { destinatarios: number; dealers: unknown[] };
  const api = async () => (await call<{ relatorioAlcance: Alcance }>(ALCANCE, { f: filtro })).relatorioAlcance;
  const direct = () => alcance(db, montadora, { ...filtro, marcaId: null, grupoId: null, dealerId: null });
  const [deApi, direto] = [await api(), await direct()];
  if (deApi.destinatarios !== direto.destinatarios) throw new Error('reach report: API and direct answers differ');
  // The report sums the reach summary (comunicado_alcance, per announcement and audience cell); the
  // same totals counted over the deliveries themselves, once, must agree, and show what it saves.
  const started = performance.now();
  const { rows } = await db.execute<{ destinatarios: number; lidos: number }>(sql`
    select count(*)::int as destinatarios, count(e.lido_em)::int as lidos
    from comunicados c join comunicado_envios e on e.comunicado_id = c.id join usuarios on usuarios.id = e.usuario_id
    where c.enviado_em >= ${filtro.inicio}::date and c.enviado_em < ${filtro.fim}::date + 1
      and ${usuarioScope(montadora) ?? sql`true`}`);
  const contadoMs = performance.now() - started;
  if (Number(rows[0]!.destinatarios) !== direto.destinatarios || Number(rows[0]!.lidos) !== direto.lidos) {
    throw new Error(
      `reach report: the summary says ${direto.destinatarios}/${direto.lidos}, the deliveries ${rows[0]!.destinatarios}/${rows[0]!.lidos}`,
    );
  }
  const { rows: resumo } = await db.execute<{ linhas: number; celulas: number }>(sql`
    select (select count(*)::int from comunicado_alcance) as linhas, (select count(*)::int from audiencia_celulas) as celulas`);
  const resumoNote = `summary: ${Number(resumo[0]!.linhas).toLocaleString('en')} rows over ${Number(resumo[0]!.celulas).toLocaleString('en')} audience cells; the totals alone counted over the deliveries: ${contadoMs.toFixed(0)} ms`;
  return apiVersusDirect(
    `${kind}: announcement reach of a manufacturer, last 365 days`,
    await sampleInterleaved({ api, direct }, sampling),
    { ms: GOAL_MS, ratio: GOAL_RATIO },
    `${direto.destinatarios.toLocaleString('en')} of their deliveries, ${direto.comunicados.toLocaleString('en')} announcements, ${direto.dealers.length} dealer rows; ${resumoNote}`,
  );
}
