import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { NOTIFICACOES_CONTAGEM_MAX, type NotificacaoFilter } from '../../../domain/schemas/notificacao';
import type { DbOrTx } from '../../db/client';
import { pageWithTotal } from '../../db/lists';
import { notificacaoDestinatarios as d, notificacoes as n, produtos, usuarios } from '../../db/schema';
import { escapeHtml } from '../../html';

// Data access of a user's notifications (drizzle only). Every read is of one recipient's rows: the
// primary key (usuario_id, notificacao_id) orders them newest first, the partial index counts the
// unseen ones.

const columns = {
  id: n.id,
  titulo: n.titulo,
  texto: n.texto,
  data: n.createdAt,
  produto: produtos.nome,
  link: n.link,
  recente: sql<boolean>`not ${d.visualizada}`,
  lida: d.lida,
  nome: usuarios.nome,
  email: usuarios.email,
};

type Row = { [K in keyof typeof columns]: unknown } & { texto: string; data: Date; nome: string; email: string };

/** The rows of one recipient with their texts; `where` narrows them. */
function recipientRows(db: DbOrTx, usuarioId: number, where?: SQL) {
  return db
    .select(columns)
    .from(d)
    .innerJoin(n, eq(n.id, d.notificacaoId))
    .innerJoin(usuarios, eq(usuarios.id, d.usuarioId))
    .leftJoin(produtos, eq(produtos.id, n.produtoId))
    .where(and(eq(d.usuarioId, usuarioId), where))
    .orderBy(desc(d.notificacaoId));
}

/** A notification as its reader sees it: the placeholders hold their own name and e-mail, as text. */
export function view(row: Row) {
  const { nome, email, texto, data, ...rest } = row;
  const values: Record<string, string> = { nome, email };
  return {
    ...rest,
    texto: texto.replace(/\{(nome|email)\}/g, (_match, key: string) => escapeHtml(values[key]!)),
    data: data.toISOString(),
  };
}

export async function newest(db: DbOrTx, usuarioId: number, limit: number) {
  return (await recipientRows(db, usuarioId).limit(limit)).map((row) => view(row as Row));
}

export async function page(db: DbOrTx, usuarioId: number, filter: NotificacaoFilter) {
  const where = filter.naoLidas ? sql`not ${d.lida}` : undefined;
  return pageWithTotal(
    filter,
    async (limit, offset) =>
      (await recipientRows(db, usuarioId, where).limit(limit).offset(offset)).map((row) => view(row as Row)),
    async () => {
      const [{ total }] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(d)
        .where(and(eq(d.usuarioId, usuarioId), where));
      return total;
    },
  );
}

export async function one(db: DbOrTx, usuarioId: number, id: number) {
  const [row] = await recipientRows(db, usuarioId, eq(d.notificacaoId, id));
  return row && view(row as Row);
}

/** The unseen count, counted no further than the bell shows (bounded however many there are). */
export async function countUnseen(db: DbOrTx, usuarioId: number): Promise<number> {
  const { rows } = await db.execute<{ total: number }>(sql`select count(*)::int as total from (
      select 1 from notificacao_destinatarios
      where usuario_id = ${usuarioId} and not visualizada limit ${NOTIFICACOES_CONTAGEM_MAX}) unseen`);
  return Number(rows[0]!.total);
}

/** Runs an UPDATE ... RETURNING 1 and answers how many rows it changed (not the rows themselves). */
async function changed(db: DbOrTx, update: SQL): Promise<number> {
  const { rows } = await db.execute<{ total: number }>(
    sql`with changed as (${update}) select count(*)::int as total from changed`,
  );
  return Number(rows[0]!.total);
}

export const markSeen = (db: DbOrTx, usuarioId: number) =>
  changed(
    db,
    sql`update notificacao_destinatarios set visualizada = true
      where usuario_id = ${usuarioId} and not visualizada returning 1`,
  );

/**
 * Marks read (and seen) a user's notifications that told them of records of a feature (`origem`)
 * now read where they live (an announcement opened in its reader): the bell stops counting them.
 * `origemIds` is a subquery of the records' ids. Answers how many changed.
 */
export const markReadOfOrigin = (db: DbOrTx, usuarioId: number, origem: string, origemIds: SQL) =>
  changed(
    db,
    sql`update notificacao_destinatarios d set lida = true, visualizada = true
      where d.usuario_id = ${usuarioId} and not d.lida
        and d.notificacao_id in (select n.id from notificacoes n where n.origem = ${origem} and n.origem_id in (${origemIds}))
      returning 1`,
  );

/** Marks one (or, without `id`, every) notification of the user read, and seen. Answers how many. */
export const markRead = (db: DbOrTx, usuarioId: number, id?: number) =>
  changed(
    db,
    sql`update notificacao_destinatarios set lida = true, visualizada = true
      where usuario_id = ${usuarioId} and ${id === undefined ? sql`not lida` : sql`notificacao_id = ${id}`}
      returning 1`,
  );
