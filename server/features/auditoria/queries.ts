import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { usuarioScope, type Session } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { auditoria, usuarios } from '../../db/schema';

export interface HistoricoFilter {
  tipo: string;
  registroId: string;
  campo?: string;
  page: number;
  rowsPerPage: number;
}

const isObject = (column: AnyPgColumn) => sql`jsonb_typeof(${column}) = 'object'`;

/** The field names of a jsonb column, none when it holds no object (e.g. null). */
const keysOf = (column: AnyPgColumn) =>
  sql<string>`jsonb_object_keys(case when ${isObject(column)} then ${column} else '{}'::jsonb end)`;

/**
 * The entries of one record: its own, which the (tipo, registro_id, data) index serves, and those
 * recorded once for many records that name it in `registros` (a group cascade), found by the GIN index.
 */
function ofRecord(tipo: string, registroId: string): SQL {
  const own = eq(auditoria.registroId, registroId);
  const named = /^\d{1,9}$/.test(registroId)
    ? sql`${auditoria.registros} @> array[${Number(registroId)}::int]`
    : undefined;
  return and(eq(auditoria.tipo, tipo), named ? or(own, named) : own)!;
}

/** Entries whose previous or new value holds the field. */
function touching(campo: string): SQL {
  return sql`((${isObject(auditoria.valorAnterior)} and ${auditoria.valorAnterior} ? ${campo})
    or (${isObject(auditoria.valorNovo)} and ${auditoria.valorNovo} ? ${campo}))`;
}

/**
 * One page of a record's history, newest first, with the total and every field its history names.
 * An author outside the caller's scope (usuarioScope: e.g. another brand's manufacturer who changed
 * a dealer both brands sell) comes without name and e-mail.
 */
export async function historico(db: DbOrTx, session: Session, filter: HistoricoFilter) {
  const autorVisivel = usuarioScope(session) ?? sql`true`;
  const base = ofRecord(filter.tipo, filter.registroId);
  const where = filter.campo ? and(base, touching(filter.campo)) : base;
  const [content, [{ total }], campos] = await Promise.all([
    db
      .select({
        id: auditoria.id,
        alteracao: auditoria.alteracao,
        data: auditoria.data,
        valorAnterior: auditoria.valorAnterior,
        valorNovo: auditoria.valorNovo,
        autorId: auditoria.autorId,
        autorVisivel: sql<boolean>`coalesce(${autorVisivel}, false)`,
        autorNome: usuarios.nome,
        autorEmail: usuarios.email,
      })
      .from(auditoria)
      .leftJoin(usuarios, eq(usuarios.id, auditoria.autorId))
      .where(where)
      // Entries of one transaction share its timestamp: the id keeps their order.
      .orderBy(desc(auditoria.data), desc(auditoria.id))
      .limit(filter.rowsPerPage)
      .offset(filter.page * filter.rowsPerPage),
    db.select({ total: count() }).from(auditoria).where(where),
    db
      .select({ campo: keysOf(auditoria.valorAnterior).as('campo') })
      .from(auditoria)
      .where(base)
      .union(
        db
          .select({ campo: keysOf(auditoria.valorNovo).as('campo') })
          .from(auditoria)
          .where(base),
      ),
  ]);
  return {
    content,
    totalElements: total,
    campos: campos.map((row) => row.campo).sort(),
  };
}
