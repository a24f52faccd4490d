/**
 * Filtering, sorting and paging of unpaged lists (operations that return every record at once),
 * so that react-admin's list views behave the same as with the API's paged lists.
 */

type Row = Record<string, unknown>;

export interface ListParams {
  pagination?: { page: number; perPage: number } | false;
  sort?: { field: string; order: 'ASC' | 'DESC' | string };
  filter?: Record<string, unknown>;
}

const normalise = (value: unknown): string =>
  String(value ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

function get(row: Row, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Row | null | undefined)?.[key], row);
}

/** Full-text `q`: any string or number field (one level deep) contains the text, ignoring case and accents. */
function matchesText(row: Row, text: string): boolean {
  const needle = normalise(text);
  const values = Object.values(row).flatMap((value) =>
    value && typeof value === 'object' ? Object.values(value as Row) : [value],
  );
  return values.some(
    (value) => (typeof value === 'string' || typeof value === 'number') && normalise(value).includes(needle),
  );
}

function matchesFilter(row: Row, field: string, expected: unknown): boolean {
  const actual = get(row, field);
  const equals = (a: unknown, b: unknown) => String(a) === String(b);
  if (Array.isArray(expected)) {
    if (expected.length === 0) return true;
    return Array.isArray(actual)
      ? actual.some((a) => expected.some((e) => equals(a, e)))
      : expected.some((e) => equals(actual, e));
  }
  if (Array.isArray(actual)) return actual.some((a) => equals(a, expected) || equals((a as Row)?.id, expected));
  return equals(actual, expected);
}

export function filterRows<T extends Row>(rows: readonly T[], filter: Record<string, unknown> = {}): T[] {
  const entries = Object.entries(filter).filter(([, value]) => value !== undefined && value !== '' && value !== null);
  return rows.filter((row) =>
    entries.every(([field, value]) =>
      field === 'q' || field === 'busca' ? matchesText(row, String(value)) : matchesFilter(row, field, value),
    ),
  );
}

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

export function sortRows<T extends Row>(rows: readonly T[], sort?: ListParams['sort']): T[] {
  if (!sort?.field) return [...rows];
  const direction = sort.order === 'DESC' ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = get(a, sort.field);
    const y = get(b, sort.field);
    if (x == null && y == null) return 0;
    if (x == null) return 1;
    if (y == null) return -1;
    const result = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
    return result * direction;
  });
}

export function pageRows<T>(rows: readonly T[], pagination?: ListParams['pagination']): T[] {
  if (!pagination) return [...rows];
  const start = (pagination.page - 1) * pagination.perPage;
  return rows.slice(start, start + pagination.perPage);
}

/** getList over a whole list: `{ data, total }` as react-admin expects. */
export function listRows<T extends Row>(rows: readonly T[], params: ListParams): { data: T[]; total: number } {
  const filtered = sortRows(filterRows(rows, params.filter), params.sort);
  return { data: pageRows(filtered, params.pagination), total: filtered.length };
}
