import { sql, type SQL } from 'drizzle-orm';
import type {
  NotificacaoGenericaFilter,
  NotificacaoGenericaValues,
  TipoNotificacaoGenerica,
} from '../../../domain/schemas/notificacaoGenerica';
import { autorScope, type Session } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { allOf, arrayOf, pageWithTotal, searchAny } from '../../db/lists';
import { sanitizeRichText } from '../../html';

// Data access of models and generic notifications (SQL through drizzle's `sql`: the record joins
// its product, model, groups and author, each a correlated subquery on the one row).

export interface NotificacaoGenericaRow {
  id: number;
  version: number;
  tipo: TipoNotificacaoGenerica;
  estado: 'rascunho' | 'agendada' | 'enviada';
  titulo: string;
  texto: string;
  link: string | null;
  produto: { id: number; nome: string } | null;
  modelo: { id: number; titulo: string } | null;
  modeloVersao: number | null;
  grupos: { id: number; nome: string }[];
  dataHoraAgendamento: string | null;
  enviadaEm: string | null;
  destinatarios: number | null;
  autor: { id: number; nome: string; email: string; tipo: string } | null;
  createdAt: string;
  totalVersoes: number;
}

const iso = (column: string) => sql.raw(`(to_json(${column}) #>> '{}')`);
const contato = (id: string) =>
  sql.raw(`(select json_build_object('id', u.id, 'nome', u.nome, 'email', u.email, 'tipo', u.tipo)
    from usuarios u where u.id = ${id})`);

const COLUMNS = sql`ng.id, ng.version, ng.tipo, ng.estado, ng.titulo, ng.texto, ng.link,
  (select json_build_object('id', p.id, 'nome', p.nome) from produtos p where p.id = ng.produto_id) as produto,
  (select json_build_object('id', m.id, 'titulo', m.titulo) from notificacoes_genericas m where m.id = ng.modelo_id) as modelo,
  ng.modelo_versao as "modeloVersao",
  coalesce((select json_agg(json_build_object('id', gu.id, 'nome', gu.nome) order by gu.nome, gu.id)
    from notificacao_generica_grupos ngg join grupos_usuarios gu on gu.id = ngg.grupo_usuarios_id
    where ngg.notificacao_generica_id = ng.id), '[]') as grupos,
  ${iso('ng.agendado_para')} as "dataHoraAgendamento", ${iso('ng.enviada_em')} as "enviadaEm",
  ng.destinatarios, ${contato('ng.autor_id')} as autor, ${iso('ng.created_at')} as "createdAt",
  (select count(*)::int from notificacao_generica_versoes v where v.notificacao_generica_id = ng.id) as "totalVersoes"`;

/**
 * Condition on `ng`: the records the caller reaches, those whose author is a user they see
 * (usuarioScope: a manufacturer's colleagues of its brands, a dealer group's of its dealers).
 */
export function scopeOf(session: Session): SQL | undefined {
  return autorScope(session, sql`ng.autor_id`);
}

export async function find(db: DbOrTx, session: Session, id: number): Promise<NotificacaoGenericaRow | undefined> {
  const { rows } = await db.execute<NotificacaoGenericaRow & Record<string, unknown>>(
    sql`select ${COLUMNS} from notificacoes_genericas ng where ${allOf(sql`ng.id = ${id}`, scopeOf(session))}`,
  );
  return rows[0];
}

export function list(db: DbOrTx, session: Session, filter: NotificacaoGenericaFilter) {
  const where = allOf(sql`ng.tipo = ${filter.tipo}`, scopeOf(session), searchAny(filter.busca, [sql`ng.titulo`]));
  const order =
    filter.sort?.field === 'titulo'
      ? sql.raw(`fold(ng.titulo) ${filter.sort.order === 'DESC' ? 'desc' : 'asc'}, ng.id`)
      : sql.raw(`ng.created_at ${filter.sort?.order === 'ASC' ? 'asc' : 'desc'}, ng.id desc`);
  return pageWithTotal(
    filter,
    async (limit, offset) =>
      (
        await db.execute<NotificacaoGenericaRow & Record<string, unknown>>(
          sql`select ${COLUMNS} from notificacoes_genericas ng where ${where} order by ${order} limit ${limit} offset ${offset}`,
        )
      ).rows,
    async () =>
      Number(
        (await db.execute<{ n: number }>(sql`select count(*)::int as n from notificacoes_genericas ng where ${where}`))
          .rows[0]!.n,
      ),
  );
}

export async function versoes(db: DbOrTx, id: number) {
  const { rows } = await db.execute(sql`select v.versao, v.titulo, v.texto, v.link, v.produto_id as "produtoId",
      ${contato('v.autor_id')} as autor, ${iso('v.created_at')} as "createdAt"
    from notificacao_generica_versoes v where v.notificacao_generica_id = ${id} order by v.versao desc`);
  return rows;
}

/** The groups among `ids` the caller may not use (shared with the announcements: server/authz). */
export { unusableGroups } from '../../authz';

/** Models the caller reaches that `id` may name as its model. */
export async function modeloExists(db: DbOrTx, session: Session, id: number): Promise<boolean> {
  const { rows } = await db.execute(
    sql`select 1 from notificacoes_genericas ng where ${allOf(sql`ng.id = ${id} and ng.tipo = 'modelo'`, scopeOf(session))}`,
  );
  return rows.length > 0;
}

/** Whether the product exists (the notification's product, chosen from the products' list). */
export async function produtoExists(db: DbOrTx, id: number): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from produtos where id = ${id}`);
  return rows.length > 0;
}

/**
 * Inserts or updates the record and its groups, and records the saved text as its next version
 * (set-based: the groups by one statement from the validated array). Answers the id.
 */
export async function write(
  tx: DbOrTx,
  session: Session,
  input: NotificacaoGenericaValues,
  modeloVersao: number | null,
): Promise<number> {
  const texto = sanitizeRichText(input.texto);
  let id = input.id ?? undefined;
  if (id) {
    await tx.execute(sql`update notificacoes_genericas set titulo = ${input.titulo}, texto = ${texto},
      link = ${input.link}, produto_id = ${input.produtoId}, modelo_id = ${input.modeloId}, modelo_versao = ${modeloVersao}
      where id = ${id}`);
  } else {
    const { rows } = await tx.execute<{ id: number }>(sql`insert into notificacoes_genericas
      (tipo, titulo, texto, link, produto_id, modelo_id, modelo_versao, autor_id)
      values (${input.tipo}, ${input.titulo}, ${texto}, ${input.link}, ${input.produtoId}, ${input.modeloId},
        ${modeloVersao}, ${session.usuarioId})
      returning id`);
    id = Number(rows[0]!.id);
  }
  const grupos = [...new Set(input.grupoIds)];
  await tx.execute(sql`with fora as (
      delete from notificacao_generica_grupos where notificacao_generica_id = ${id}
        and not (grupo_usuarios_id = any(${arrayOf(grupos)})))
    insert into notificacao_generica_grupos (notificacao_generica_id, grupo_usuarios_id)
    select ${id}, unnest(${arrayOf(grupos)}) on conflict do nothing`);
  await tx.execute(sql`insert into notificacao_generica_versoes
      (notificacao_generica_id, versao, titulo, texto, link, produto_id, autor_id)
    select ng.id, coalesce((select max(v.versao) from notificacao_generica_versoes v
        where v.notificacao_generica_id = ng.id), 0) + 1, ng.titulo, ng.texto, ng.link, ng.produto_id, ${session.usuarioId}
    from notificacoes_genericas ng where ng.id = ${id}`);
  return id;
}

/** The latest version number of a model (what a notification written from it records). */
export async function latestVersao(db: DbOrTx, id: number): Promise<number | null> {
  const { rows } = await db.execute<{ v: number | null }>(
    sql`select max(versao) as v from notificacao_generica_versoes where notificacao_generica_id = ${id}`,
  );
  return rows[0]?.v == null ? null : Number(rows[0].v);
}

/** A new draft with the same text and groups, by the caller. Answers its id. */
export async function copy(tx: DbOrTx, session: Session, id: number): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`insert into notificacoes_genericas
      (tipo, titulo, texto, link, produto_id, modelo_id, modelo_versao, autor_id)
    select tipo, titulo, texto, link, produto_id, modelo_id, modelo_versao, ${session.usuarioId}
    from notificacoes_genericas where id = ${id} returning id`);
  const copia = Number(rows[0]!.id);
  await tx.execute(sql`insert into notificacao_generica_grupos (notificacao_generica_id, grupo_usuarios_id)
    select ${copia}, grupo_usuarios_id from notificacao_generica_grupos where notificacao_generica_id = ${id}`);
  await tx.execute(sql`insert into notificacao_generica_versoes
      (notificacao_generica_id, versao, titulo, texto, link, produto_id, autor_id)
    select id, 1, titulo, texto, link, produto_id, autor_id from notificacoes_genericas where id = ${copia}`);
  return copia;
}
