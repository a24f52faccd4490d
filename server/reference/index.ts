import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Policy } from '../../domain/policies';
import { authorize } from '../authz';
import type { Idioma } from '../../domain/enums';
import { idArgSchema } from '../../domain/schemas/referencia';
import { versionField } from '../../domain/schemas/campos';
import { auditedDelete, auditedWrite, type VersionedTable } from '../audit/write';
import type { Db, DbOrTx } from '../db/client';
import { listExport, type ExportColumn, type ListExport } from '../export';
import type { SignedInContext } from '../graphql/context';
import { badUserInputKeys, notFound, portalError } from '../graphql/errors';
import { parseInput } from '../graphql/input';

// What the reference-data features (marcas, cargos, departamentos, divisoes, setores, desligamentos,
// redesSociais) share: small lists read whole, written by the provider's staff through the audited
// write, exported with the client's filters. Each of them is its own feature in server/features.

type Row = Record<string, unknown> & { id: number };

export const fieldError = (idioma: Idioma, field: string, key: string) => badUserInputKeys(idioma, { [field]: key });

/**
 * The audited fields of a record: nested objects (a sector's division) are left out, their ids stay;
 * lists of plain values (a report's function keys) stay.
 */
export function auditView(row: Row): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).filter(
      ([key, value]) =>
        key !== 'id' && key !== 'version' && (value === null || typeof value !== 'object' || Array.isArray(value)),
    ),
  );
}

/**
 * The unique indexes' comparison of a name (fold(): no case, no accents; migration 0001), the input
 * trimmed: `Vendas`, ` vendas` and `Véndas` are the same name.
 */
const sameName = (column: AnyPgColumn, nome: string): SQL => sql`fold(${column}) = fold(${nome.trim()})`;

/** Whether another row (not `exceptId`) already holds `nome` in `column`. */
export async function nameTaken(
  db: DbOrTx,
  column: AnyPgColumn,
  idColumn: AnyPgColumn,
  nome: string,
  exceptId?: number,
) {
  const rows = await db
    .select({ id: idColumn })
    .from(column.table)
    .where(exceptId ? sql`${sameName(column, nome)} and ${idColumn} <> ${exceptId}` : sameName(column, nome))
    .limit(1);
  return rows.length > 0;
}

export interface SaveSpec<S extends z.ZodType<{ id?: number | null }>, R extends Row> {
  /** Audit record kind, e.g. 'CARGO'. */
  tipo: string;
  /** The policy of a create (the operation's own policy is the edit's). */
  create: Policy;
  table: VersionedTable;
  schema: S;
  find(db: DbOrTx, id: number): Promise<R | undefined>;
  insert(db: DbOrTx, values: Omit<z.output<S>, 'id' | 'version'>): Promise<{ id: number }>;
  update(db: DbOrTx, id: number, values: Omit<z.output<S>, 'id' | 'version'>): Promise<unknown>;
  /**
   * The field a unique index guards (name without case or accents, see db/schema): a violation
   * becomes its field error. `taken` checks first where a query is at hand.
   */
  uniqueName: {
    field: keyof z.output<S> & string;
    taken?(db: DbOrTx, nome: string, exceptId?: number): Promise<boolean>;
    /** The field error's i18n key (default `referencia.errors.nameInUse`). */
    message?: string;
  };
  /** Further checks of the parsed input (e.g. that a chosen division exists); throw to refuse. */
  check?(db: DbOrTx, input: z.output<S>, idioma: Idioma, ctx: SignedInContext): Promise<void>;
}

/**
 * Creates (no id) or updates one record through the audited write (server/audit/write.ts): the
 * version read, checks, the unique name as a field error, the audit. Returns the record as read back.
 */
export async function save<S extends z.ZodType<{ id?: number | null }>, R extends Row>(
  spec: SaveSpec<S, R>,
  rawInput: unknown,
  ctx: SignedInContext,
): Promise<R> {
  const { db, session, idioma } = ctx;
  const input = parseInput(spec.schema, rawInput, idioma);
  const { id, version, ...values } = input as z.output<S> & { id?: number | null; version?: number | null };
  if (!id) authorize(session, spec.create, idioma);
  const unique = spec.uniqueName;
  const nameInUse = { [unique.field]: unique.message ?? 'referencia.errors.nameInUse' };
  const savedId = await auditedWrite(db, session, {
    tipo: spec.tipo,
    table: spec.table,
    target: id ? { id, version } : undefined,
    async load(tx, id) {
      const row = await spec.find(tx, id);
      if (!row) throw notFound(idioma);
      return auditView(row);
    },
    async check(tx) {
      await spec.check?.(tx, input, idioma, ctx);
      const name = String(values[unique.field as keyof typeof values]);
      return unique.taken && (await unique.taken(tx, name, id ?? undefined)) ? nameInUse : {};
    },
    async write(tx, before) {
      if (before) {
        await spec.update(tx, id!, values as Omit<z.output<S>, 'id' | 'version'>);
        return id!;
      }
      return (await spec.insert(tx, values as Omit<z.output<S>, 'id' | 'version'>)).id;
    },
    after: (before) => ({ ...before, ...(values as Record<string, unknown>) }),
    uniqueErrors: async () => nameInUse,
  });
  return (await spec.find(db, savedId))!;
}

const removeArgsSchema = idArgSchema.extend({ version: versionField });

/** Removes a record nothing refers to; a record in use (a foreign key refuses) is kept, with a translated error. */
export async function remove<R extends Row>(
  spec: {
    tipo: string;
    table: VersionedTable;
    find(db: DbOrTx, id: number): Promise<R | undefined>;
    remove(db: DbOrTx, id: number): Promise<unknown>;
  },
  args: unknown,
  { db, session, idioma }: SignedInContext,
): Promise<boolean> {
  const { id, version } = parseInput(removeArgsSchema, args, idioma);
  return auditedDelete(db, session, {
    tipo: spec.tipo,
    table: spec.table,
    target: { id, version },
    async load(tx, id) {
      const row = await spec.find(tx, id);
      if (!row) throw notFound(idioma);
      return auditView(row);
    },
    remove: spec.remove,
    inUse: () => portalError(idioma, 'BAD_USER_INPUT', 'referencia.errors.inUse'),
  });
}

// CSV/XLSX export of a reference list. The lists are small and filtered by the client (search
// over the shown texts, equality filters), so the export applies the same filters to the whole list.

const normalise = (value: unknown) =>
  String(value ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** An optional id filter of an export (a sector's division, a network's brand). */
export const optionalRef = z.coerce
  .number('validation.invalidValue')
  .int()
  .positive('validation.invalidValue')
  .nullish();

/** The list's filterInput without paging: search, sort and the list's own equality filters. */
function filterSchema<F extends z.ZodRawShape>(sortFields: readonly [string, ...string[]], filters: F) {
  return z.object({
    busca: z.string().trim().max(200, 'validation.maxLength').nullish(),
    sort: z.object({ field: z.enum(sortFields, 'validation.invalidOption'), order: z.enum(['ASC', 'DESC']) }).nullish(),
    ...filters,
  });
}

type ExportRow = Record<string, unknown>;

export interface ExportSpec<R extends ExportRow> {
  policy: Policy;
  read: (db: Db) => Promise<R[]>;
  /** Column key (as the list's fields) -> header and value. */
  columns: Record<string, ExportColumn<R>>;
  /** Equality filters: filter key -> the row's value it compares with. */
  filters?: Record<string, (row: R) => unknown>;
  filterShape?: z.ZodRawShape;
  fileName: string;
}

/** The export of a reference list, for those who maintain it (as the screens). */
export function referenceExport<R extends ExportRow>(spec: ExportSpec<R>): ListExport {
  const keys = Object.keys(spec.columns) as [string, ...string[]];
  return listExport({
    policy: spec.policy,
    filterSchema: filterSchema(keys, spec.filterShape ?? {}),
    fileName: spec.fileName,
    columns: Object.values(spec.columns),
    async rows(
      db,
      _session,
      filter: ExportRow & { busca?: string | null; sort?: { field: string; order: string } | null },
    ) {
      const needle = normalise(filter.busca);
      const columns = Object.values(spec.columns);
      let rows = (await spec.read(db)).filter(
        (row) =>
          (!needle || columns.some((c) => normalise(c.value(row)).includes(needle))) &&
          Object.entries(spec.filters ?? {}).every(
            ([key, valueOf]) => filter[key] === undefined || filter[key] === null || valueOf(row) === filter[key],
          ),
      );
      if (filter.sort) {
        const column = spec.columns[filter.sort.field];
        const direction = filter.sort.order === 'DESC' ? -1 : 1;
        rows = [...rows].sort(
          (a, b) => collator.compare(String(column.value(a) ?? ''), String(column.value(b) ?? '')) * direction,
        );
      }
      return rows;
    },
  });
}
