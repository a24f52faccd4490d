import { sql, type SQL } from 'drizzle-orm';
import { CHAVE_APROVACAO, type ComunicadoFilter, type ComunicadoValues } from '../../../domain/comunicados';
import { autorScope, usuarioAlcanca, usuarioScope, type Session } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { allOf, arrayOf, pageWithTotal, searchAny } from '../../db/lists';
import { consultaBusca } from '../../db/schema/buscaTexto';

/** What the notifications of an announcement (its send, errata, reminders) say they came from. */
export const ORIGEM = 'COMUNICADO';

/**
 * The announcement `c` has a label whose name holds `texto` (case- and accent-blind: "venda" finds
 * "Pós-venda"), as the lists' label filter searches.
 */
export const comEtiqueta = (texto: string) =>
  sql`exists (select 1 from comunicado_etiquetas_comunicados ec join comunicado_etiquetas e on e.id = ec.etiqueta_id
    where ec.comunicado_id = c.id and ${searchAny(texto, [sql`e.nome`]) ?? sql`true`})`;

/**
 * The announcement `c` holds what was typed: in its title (contained, case- and accent-blind), or
 * as words of its title or message (full text: "revisoes gratuita" finds "revisões gratuitas"; the GIN index of
 * `comunicados.documento`), as the lists' search finds them. Undefined when nothing was typed.
 */
export function buscaComunicado(busca: string | null | undefined): SQL | undefined {
  const texto = busca?.trim();
  if (!texto) return undefined;
  return sql`(${searchAny(texto, [sql`c.titulo`])} or c.documento @@ ${consultaBusca(texto)})`;
}

// Data access of the announcements' write side (SQL through drizzle's `sql`; `c` is the
// `comunicados` row). The holder of an approval is computed here, at read time (detentores).

export interface ComunicadoRow {
  id: number;
  version: number;
  estado: string;
  titulo: string;
  mensagem: string;
  createdDateTime: string;
  envioDateTime: string | null;
  motivoRejeicao: string | null;
  dataHoraAgendamento: string | null;
  autorId: number;
  aprovadorId: number | null;
  usuarioCriador: Contato | null;
  usuarioAprovador: Contato | null;
  decididoPor: Contato | null;
  detentoresAprovacao: Contato[];
  grupos: { id: number; nome: string }[];
  usuariosRemovidos: Contato[];
  etiquetas: { id: number; nome: string; totalComunicados: number }[];
  arquivos: { id: number; nome: string; tamanho: number; tipoMime: string }[];
  emailsAvulsos: { email: string; status: string | null; erro: string | null }[];
  departamento: { id: number; sigla: string; nome: string; assinatura: string | null } | null;
  idParent: number | null;
  justificativa: string | null;
  renotificar: boolean;
  reiniciarLeitura: boolean;
  erratas: { id: number; titulo: string; justificativa: string; envioDateTime: string | null }[];
  templateName: string | null;
  serie: { id: number; nome: string; prefixo: string; contador: number; active: boolean } | null;
  serieId: number | null;
  numero: number | null;
  exigeConfirmacao: boolean;
  destinatarios: number | null;
  arquivado: boolean;
  active: boolean;
  /** The last reminder to the unread (dashboard), and whether another may go now (once a day). */
  lembradoEm: string | null;
  podeLembrar: boolean;
}

type Contato = { id: number; nome: string; email: string; tipo: string };

const iso = (column: string) => sql.raw(`(to_json(${column}) #>> '{}')`);
const contato = (id: string) =>
  sql.raw(`(select json_build_object('id', u.id, 'nome', u.nome, 'email', u.email, 'tipo', u.tipo)
    from usuarios u where u.id = ${id})`);

/** `usuarios` row `alias` holds the approval key (provider staff hold every key, spec section 6). */
export const temChaveAprovacao = (alias: string) =>
  sql`(${sql.raw(alias)}.tipo = 'TECSINAPSE' or exists (select 1 from usuario_funcionalidades uf
    join funcionalidades f on f.id = uf.funcionalidade_id
    where uf.usuario_id = ${sql.raw(alias)}.id and f.chave = ${CHAVE_APROVACAO}))`;

/** A temporary absence of user `id` (SQL) covers today. */
const ausenteHoje = (id: SQL) =>
  sql`exists (select 1 from ausencias_temporarias aus where aus.usuario_id = ${id}
    and current_date between aus.inicio and aus.retorno)`;

/**
 * The users `d` who hold the approval of announcement `c` now (a condition on `usuarios d`, within
 * a query over `comunicados c`): the chosen approver; while a temporary absence of theirs covers
 * today, the absence's delegate (active, holding the key, not the author, not away, and one the
 * author could have chosen: within the author's reach, as below); with none, the
 * other approvers the author reaches (active, holding the key, not away). Never the author. Read at
 * every request, so when the absence ends the approval is the approver's again.
 */
export function detentor(d = 'd'): SQL {
  const u = sql.raw(d);
  const substituto = sql`(select aus.substituto_id from ausencias_temporarias aus
    join usuarios s on s.id = aus.substituto_id
    where aus.usuario_id = c.aprovador_id and current_date between aus.inicio and aus.retorno
      and s.active and s.id <> c.autor_id and ${temChaveAprovacao('s')} and not ${ausenteHoje(sql`s.id`)}
      and exists (select 1 from usuarios autor where autor.id = c.autor_id and ${usuarioAlcanca('autor', 's')})
    limit 1)`;
  return sql`(c.estado = 'EM_APROVACAO' and ${u}.active and ${u}.id <> c.autor_id and (
    case
      when not ${ausenteHoje(sql`c.aprovador_id`)} then ${u}.id = c.aprovador_id
      when ${substituto} is not null then ${u}.id = ${substituto}
      else ${u}.id <> c.aprovador_id and ${temChaveAprovacao(d)} and not ${ausenteHoje(sql`${u}.id`)}
        and exists (select 1 from usuarios autor where autor.id = c.autor_id and ${usuarioAlcanca('autor', d)})
    end))`;
}

/**
 * The errata (`er`) of a row that `viewer` may open themselves (scopeOf, the inner `c` being the
 * erratum): an erratum reaches its own author's network, so another brand's approver's erratum of an
 * announcement sent to both is not listed to this brand's.
 */
function errataVistas(viewer: Session | undefined): SQL {
  return viewer
    ? sql`and exists (select 1 from comunicados c where c.id = er.id and c.active and ${scopeOf(viewer)})`
    : sql``;
}

/** Once a day: a reminder to the unread may go when none went in the last 24 hours. */
export const PODE_LEMBRAR = sql`(c.lembrado_em is null or c.lembrado_em <= now() - interval '1 day')`;

/** The removed users `viewer` reads on a row: all when they wrote it, else those they reach. */
function removidosVistos(viewer: Session | undefined): SQL {
  const alcance = viewer && autorScope(viewer, sql`u.id`);
  return alcance ? sql`and (c.autor_id = ${viewer!.usuarioId} or ${alcance})` : sql``;
}

/**
 * How many announcements carry the label `e`: of those `viewer` reaches (their authors in the
 * viewer's scope) when one is given. Labels are shared: another brand's uses tell what it announces.
 */
export function usosDaEtiqueta(viewer?: Session): SQL {
  const alcance = viewer && autorScope(viewer, sql`c.autor_id`);
  return alcance
    ? sql`(select count(*)::int from comunicado_etiquetas_comunicados x join comunicados c on c.id = x.comunicado_id
        where x.etiqueta_id = e.id and ${alcance})`
    : sql`(select count(*)::int from comunicado_etiquetas_comunicados x where x.etiqueta_id = e.id)`;
}

/**
 * The row's columns. `viewer`: the users it names (the removed ones) only where the viewer reaches
 * them, unless they wrote it (an approver of brand B reads an announcement of an author of brands A
 * and B, not who in brand A it left out), and its labels' uses counted over what the viewer reaches.
 */
const columns = (
  viewer?: Session,
) => sql`c.id, c.version, c.estado, c.titulo, c.mensagem, ${iso('c.created_at')} as "createdDateTime",
  ${iso('c.enviado_em')} as "envioDateTime", c.motivo_rejeicao as "motivoRejeicao",
  ${iso('c.agendado_para')} as "dataHoraAgendamento", c.autor_id as "autorId", c.aprovador_id as "aprovadorId",
  ${contato('c.autor_id')} as "usuarioCriador", ${contato('c.aprovador_id')} as "usuarioAprovador",
  ${contato('c.decidido_por_id')} as "decididoPor",
  coalesce((select json_agg(json_build_object('id', d.id, 'nome', d.nome, 'email', d.email, 'tipo', d.tipo)
    order by d.nome, d.id) from usuarios d where ${detentor()}), '[]') as "detentoresAprovacao",
  coalesce((select json_agg(json_build_object('id', gu.id, 'nome', gu.nome) order by gu.nome, gu.id)
    from comunicado_grupos cg join grupos_usuarios gu on gu.id = cg.grupo_usuarios_id
    where cg.comunicado_id = c.id), '[]') as grupos,
  coalesce((select json_agg(json_build_object('id', u.id, 'nome', u.nome, 'email', u.email, 'tipo', u.tipo)
    order by u.nome, u.id) from comunicado_usuarios_removidos r join usuarios u on u.id = r.usuario_id
    where r.comunicado_id = c.id ${removidosVistos(viewer)}), '[]') as "usuariosRemovidos",
  coalesce((select json_agg(json_build_object('id', e.id, 'nome', e.nome, 'totalComunicados', ${usosDaEtiqueta(viewer)})
    order by fold(e.nome))
    from comunicado_etiquetas_comunicados ec join comunicado_etiquetas e on e.id = ec.etiqueta_id
    where ec.comunicado_id = c.id), '[]') as etiquetas,
  coalesce((select json_agg(json_build_object('id', a.id, 'nome', a.nome, 'tamanho', a.tamanho, 'tipoMime', a.tipo_mime)
    order by ca.ordem, a.id) from comunicado_arquivos ca join arquivos a on a.id = ca.arquivo_id
    where ca.comunicado_id = c.id), '[]') as arquivos,
  coalesce((select json_agg(json_build_object('email', m.email, 'status', m.status, 'erro', m.erro) order by m.email)
    from comunicado_emails m where m.comunicado_id = c.id and m.avulso), '[]') as "emailsAvulsos",
  (select json_build_object('id', dp.id, 'sigla', dp.sigla, 'nome', dp.nome, 'assinatura', dp.assinatura)
    from departamentos dp where dp.id = c.departamento_id) as departamento,
  c.id_parent as "idParent", c.justificativa, c.renotificar, c.reiniciar_leitura as "reiniciarLeitura",
  coalesce((select json_agg(json_build_object('id', er.id, 'titulo', er.titulo, 'justificativa', er.justificativa,
      'envioDateTime', to_json(er.enviado_em) #>> '{}') order by er.enviado_em, er.id)
    from comunicados er where er.id_parent = c.id and er.estado = 'ENVIADO' ${errataVistas(viewer)}), '[]') as erratas,
  c.template_name as "templateName",
  (select json_build_object('id', s.id, 'nome', s.nome, 'prefixo', s.prefixo, 'contador', s.contador, 'active', s.active)
    from comunicado_series s where s.id = c.serie_id) as serie,
  c.serie_id as "serieId", c.numero, c.exige_confirmacao as "exigeConfirmacao", c.destinatarios, c.arquivado, c.active,
  ${iso('c.lembrado_em')} as "lembradoEm", ${PODE_LEMBRAR} as "podeLembrar"`;

/**
 * Condition on `c`: the announcements the caller sees on the write side: their own; with the
 * approval key, those of authors they reach (usuarioScope) once out of draft; and those whose
 * approval they hold.
 */
export function scopeOf(session: Session): SQL {
  const own = sql`c.autor_id = ${session.usuarioId}`;
  const holder = sql`exists (select 1 from usuarios d where d.id = ${session.usuarioId} and ${detentor()})`;
  if (!session.funcionalidades.includes(CHAVE_APROVACAO) && session.tipo !== 'TECSINAPSE') {
    return sql`(${own} or ${holder})`;
  }
  // Another author's draft stays theirs until they ask for approval or send it.
  const reach = sql`(c.estado <> 'RASCUNHO' and ${autorScope(session, sql`c.autor_id`) ?? sql`true`})`;
  return sql`(${own} or ${reach} or ${holder})`;
}

export async function find(db: DbOrTx, session: Session, id: number): Promise<ComunicadoRow | undefined> {
  const { rows } = await db.execute<ComunicadoRow & Record<string, unknown>>(
    sql`select ${columns(session)} from comunicados c where c.id = ${id} and c.active and ${scopeOf(session)}`,
  );
  return rows[0];
}

/** The row as it is, whoever asks (jobs, the send). */
export async function findAny(db: DbOrTx, id: number): Promise<ComunicadoRow | undefined> {
  const { rows } = await db.execute<ComunicadoRow & Record<string, unknown>>(
    sql`select ${columns()} from comunicados c where c.id = ${id}`,
  );
  return rows[0];
}

/** The Drafts tab (and its count): the caller's own not yet sent, in approval too. */
export const abaRascunhos = (usuarioId: number) =>
  sql`c.autor_id = ${usuarioId} and c.estado in ('RASCUNHO', 'REJEITADO', 'EM_APROVACAO', 'APROVADO')`;
/** The Scheduled tab (and its count): every scheduled one in the caller's reach. */
export const abaAgendados = (session: Session) => sql`c.estado = 'AGENDADO' and ${scopeOf(session)}`;

/** The author's and approvers' tabs. */
export function list(db: DbOrTx, session: Session, filter: ComunicadoFilter & { arquivados?: boolean | null }) {
  const me = session.usuarioId;
  const aba: Record<string, SQL> = {
    RASCUNHOS: abaRascunhos(me),
    AGENDADOS: abaAgendados(session),
    ENVIADOS: sql`c.estado = 'ENVIADO' and ${scopeOf(session)}${filter.arquivados ? sql`` : sql` and not c.arquivado`}`,
    PENDENTES_APROVACAO: sql`c.estado = 'EM_APROVACAO' and exists (select 1 from usuarios d where d.id = ${me} and ${detentor()})`,
  };
  const tab = aba[filter.aba] ?? sql`false`;
  // The period is the date the tab shows: when it goes out on the Scheduled tab, else when it went (or was written).
  const quando = filter.aba === 'AGENDADOS' ? sql`c.agendado_para` : sql`coalesce(c.enviado_em, c.created_at)`;
  const where = allOf(
    sql`c.active`,
    tab,
    buscaComunicado(filter.busca),
    filter.etiqueta ? comEtiqueta(filter.etiqueta) : undefined,
    filter.departamentoId ? sql`c.departamento_id = ${filter.departamentoId}` : undefined,
    filter.desde ? sql`${quando} >= ${filter.desde}::date` : undefined,
    filter.ate ? sql`${quando} < ${filter.ate}::date + 1` : undefined,
  );
  const direction = filter.sort?.order === 'ASC' ? 'asc' : 'desc';
  const order =
    filter.sort?.field === 'titulo'
      ? sql.raw(`fold(c.titulo) ${direction}, c.id`)
      : sql.raw(`coalesce(c.enviado_em, c.agendado_para, c.created_at) ${direction}, c.id ${direction}`);
  return pageWithTotal(
    filter,
    async (limit, offset) =>
      (
        await db.execute<ComunicadoRow & Record<string, unknown>>(
          sql`select ${columns(session)} from comunicados c where ${where} order by ${order} limit ${limit} offset ${offset}`,
        )
      ).rows,
    async () =>
      Number(
        (await db.execute<{ n: number }>(sql`select count(*)::int as n from comunicados c where ${where}`)).rows[0]!.n,
      ),
  );
}

/** Active holders of the approval key the caller reaches (not the caller): who may be chosen as approver. */
export async function aprovadores(db: DbOrTx, session: Session, busca?: string | null, id?: number) {
  const { rows } = await db.execute<Contato & Record<string, unknown>>(sql`select d.id, d.nome, d.email, d.tipo
    from usuarios d where ${allOf(
      sql`d.active and d.id <> ${session.usuarioId} and ${temChaveAprovacao('d')}`,
      id === undefined ? undefined : sql`d.id = ${id}`,
      searchAny(busca, [sql`d.nome`, sql`d.email`]),
      sql`exists (select 1 from usuarios autor where autor.id = ${session.usuarioId} and ${usuarioAlcanca('autor', 'd')})`,
    )}
    order by d.nome, d.id limit 50`);
  return rows;
}

/** How many of the users `ids` the caller may not address (unknown or out of reach). */
export async function unreachableUsers(db: DbOrTx, session: Session, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const scope = usuarioScope(session);
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from unnest(${arrayOf(ids)}) v
    where v not in (select usuarios.id from usuarios where ${scope ?? sql`true`})`);
  return Number(rows[0]!.n);
}

/** Condition on `s` (comunicado_series): the series the caller lists, uses and keeps, those of authors they reach. */
export const serieScope = (session: Session) => autorScope(session, sql`s.autor_id`);

/** Whether series `id` is in the caller's reach (serieScope), and active when `ativa`. */
export async function serieNoAlcance(db: DbOrTx, session: Session, id: number, ativa = false) {
  const { rows } = await db.execute(
    sql`select 1 from comunicado_series s where ${allOf(sql`s.id = ${id}`, ativa ? sql`s.active` : undefined, serieScope(session))}`,
  );
  return rows.length > 0;
}

export async function departamentoExiste(db: DbOrTx, id: number) {
  const { rows } = await db.execute(sql`select 1 from departamentos where id = ${id}`);
  return rows.length > 0;
}

/**
 * Attachments the draft may carry: files of the announcements' area that the caller uploaded, or
 * that it carries already. Answers how many of `ids` are not, and the total of their sizes.
 */
export async function anexos(db: DbOrTx, session: Session, comunicadoId: number | null, ids: readonly number[]) {
  const { rows } = await db.execute<{ invalidos: number; total: number }>(sql`select
      count(*) filter (where a.id is null)::int as invalidos, coalesce(sum(a.tamanho), 0)::float8 as total
    from unnest(${arrayOf(ids)}) v left join arquivos a on a.id = v and a.chave like 'comunicados/%'
      and (a.autor_id = ${session.usuarioId} or exists (select 1 from comunicado_arquivos ca
        where ca.arquivo_id = a.id and ca.comunicado_id = ${comunicadoId ?? 0}))`);
  return { invalidos: Number(rows[0]!.invalidos), total: Number(rows[0]!.total) };
}

/** The attachments' bytes an announcement carries now. */
export async function anexosTotal(db: DbOrTx, comunicadoId: number): Promise<number> {
  const { rows } = await db.execute<{ total: number }>(sql`select coalesce(sum(a.tamanho), 0)::float8 as total
    from comunicado_arquivos ca join arquivos a on a.id = ca.arquivo_id where ca.comunicado_id = ${comunicadoId}`);
  return Number(rows[0]!.total);
}

/**
 * Inserts or updates the draft (its message sanitised already, index.ts comMensagemArmazenada) and replaces its lists (groups, removed users, loose e-mails, labels,
 * attachments), each by one statement from the validated arrays. New labels are created (a unique
 * index on the folded name keeps one of each). Answers the id.
 */
export async function write(tx: DbOrTx, session: Session, input: ComunicadoValues): Promise<number> {
  const values = sql`${input.titulo}, ${input.mensagem}, ${input.departamentoId}, ${input.serieId}, ${input.exigeConfirmacao},
    ${input.templateName}, ${input.aprovadorId}, ${input.dataHoraAgendamento}::timestamptz`;
  let id = input.id ?? undefined;
  if (id) {
    await tx.execute(sql`update comunicados set (titulo, mensagem, departamento_id, serie_id, exige_confirmacao,
        template_name, aprovador_id, agendado_para) = (${values}), estado = 'RASCUNHO', updated_at = now()
      where id = ${id}`);
  } else {
    const { rows } = await tx.execute<{ id: number }>(sql`insert into comunicados (titulo, mensagem, departamento_id,
        serie_id, exige_confirmacao, template_name, aprovador_id, agendado_para, autor_id)
      values (${values}, ${session.usuarioId}) returning id`);
    id = Number(rows[0]!.id);
  }
  await replaceLists(tx, id, input);
  return id;
}

/**
 * The images of the file store that the stored messages of the announcements `onde` (a condition on
 * `comunicados c`) show, by their links (`/api/comunicados/imagens/{id}/...`, anexos.ts): the
 * files' ids (`id`). Migration 0038 listed those of the messages saved before.
 */
const imagensDaMensagem = (onde: SQL) => sql`select distinct a.id from comunicados c
  cross join regexp_matches(c.mensagem, '/api/comunicados/imagens/([0-9]{1,9})/', 'g') as m(g)
  join arquivos a on a.id = (m.g[1])::int and a.chave like 'comunicados/%'
  where ${onde}`;

async function replaceLists(
  tx: DbOrTx,
  id: number,
  input: Pick<ComunicadoValues, 'grupoIds' | 'usuarioRemovidoIds' | 'emailsAvulsos' | 'etiquetas' | 'arquivoIds'>,
) {
  const link = async (table: string, column: string, ids: readonly number[]) => {
    const list = arrayOf([...new Set(ids)]);
    await tx.execute(sql`with fora as (delete from ${sql.raw(table)} where comunicado_id = ${id}
        and not (${sql.raw(column)} = any(${list})))
      insert into ${sql.raw(table)} (comunicado_id, ${sql.raw(column)}) select ${id}, unnest(${list}) on conflict do nothing`);
  };
  await link('comunicado_grupos', 'grupo_usuarios_id', input.grupoIds);
  await link('comunicado_usuarios_removidos', 'usuario_id', input.usuarioRemovidoIds);
  const emails = sql`${sql.param(input.emailsAvulsos)}::text[]`;
  await tx.execute(sql`with fora as (delete from comunicado_emails where comunicado_id = ${id} and avulso
      and not (email = any(${emails})))
    insert into comunicado_emails (comunicado_id, email, avulso) select ${id}, unnest(${emails}), true
    on conflict do nothing`);
  const nomes = sql`${sql.param(input.etiquetas)}::text[]`;
  await tx.execute(
    sql`insert into comunicado_etiquetas (nome) select unnest(${nomes}) on conflict (fold(nome)) do nothing`,
  );
  await tx.execute(sql`with escolhidas as (select e.id from comunicado_etiquetas e
        where fold(e.nome) in (select fold(n) from unnest(${nomes}) n)),
      fora as (delete from comunicado_etiquetas_comunicados where comunicado_id = ${id}
        and etiqueta_id not in (select id from escolhidas))
    insert into comunicado_etiquetas_comunicados (comunicado_id, etiqueta_id) select ${id}, id from escolhidas
    on conflict do nothing`);
  await tx.execute(sql`with usadas as (${imagensDaMensagem(sql`c.id = ${id}`)}),
      fora as (delete from comunicado_imagens where comunicado_id = ${id} and arquivo_id not in (select id from usadas))
    insert into comunicado_imagens (comunicado_id, arquivo_id) select ${id}, id from usadas on conflict do nothing`);
  const arquivos = arrayOf(input.arquivoIds);
  await tx.execute(sql`with fora as (delete from comunicado_arquivos where comunicado_id = ${id}
      and not (arquivo_id = any(${arquivos})))
    insert into comunicado_arquivos (comunicado_id, arquivo_id, ordem)
    select ${id}, a.id, a.ordem::int from unnest(${arquivos}) with ordinality as a(id, ordem)
    on conflict (comunicado_id, arquivo_id) do update set ordem = excluded.ordem`);
}

/** An erratum: a draft linked to the original, with its justification and choices, by the caller (its message sanitised already). */
export async function insertErrata(
  tx: DbOrTx,
  session: Session,
  original: ComunicadoRow,
  errata: {
    titulo: string;
    mensagem: string;
    justificativa: string;
    renotificar: boolean;
    reiniciarLeitura: boolean;
    arquivoIds: number[];
  },
): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`insert into comunicados (titulo, mensagem, departamento_id,
      exige_confirmacao, template_name, autor_id, id_parent, justificativa, renotificar, reiniciar_leitura)
    select ${errata.titulo}, ${errata.mensagem}, c.departamento_id, c.exige_confirmacao,
      c.template_name, ${session.usuarioId}, c.id, ${errata.justificativa}, ${errata.renotificar},
      ${errata.reiniciarLeitura}
    from comunicados c where c.id = ${original.id} returning id`);
  const id = Number(rows[0]!.id);
  await replaceLists(tx, id, {
    grupoIds: [],
    usuarioRemovidoIds: [],
    emailsAvulsos: [],
    etiquetas: original.etiquetas.map((e) => e.nome),
    arquivoIds: errata.arquivoIds,
  });
  return id;
}
