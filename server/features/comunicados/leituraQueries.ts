import { sql, type SQL } from 'drizzle-orm';
import type { ComunicadoFilter } from '../../../domain/comunicados';
import type { Session } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { pageWithTotal } from '../../db/lists';
import {
  consultaBusca,
  consultaTrecho,
  partesDoTrecho,
  semMarcacao,
  textoDoHtml,
  trechoBusca,
} from '../../db/schema/buscaTexto';
import { markReadOfOrigin } from '../notificacoes';
import { abaAgendados, abaRascunhos, buscaComunicado, comEtiqueta, detentor, ORIGEM, scopeOf } from './queries';

// Data access of the reading side (issue #28): a reader's own deliveries (comunicado_envios), always
// behind `e.usuario_id = <the caller>`, so another user's delivery ids never match. The inbox walks
// the key (usuario_id, id) backwards; the unread counts read the partial index
// comunicado_envios_nao_lidos; one delivery is found by (comunicado_id, usuario_id).

/** Counted no further than this (the tabs show 999+): a count's cost stays bounded. */
export const COMUNICADOS_CONTAGEM_MAX = 1000;
/** The home page's recent announcements (a 3-column grid, two rows). */
export const COMUNICADOS_RECENTES = 6;

/** A delivery with its announcement as the reader reads it, one row (the page's few rows only). */
const ENVIO_COLUMNS = sql`e.id, e.lido_em, e.confirmado_em, e.arquivado, e.favorito, c.active,
  c.id as comunicado_id, c.titulo, c.mensagem, c.enviado_em, c.exige_confirmacao, c.id_parent,
  c.justificativa, c.numero,
  (select json_build_object('id', d.id, 'sigla', d.sigla, 'nome', d.nome, 'assinatura', d.assinatura)
    from departamentos d where d.id = c.departamento_id) as departamento,
  (select json_build_object('id', u.id, 'nome', u.nome, 'email', u.email, 'tipo', u.tipo)
    from usuarios u where u.id = c.autor_id) as criador,
  coalesce((select json_agg(json_build_object('id', t.id, 'nome', t.nome) order by t.nome)
    from comunicado_etiquetas_comunicados ec join comunicado_etiquetas t on t.id = ec.etiqueta_id
    where ec.comunicado_id = c.id), '[]') as etiquetas,
  coalesce((select json_agg(json_build_object('id', a.id, 'nome', a.nome, 'tamanho', a.tamanho,
      'tipoMime', a.tipo_mime) order by ca.ordem, a.id)
    from comunicado_arquivos ca join arquivos a on a.id = ca.arquivo_id
    where ca.comunicado_id = c.id), '[]') as arquivos,
  coalesce((select json_agg(json_build_object('id', r.id, 'titulo', r.titulo, 'justificativa', r.justificativa,
      'envioDateTime', r.enviado_em) order by r.enviado_em, r.id)
    from comunicados r where r.id_parent = c.id and r.estado = 'ENVIADO'
      -- Only the errata sent to this reader (an erratum reaches its own author's reach).
      and exists (select 1 from comunicado_envios re where re.comunicado_id = r.id and re.usuario_id = e.usuario_id)),
    '[]') as erratas,
  (select json_build_object('id', s.id, 'version', s.version, 'nome', s.nome, 'prefixo', s.prefixo,
      'contador', s.contador, 'active', s.active)
    from comunicado_series s where s.id = c.serie_id) as serie`;

type EnvioRow = {
  id: number | string;
  lido_em: Date | string | null;
  confirmado_em: Date | string | null;
  arquivado: boolean;
  favorito: boolean;
  active: boolean;
  comunicado_id: number;
  titulo: string;
  mensagem: string;
  enviado_em: Date | string | null;
  exige_confirmacao: boolean;
  id_parent: number | null;
  justificativa: string | null;
  numero: number | null;
  departamento: unknown;
  criador: unknown;
  etiquetas: unknown;
  arquivos: unknown;
  erratas: unknown;
  serie: unknown;
  /** Searching: where the message matched (ts_headline with its markers), else null. */
  trecho?: string | null;
};

const iso = (value: Date | string | null | undefined) => (value == null ? null : new Date(value).toISOString());
/** json columns come parsed from node-postgres and as text from some drivers. */
const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/** A delivery as the GraphQL type ComunicadoEnvio. */
export function envioView(row: EnvioRow) {
  const erratas = json<{ id: number; titulo: string; justificativa: string; envioDateTime: string | null }[]>(
    row.erratas,
  );
  return {
    id: String(row.id),
    lido: row.lido_em !== null,
    lidoEm: iso(row.lido_em),
    confirmado: row.confirmado_em !== null,
    confirmadoEm: iso(row.confirmado_em),
    arquivado: row.arquivado,
    favorito: row.favorito,
    active: row.active,
    comunicado: {
      id: String(row.comunicado_id),
      titulo: row.titulo,
      mensagem: row.mensagem,
      envioDateTime: iso(row.enviado_em),
      departamento: json(row.departamento),
      usuarioCriador: json(row.criador),
      etiquetas: json(row.etiquetas),
      arquivos: json(row.arquivos),
      exigeConfirmacao: row.exige_confirmacao,
      idParent: row.id_parent === null ? null : String(row.id_parent),
      justificativa: row.justificativa,
      erratas: erratas.map((e) => ({ ...e, envioDateTime: iso(e.envioDateTime) })),
      serie: json(row.serie),
      numero: row.numero,
    },
    trecho: row.trecho ? partesDoTrecho(row.trecho).map((p) => ({ ...p, texto: textoDoHtml(p.texto) })) : null,
  };
}
export type EnvioView = ReturnType<typeof envioView>;

/** The reader's filter: the tab, title, label, department, period, unread, favourites. */
export interface EnvioFiltro extends Pick<
  ComunicadoFilter,
  'page' | 'rowsPerPage' | 'busca' | 'sort' | 'etiqueta' | 'departamentoId' | 'naoLidos' | 'favoritos'
> {
  aba: 'ENTRADA' | 'ARQUIVADOS';
  /** Inclusive day bounds, 'YYYY-MM-DD'. */
  desde?: string | null;
  ate?: string | null;
}

/** The filter's conditions on the delivery and, apart, on its announcement (joined only when needed). */
function filtroWhere(usuarioId: number, f: EnvioFiltro): { envio: SQL; comunicado: SQL[] } {
  const envio: SQL[] = [sql`e.usuario_id = ${usuarioId}`, sql`e.arquivado = ${f.aba === 'ARQUIVADOS'}`];
  if (f.naoLidos) envio.push(sql`e.lido_em is null`);
  if (f.favoritos) envio.push(sql`e.favorito`);
  const comunicado: SQL[] = [];
  const busca = buscaComunicado(f.busca);
  if (busca) comunicado.push(busca);
  if (f.etiqueta) {
    comunicado.push(comEtiqueta(f.etiqueta));
  }
  if (f.departamentoId) comunicado.push(sql`c.departamento_id = ${f.departamentoId}`);
  if (f.desde) comunicado.push(sql`c.enviado_em >= ${f.desde}::date`);
  if (f.ate) comunicado.push(sql`c.enviado_em < ${f.ate}::date + 1`);
  return { envio: sql.join(envio, sql` and `), comunicado };
}

/** ENTRADA or ARQUIVADOS of the reader, newest first (the key walked backwards), or by title. */
export async function envios(db: DbOrTx, usuarioId: number, f: EnvioFiltro) {
  const { envio, comunicado } = filtroWhere(usuarioId, f);
  const where = sql.join([envio, ...comunicado], sql` and `);
  const desc = f.sort?.order !== 'ASC';
  const order =
    f.sort?.field === 'titulo'
      ? sql.raw(desc ? 'c.titulo desc, e.id desc' : 'c.titulo asc, e.id asc')
      : sql.raw(desc || !f.sort ? 'e.id desc' : 'e.id asc');
  // Searching, each row of the page says where its message matched (a snippet of the text).
  const texto = f.busca?.trim();
  const trecho = texto
    ? sql`, case when c.documento @@ q.q then ${trechoBusca(semMarcacao(sql`c.mensagem`), sql`q.qt`)} end as trecho`
    : sql``;
  const consulta = texto ? sql`, (select ${consultaBusca(texto)} as q, ${consultaTrecho(texto)} as qt) q` : sql``;
  return pageWithTotal(
    f,
    async (limit, offset) => {
      const { rows } = await db.execute<EnvioRow>(sql`select ${ENVIO_COLUMNS}${trecho}
        from comunicado_envios e join comunicados c on c.id = e.comunicado_id${consulta}
        where ${where} order by ${order} limit ${limit} offset ${offset}`);
      return rows.map(envioView);
    },
    async () => {
      // The total reads the reader's deliveries alone unless the search is on the announcement.
      const from = comunicado.length
        ? sql`comunicado_envios e join comunicados c on c.id = e.comunicado_id`
        : sql`comunicado_envios e`;
      const { rows } = await db.execute<{ total: number }>(
        sql`select count(*)::int as total from ${from} where ${where}`,
      );
      return Number(rows[0]!.total);
    },
  );
}

/** The reader's newest deliveries in the inbox (the home page). */
export async function recentes(db: DbOrTx, usuarioId: number, limit = COMUNICADOS_RECENTES) {
  const { rows } = await db.execute<EnvioRow>(sql`select ${ENVIO_COLUMNS}
    from comunicado_envios e join comunicados c on c.id = e.comunicado_id
    where e.usuario_id = ${usuarioId} and not e.arquivado order by e.id desc limit ${limit}`);
  return rows.map(envioView);
}

/** The departments of the announcements sent to the reader, by name: what their inbox may be filtered by. */
export async function departamentosRecebidos(db: DbOrTx, usuarioId: number) {
  const { rows } = await db.execute(sql`select d.id, d.sigla, d.nome, d.assinatura, d.version from departamentos d
    where d.id in (select c.departamento_id from comunicado_envios e join comunicados c on c.id = e.comunicado_id
      where e.usuario_id = ${usuarioId})
    order by fold(d.nome), d.id`);
  return rows;
}

/** The reader's delivery of an announcement (undefined unless it was sent to them). */
export async function envioDe(db: DbOrTx, usuarioId: number, comunicadoId: number) {
  const { rows } = await db.execute<EnvioRow>(sql`select ${ENVIO_COLUMNS}
    from comunicado_envios e join comunicados c on c.id = e.comunicado_id
    where e.comunicado_id = ${comunicadoId} and e.usuario_id = ${usuarioId}`);
  return rows[0] && envioView(rows[0]);
}

/** Runs an UPDATE ... RETURNING 1 and answers how many rows it changed. */
async function changed(db: DbOrTx, update: SQL): Promise<number> {
  const { rows } = await db.execute<{ total: number }>(
    sql`with changed as (${update}) select count(*)::int as total from changed`,
  );
  return Number(rows[0]!.total);
}

/** The caller's own deliveries among the ids given (one array parameter, read as a set). */
const proprias = (usuarioId: number, ids: number[]) =>
  sql`e.usuario_id = ${usuarioId} and e.id in (select unnest(${`{${ids.join(',')}}`}::bigint[]))`;

export type AcaoSelecao = { campo: 'lido'; valor: boolean } | { campo: 'favorito' | 'arquivado'; valor: boolean };

/**
 * Marks a selection read/unread, favourite or archived, in one UPDATE limited to the caller's own
 * deliveries; rows already so are left alone, and so are confirmed ones marked unread. Marked read, their announcements' notifications are
 * read too (the bell stops counting them). Answers how many changed.
 */
export async function marcarSelecao(db: DbOrTx, usuarioId: number, ids: number[], acao: AcaoSelecao) {
  const set =
    acao.campo === 'lido'
      ? acao.valor
        ? sql`lido_em = now()`
        : sql`lido_em = null`
      : acao.campo === 'favorito'
        ? sql`favorito = ${acao.valor}`
        : sql`arquivado = ${acao.valor}`;
  const mudar =
    acao.campo === 'lido'
      ? acao.valor
        ? sql`e.lido_em is null`
        : // A confirmed reading stays read: "read and understood" is what the dashboard counts.
          sql`e.lido_em is not null and e.confirmado_em is null`
      : acao.campo === 'favorito'
        ? sql`e.favorito <> ${acao.valor}`
        : sql`e.arquivado <> ${acao.valor}`;
  const n = await changed(
    db,
    sql`update comunicado_envios set ${set}
      where (usuario_id, id) in (select e.usuario_id, e.id from comunicado_envios e
        where ${proprias(usuarioId, ids)} and ${mudar})
      returning 1`,
  );
  if (acao.campo === 'lido' && acao.valor) {
    await markReadOfOrigin(
      db,
      usuarioId,
      ORIGEM,
      sql`select e.comunicado_id from comunicado_envios e where ${proprias(usuarioId, ids)}`,
    );
  }
  return n;
}

/**
 * Opens the reader's delivery: read now (if not yet), and the notifications that told the reader of
 * it read too (the bell stops counting them). Answers whether there is one.
 */
export async function abrir(db: DbOrTx, usuarioId: number, comunicadoId: number): Promise<boolean> {
  const n = await changed(
    db,
    sql`update comunicado_envios set lido_em = coalesce(lido_em, now())
      where comunicado_id = ${comunicadoId} and usuario_id = ${usuarioId} returning 1`,
  );
  if (n > 0) await markReadOfOrigin(db, usuarioId, ORIGEM, sql`select ${comunicadoId}::int`);
  return n > 0;
}

/**
 * "Read and understood": only on an announcement that asks for it. Answers 'missing' (no delivery
 * of the caller's), 'naoExigida' (not asked for) or 'ok' (confirmed, also read).
 */
export async function confirmar(
  db: DbOrTx,
  usuarioId: number,
  comunicadoId: number,
): Promise<'missing' | 'naoExigida' | 'ok'> {
  const { rows } = await db.execute<{ exige: boolean; feito: boolean }>(sql`
    with alvo as (
      select e.id, c.exige_confirmacao from comunicado_envios e join comunicados c on c.id = e.comunicado_id
      where e.comunicado_id = ${comunicadoId} and e.usuario_id = ${usuarioId}),
    feito as (
      update comunicado_envios set confirmado_em = coalesce(confirmado_em, now()), lido_em = coalesce(lido_em, now())
      where usuario_id = ${usuarioId} and id = (select id from alvo where exige_confirmacao)
      returning 1)
    select exige_confirmacao as exige, exists (select 1 from feito) as feito from alvo`);
  if (!rows[0]) return 'missing';
  return rows[0].exige ? 'ok' : 'naoExigida';
}

/**
 * The tabs' counts: the unread by the partial index, bounded; the approvals the caller holds now
 * (the write side's `detentor`, so an absent approver's go to their delegate, as the tab lists
 * them); the drafts and scheduled as their tabs list them (`list` in queries.ts: the caller's own
 * drafts, in approval too; every scheduled one in the caller's reach).
 */
export async function contagens(db: DbOrTx, session: Session) {
  const usuarioId = session.usuarioId;
  const { rows } = await db.execute<Record<string, number>>(sql`select
    (select count(*) from (select 1 from comunicado_envios where usuario_id = ${usuarioId} and not arquivado
      and lido_em is null limit ${COMUNICADOS_CONTAGEM_MAX}) n)::int as "naoLidos",
    (select count(*) from (select 1 from comunicado_envios where usuario_id = ${usuarioId} and arquivado
      and lido_em is null limit ${COMUNICADOS_CONTAGEM_MAX}) n)::int as "naoLidosArquivados",
    (select count(*) from comunicados c join usuarios d on d.id = ${usuarioId}
      where c.estado = 'EM_APROVACAO' and c.active and ${detentor()})::int as "pendentesAprovacao",
    (select count(*) from comunicados c where ${abaRascunhos(usuarioId)} and c.active)::int as rascunhos,
    (select count(*) from comunicados c where ${abaAgendados(session)} and c.active)::int as agendados`);
  const r = rows[0]!;
  return {
    naoLidos: Number(r.naoLidos),
    naoLidosArquivados: Number(r.naoLidosArquivados),
    pendentesAprovacao: Number(r.pendentesAprovacao),
    rascunhos: Number(r.rascunhos),
    agendados: Number(r.agendados),
  };
}

/**
 * Who may see an announcement's attachments: a recipient of it once sent, and whoever sees the
 * announcement on the write side (queries.ts `scopeOf`: its author, the holder of its approval, a
 * holder of the approval key reaching the author once it is out of draft).
 * Answers the attachment's file (store key, name, type) or undefined when the caller may not.
 */
export async function anexoVisivel(db: DbOrTx, session: Session, comunicadoId: number, arquivoId: number) {
  const { rows } = await db.execute<{ chave: string; nome: string; tipo_mime: string }>(sql`
    select a.chave, a.nome, a.tipo_mime
    from comunicados c
    join comunicado_arquivos ca on ca.comunicado_id = c.id and ca.arquivo_id = ${arquivoId}
    join arquivos a on a.id = ca.arquivo_id
    where c.id = ${comunicadoId} and (
      (c.estado = 'ENVIADO' and exists (select 1 from comunicado_envios e
        where e.comunicado_id = c.id and e.usuario_id = ${session.usuarioId}))
      or (c.active and ${scopeOf(session)}))`);
  return rows[0];
}
