import { asc, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Policy } from '../../domain/policies';
import { MAX_UNPAGED_ROWS } from '../../domain/schemas/lista';
import type { VersionedTable } from '../audit/write';
import type { Db, DbOrTx } from '../db/client';
import type { SignedInContext } from '../graphql/context';
import { operation, type Feature, type Operations } from '../graphql/operation';
import { nameTaken, referenceExport, remove, save, type ExportSpec, type SaveSpec } from './index';

type Row = Record<string, unknown> & { id: number };

/**
 * The data access of a plain reference table (positions, divisions, departments, dismissal
 * reasons): the whole list in `order`, one row, insert, update, delete and whether a name is taken.
 * Tables whose rows join others (sectors, social networks, brands) keep queries of their own.
 */
export function referenceQueries<T extends PgTable & VersionedTable>(
  table: T,
  order: AnyPgColumn,
  nameColumn: AnyPgColumn = order,
) {
  type R = T['$inferSelect'] & Row;
  type Values = Omit<T['$inferInsert'], 'id' | 'version'>;
  const byId = (id: number) => eq(table.id, id);
  return {
    list: (db: DbOrTx) =>
      db
        .select()
        .from(table as PgTable)
        .orderBy(asc(order))
        .limit(MAX_UNPAGED_ROWS) as unknown as Promise<R[]>,
    async find(db: DbOrTx, id: number): Promise<R | undefined> {
      const [row] = await db
        .select()
        .from(table as PgTable)
        .where(byId(id));
      return row as R | undefined;
    },
    async insert(db: DbOrTx, values: Values): Promise<R> {
      const rows = (await db
        .insert(table)
        .values(values as never)
        .returning()) as unknown as R[];
      return rows[0]!;
    },
    async update(db: DbOrTx, id: number, values: Partial<Values>): Promise<R> {
      const rows = (await db
        .update(table)
        .set(values as never)
        .where(byId(id))
        .returning()) as unknown as R[];
      return rows[0]!;
    },
    remove: (db: DbOrTx, id: number) => db.delete(table).where(byId(id)),
    nameTaken: (db: DbOrTx, nome: string, exceptId?: number) => nameTaken(db, nameColumn, table.id, nome, exceptId),
  };
}

interface ReferencePolicies {
  options: Policy;
  create: Policy;
  edit: Policy;
  export: Policy;
  delete?: Policy;
}

/** What one reference feature says of itself; the operations every one of them has are built from it. */
export interface ReferenceFeatureSpec<S extends z.ZodType<{ id?: number | null }>, R extends Row> {
  /** The list's name: its query, its export and its route (`cargos`). */
  name: string;
  /** The record's name in the mutations `salvar<Record>` and `excluir<Record>` (`Cargo`). */
  record: string;
  /** The argument of `salvar<Record>` (`cargo`). */
  arg: string;
  policies: ReferencePolicies;
  typeDefs: string;
  /** The save (server/reference `save`): audit kind, table, schema, reads and writes, unique name. */
  save: Omit<SaveSpec<S, R>, 'create'>;
  /** Present when records may be removed (`excluir<Record>`, with `policies.delete`). */
  remove?(db: DbOrTx, id: number): Promise<unknown>;
  /** The export of the list; its `read` answers the list query unless `list` is given. */
  export: Omit<ExportSpec<R>, 'policy' | 'fileName'> & { read(db: Db): Promise<R[]> };
  /** The list query's resolver, when it takes arguments or reads more than the export. */
  list?(args: unknown, ctx: SignedInContext): unknown;
  /** Operations of this feature alone. */
  Query?: Operations;
  Mutation?: Operations;
}

/**
 * One reference-data feature (spec section 7's small lists kept by the provider's staff): the list
 * query, its CSV/XLSX export, the audited save and, where allowed, the removal of an unused record.
 */
export function referenceFeature<S extends z.ZodType<{ id?: number | null }>, R extends Row>(
  spec: ReferenceFeatureSpec<S, R>,
): Feature {
  const saveSpec: SaveSpec<S, R> = { ...spec.save, create: spec.policies.create };
  const removeSpec = spec.remove && {
    tipo: spec.save.tipo,
    table: spec.save.table,
    find: spec.save.find,
    remove: spec.remove,
  };
  return {
    exports: {
      [spec.name]: referenceExport<R>({
        ...spec.export,
        policy: spec.policies.export,
        fileName: `routes.${spec.name}`,
      }),
    },
    typeDefs: spec.typeDefs,
    Query: {
      [spec.name]: operation({
        policy: spec.policies.options,
        resolve: (args: unknown, ctx) => (spec.list ? spec.list(args, ctx) : spec.export.read(ctx.db)),
      }),
      ...spec.Query,
    },
    Mutation: {
      [`salvar${spec.record}`]: operation({
        policy: spec.policies.edit,
        resolve: (args: Record<string, unknown>, ctx) => save(saveSpec, args[spec.arg], ctx),
      }),
      ...(removeSpec && spec.policies.delete
        ? {
            [`excluir${spec.record}`]: operation({
              policy: spec.policies.delete,
              resolve: (args: unknown, ctx) => remove(removeSpec, args, ctx),
            }),
          }
        : {}),
      ...spec.Mutation,
    },
  };
}
