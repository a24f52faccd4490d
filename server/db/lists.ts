import { and, asc, desc, getTableName, sql, type AnyColumn, type SQL, type Table } from 'drizzle-orm';
import type { DbOrTx } from './client';

// Building blocks of the paged lists (filterInput of spec section 7): search, sort and page.

export interface ListInput<F extends string = string> {
  page: number;
  rowsPerPage: number;
  busca?: string | null;
  sort?: { field: F; order: 'ASC' | 'DESC' } | null;
}

export const pageOf = ({ page, rowsPerPage }: ListInput) => ({ limit: rowsPerPage, offset: page * rowsPerPage });

/** `%text%` for LIKE over fold()ed values, with LIKE's wildcards in the text escaped. */
export function containsPattern(busca: string): string {
  return `%${busca.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case- and accent-insensitive "contains" on any of the expressions (fold() is in migration 0001). */
export function searchAny(busca: string | null | undefined, expressions: (AnyColumn | SQL)[]): SQL | undefined {
  const text = busca?.trim();
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return sql`(${sql.join(
    expressions.map((e) => sql`fold(${e}) like fold(${pattern})`),
    sql` or `,
  )})`;
}

/**
 * A document typed with its mask (12.345.678/0001-90, 123.456.789-09, the alphanumeric CNPJ's
 * 12.ABC.345/01DE-35) without the mask's dots, slashes and dashes, as documents are stored;
 * undefined when the text is not such a token (no digit, or a space).
 */
export function withoutMask(text: string): string | undefined {
  return /^[\dA-Za-z./-]+$/.test(text) && /\d/.test(text) && /[./-]/.test(text)
    ? text.replace(/[./-]/g, '')
    : undefined;
}

/**
 * "Contains" on a column already folded (e.g. dealers.busca, kept by the database). A masked
 * document also matches unmasked, so a CNPJ pasted from a letter finds its dealer.
 */
export function searchIn(busca: string | null | undefined, folded: AnyColumn): SQL | undefined {
  const text = busca?.trim();
  if (!text) return undefined;
  const contains = (term: string) => sql`${folded} like fold(${containsPattern(term)})`;
  const bare = withoutMask(text);
  return bare ? sql`(${contains(text)} or ${contains(bare)})` : contains(text);
}

/** ORDER BY the requested field (from a closed map) then by id, so pages are stable. */
export function orderOf<F extends string>(
  sort: ListInput<F>['sort'],
  columns: Record<F, AnyColumn | SQL>,
  fallback: F,
  id: AnyColumn,
): SQL[] {
  const field = sort?.field ?? fallback;
  const direction = sort?.order === 'DESC' ? desc : asc;
  return [direction(columns[field]), direction(id)];
}

/** `and` that drops absent conditions (undefined when none is left). */
export const allOf = (...conditions: (SQL | undefined)[]) => and(...conditions.filter((c) => c !== undefined));

/**
 * `"table"."id"` for correlated subqueries: drizzle leaves columns unqualified in a one-table
 * select, where a bare `id` would bind to the subquery's own table instead.
 */
export const idOf = (table: Table) => sql.raw(`"${getTableName(table)}"."id"`);

/**
 * One page and the total: the page query stops at its last row (no window over the whole set),
 * and the count runs only when the first page is full or a later page is asked for.
 */
export async function pageWithTotal<R>(
  input: ListInput,
  fetchPage: (limit: number, offset: number) => Promise<R[]>,
  count: () => Promise<number>,
): Promise<{ content: R[]; totalElements: number }> {
  const { limit, offset } = pageOf(input);
  const content = await fetchPage(limit, offset);
  const totalElements = offset === 0 && content.length < limit ? content.length : await count();
  return { content, totalElements };
}

export interface OnePassList {
  /**
   * The list's rows, narrow: `select <key>, <sort columns> from ... where ...`. It is computed once
   * and held (`with lista as materialized`), so keep it to what the count and the order need.
   */
  rows: SQL;
  /** ORDER BY over the columns of `rows`, qualified by `lista` and ending with a unique key (`lista.nome, lista.id`). */
  order: SQL;
  /** The page's select list, over the page's `lista` rows and what `join` brings. */
  columns: SQL;
  /** Joins from the page's `lista` rows to the page's other columns (`join usuarios on usuarios.id = lista.id`). */
  join?: SQL;
}

/**
 * One page and the total in ONE statement that computes the list's rows once: the count and the
 * page (a top-N sort) both read the materialized rows, in one snapshot, and the other columns are
 * read for the page's rows only. For lists whose rows cost more than holding them (the audience
 * engine's recipients: each of pageWithTotal's two statements would compute the whole set); a
 * list whose first page can stop early on an index (and whose count is cheap) is better served
 * by pageWithTotal. A page past the end still gets the total (a row with no page columns).
 */
export async function pageWithTotalOnce<R extends Record<string, unknown>>(
  db: DbOrTx,
  input: ListInput,
  list: OnePassList,
): Promise<{ content: R[]; totalElements: number }> {
  const result = await db.execute<R & { __total: number | string; __ordem: number | string | null }>(
    onePassStatement(input, list),
  );
  const totalElements = Number(result.rows[0]?.__total ?? 0);
  const content = result.rows
    .filter((row) => row.__ordem !== null)
    .map(({ __total: _total, __ordem: _ordem, ...row }) => row as unknown as R);
  return { content, totalElements };
}

/** pageWithTotalOnce's statement (benchmarks explain it): rows `__total`, `__ordem` (null on a page past the end) and the columns. */
export function onePassStatement(input: ListInput, { rows, order, columns, join }: OnePassList): SQL {
  const { limit, offset } = pageOf(input);
  return sql`with lista as materialized (${rows})
    select total.n as "__total", pagina.* from (select count(*) as n from lista) total
    left join (
      select row_number() over (order by ${order}) as "__ordem", ${columns}
      from (select * from lista order by ${order} limit ${limit} offset ${offset}) lista ${join ?? sql``}
    ) pagina on true
    order by pagina."__ordem"`;
}

/**
 * An integer (or enum) array literal of validated values: one parameter however many values it
 * holds, and a constant the planner estimates from the column's statistics.
 */
export const arrayOf = (values: readonly (number | string)[], type: 'int' | 'tipo_usuario' = 'int') =>
  sql`${`{${values.join(',')}}`}::${sql.raw(type)}[]`;

/** `select count(*)` of a list's where clause. */
export const countOf = (value: SQL | AnyColumn = sql`*`) => sql<number>`count(${value})`.mapWith(Number);
