import { parse, type DocumentNode } from 'graphql';
import { HttpError } from 'react-admin';
import {
  type ListOperation,
  type MutationOperation,
  type RecordOperation,
  type ResourceMethod,
} from '../../domain/resources';
import { filterRows, listRows, type ListParams } from './clientSide';
import { MissingOperationError, selection, type ResourceTable } from './namedQuery';

export { MissingOperationError, namedQuery, setActiveMutation, type ResourceTable } from './namedQuery';

export interface BuiltQuery {
  query: DocumentNode;
  variables: Record<string, unknown>;
  parseResponse: (response: { data?: Record<string, unknown> | null }) => unknown;
}

type Row = Record<string, unknown>;

/** The union of react-admin's params over all methods (each method reads its own). */
export interface RaParams {
  id?: unknown;
  ids?: unknown[];
  target?: string;
  data?: Row;
  previousData?: Row;
  pagination?: { page: number; perPage: number };
  sort?: { field: string; order: string };
  filter?: Row;
}

/** Removes `__typename` (answers of mocks and older clients carry it) so records and inputs hold only the API's fields. */
export function stripTypename<T>(value: T): T {
  if (Array.isArray(value)) return value.map(stripTypename) as T;
  if (value && typeof value === 'object' && !(value instanceof Date) && !(value instanceof Blob)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== '__typename')
        .map(([key, item]) => [key, stripTypename(item)]),
    ) as T;
  }
  return value;
}

const nonNull = (type: string) => (type.endsWith('!') ? type : `${type}!`);

function spec<T extends { operation: string }>(entry: string | T): T {
  return (typeof entry === 'string' ? { operation: entry } : entry) as T;
}

function pickInput(data: Row | undefined, operation: MutationOperation): Row {
  const clean = stripTypename(data ?? {});
  const extra = new Set((operation.extraArgs ?? []).map((a) => a.field));
  if (!operation.inputFields) return Object.fromEntries(Object.entries(clean).filter(([key]) => !extra.has(key)));
  return Object.fromEntries(operation.inputFields.filter((key) => key in clean).map((key) => [key, clean[key]]));
}

/** The values of a mutation's extra arguments (`extraArgs`), from the record's keys. */
function pickExtraArgs(data: Row | undefined, operation: MutationOperation): Row {
  const clean = stripTypename(data ?? {});
  return Object.fromEntries(
    (operation.extraArgs ?? []).map(({ name, field, itemFields }) => {
      const value = clean[field];
      if (!itemFields || !Array.isArray(value)) return [name, value ?? null];
      const items = value.map((item: Row) =>
        Object.fromEntries(itemFields.filter((key) => key in item).map((key) => [key, item[key]])),
      );
      return [name, items];
    }),
  );
}

function pagedFilterInput(params: RaParams, extra: Row = {}): Row {
  const { q, ...filters } = params.filter ?? {};
  const input: Row = { ...filters, ...extra };
  if (q !== undefined && q !== '') input.busca = q;
  if (params.pagination) {
    input.page = params.pagination.page - 1;
    input.rowsPerPage = params.pagination.perPage;
  }
  if (params.sort?.field)
    input.sort = { field: params.sort.field, order: params.sort.order === 'DESC' ? 'DESC' : 'ASC' };
  return input;
}

function pickById(rows: Row[], id: unknown, resource: string): Row {
  const found = rows.find((row) => String(row.id) === String(id));
  if (!found) throw new HttpError(`${resource} ${String(id)} not found`, 404);
  return found;
}

/** The GraphQL request of one data provider call, built from the resource table alone. */
export function buildOperation(
  resources: ResourceTable,
  resource: string,
  method: ResourceMethod,
  params: RaParams,
): BuiltQuery {
  const table = resources[resource];
  if (!table) throw new MissingOperationError(resource, '');
  const entry = table[method];
  if (!entry) throw new MissingOperationError(resource, method);
  const name = `${resource}_${method}`;
  const doc = (text: string) => parse(text);
  const pick = <T>(response: { data?: Row | null }, key = 'result') => stripTypename((response.data ?? {})[key]) as T;

  switch (method) {
    case 'getList':
    case 'getManyReference': {
      const op = spec<ListOperation>(entry as string | ListOperation);
      const fields = op.fields ?? table.fields;
      const reference: Row = method === 'getManyReference' && params.target ? { [params.target]: params.id } : {};
      if (op.paged) {
        return {
          query: doc(
            `query ${name}($filterInput: ${nonNull(op.inputType ?? 'FilterInput')}) { result: ${op.operation}(filterInput: $filterInput) { content${selection(fields)} totalElements } }`,
          ),
          variables: { filterInput: pagedFilterInput(params, reference) },
          parseResponse: (response) => {
            const page = pick<{ content?: Row[]; totalElements?: number } | null>(response);
            return { data: page?.content ?? [], total: page?.totalElements ?? 0 };
          },
        };
      }
      return {
        query: doc(`query ${name} { result: ${op.operation}${selection(fields)} }`),
        variables: {},
        parseResponse: (response) =>
          listRows(pick<Row[] | null>(response) ?? [], {
            ...(params as ListParams),
            filter: { ...(params.filter ?? {}), ...reference },
          }),
      };
    }
    case 'getOne':
    case 'getMany': {
      const op = spec<RecordOperation>(entry as string | RecordOperation);
      const fields = op.fields ?? table.fields;
      if (op.fromList) {
        return {
          query: doc(`query ${name} { result: ${op.operation}${selection(fields)} }`),
          variables: {},
          parseResponse: (response) => {
            const rows = pick<Row[] | null>(response) ?? [];
            return method === 'getOne'
              ? { data: pickById(rows, params.id, resource) }
              : { data: filterRows(rows, { id: params.ids ?? [] }) };
          },
        };
      }
      const [arg, argType, value] =
        method === 'getOne'
          ? [op.arg ?? 'id', op.argType ?? 'ID!', params.id]
          : [op.arg ?? 'ids', op.argType ?? '[ID!]!', params.ids];
      return {
        query: doc(`query ${name}($value: ${argType}) { result: ${op.operation}(${arg}: $value)${selection(fields)} }`),
        variables: { value },
        parseResponse: (response) => ({ data: pick<unknown>(response) ?? (method === 'getMany' ? [] : null) }),
      };
    }
    case 'create':
    case 'update': {
      const op = entry as MutationOperation;
      const input = method === 'update' ? { id: params.id, ...pickInput(params.data, op) } : pickInput(params.data, op);
      const extra = op.extraArgs ?? [];
      const declarations = [`$input: ${op.argType}`, ...extra.map((a) => `$${a.name}: ${a.argType}`)].join(', ');
      const args = [`${op.arg}: $input`, ...extra.map((a) => `${a.name}: $${a.name}`)].join(', ');
      return {
        query: doc(
          `mutation ${name}(${declarations}) { result: ${op.operation}(${args})${selection(op.fields ?? table.fields)} }`,
        ),
        variables: { input, ...pickExtraArgs(params.data, op) },
        // Mutations may answer only part of the record (e.g. `id nome`): keep what was sent.
        parseResponse: (response) => ({
          data: { ...stripTypename(params.previousData ?? {}), ...input, ...(pick<Row | null>(response) ?? {}) },
        }),
      };
    }
    case 'updateMany': {
      const op = entry as MutationOperation;
      const ids: unknown[] = params.ids ?? [];
      const variables = Object.fromEntries(ids.map((id, i) => [`input${i}`, { id, ...pickInput(params.data, op) }]));
      const declarations = ids.map((_, i) => `$input${i}: ${op.argType}`).join(', ');
      const fields = ids.map((_, i) => `r${i}: ${op.operation}(${op.arg}: $input${i})${selection(op.fields ?? 'id')}`);
      return {
        query: doc(`mutation ${name}${ids.length ? `(${declarations})` : ''} { ${fields.join(' ') || '__typename'} }`),
        variables,
        parseResponse: () => ({ data: ids }),
      };
    }
    case 'delete':
    case 'deleteMany': {
      const op = spec<RecordOperation>(entry as string | RecordOperation);
      const arg = op.arg ?? 'id';
      const argType = op.argType ?? 'ID!';
      const ids: unknown[] = method === 'delete' ? [params.id] : (params.ids ?? []);
      // A delete of a versioned record sends the version read: a record saved since is not removed.
      const version =
        method === 'delete' && /\bversion\b/.test(table.fields) ? params.previousData?.version : undefined;
      const withVersion = typeof version === 'number';
      const declarations = [...ids.map((_, i) => `$id${i}: ${argType}`), ...(withVersion ? ['$version: Int'] : [])];
      const args = (i: number) => `${arg}: $id${i}${withVersion ? ', version: $version' : ''}`;
      const fields = ids.map((_, i) => `r${i}: ${op.operation}(${args(i)})${selection(op.fields ?? '')}`);
      return {
        query: doc(
          `mutation ${name}${ids.length ? `(${declarations.join(', ')})` : ''} { ${fields.join(' ') || '__typename'} }`,
        ),
        variables: { ...Object.fromEntries(ids.map((id, i) => [`id${i}`, id])), ...(withVersion ? { version } : {}) },
        parseResponse: (response) =>
          method === 'delete'
            ? { data: { ...stripTypename(params.previousData ?? {}), id: params.id } }
            : { data: ids.filter((_, i) => (response.data ?? {})[`r${i}`] !== false) },
      };
    }
  }
}
