import { graphql, HttpResponse, type GraphQLHandler, type RequestHandler } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { RESOURCES, type ListOperation, type ResourceOperations } from '../../domain/resources';

/** The API's GraphQL endpoint as the data provider calls it. */
export const api = graphql.link(new URL('/graphql', window.location.origin).href);

type Row = Record<string, unknown> & { id: string };

const matches = (row: Row, filter: Record<string, unknown>) =>
  Object.entries(filter).every(([field, value]) => {
    if (value == null || value === '' || field === 'page' || field === 'rowsPerPage' || field === 'sort') return true;
    if (field === 'busca') return JSON.stringify(row).toLowerCase().includes(String(value).toLowerCase());
    return Array.isArray(value) ? value.map(String).includes(String(row[field])) : row[field] === value;
  });

/**
 * msw handlers answering the read operations of each resource declared in domain/resources.ts
 * (getList paged or whole, getOne, getMany) from in-memory rows, as the API would: a paged list
 * filtered (search, equality filters) and cut to the page asked for, with its total. A component
 * test states only its rows; it adds its own handlers for writes and for what it asserts on.
 */
export function resourceHandlers(data: Partial<Record<keyof typeof RESOURCES, Row[]>>): GraphQLHandler[] {
  return Object.entries(data).flatMap(([resource, rows = []]) => {
    const table: ResourceOperations = RESOURCES[resource as keyof typeof RESOURCES];
    const list = typeof table.getList === 'string' ? { operation: table.getList } : (table.getList as ListOperation);
    const handlers = [
      api.query(`${resource}_getList`, ({ variables }) => {
        if (!list?.paged) return HttpResponse.json({ data: { result: rows } });
        const filter = (variables.filterInput ?? {}) as { page?: number; rowsPerPage?: number };
        const found = rows.filter((row) => matches(row, filter));
        const size = filter.rowsPerPage ?? 10;
        const page = filter.page ?? 0;
        return HttpResponse.json({
          data: { result: { content: found.slice(page * size, (page + 1) * size), totalElements: found.length } },
        });
      }),
      api.query(`${resource}_getMany`, ({ variables }) => {
        const ids = ((variables.value as unknown[]) ?? []).map(String);
        return HttpResponse.json({ data: { result: ids.length ? rows.filter((r) => ids.includes(r.id)) : rows } });
      }),
      api.query(`${resource}_getOne`, ({ variables }) => {
        const fromList = typeof table.getOne === 'object' && 'fromList' in table.getOne && table.getOne.fromList;
        if (fromList) return HttpResponse.json({ data: { result: rows } });
        const row = rows.find((r) => r.id === String(variables.value));
        return HttpResponse.json(
          row
            ? { data: { result: row } }
            : { data: null, errors: [{ message: 'Registro não encontrado', extensions: { code: 'NOT_FOUND' } }] },
        );
      }),
    ];
    return handlers;
  });
}

/**
 * The msw server of a test file, with its lifecycle: listening before the file's tests (a request
 * no handler answers fails the test), its handlers back to `handlers` after each test (what a test
 * added with `server.use` ends with it), closed after the file.
 */
export function mockApiServer(...handlers: RequestHandler[]): SetupServer {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
