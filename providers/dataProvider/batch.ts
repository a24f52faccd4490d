import { semRespostaError, toHttpError, type GraphQLErrorLike } from './errors';
import { fetchGraphql } from './graphqlRequest';
import { selection, sendNamed, MissingOperationError, type OperationTable } from './namedOperations';

interface Call {
  name: string;
  data: Record<string, unknown>;
  resolve: (value: { data: unknown }) => void;
  reject: (error: unknown) => void;
}

type ErrorWithPath = GraphQLErrorLike & { path?: readonly (string | number)[] };

/**
 * The document of several named queries of one group in one request: each under an alias
 * (`<name>_<i>`), its variables prefixed by that alias. Exported for the tests.
 */
export function batchedQuery(tables: OperationTable, owner: string, calls: Pick<Call, 'name' | 'data'>[]) {
  const declarations: string[] = [];
  const variables: Record<string, unknown> = {};
  const fields = calls.map(({ name, data }, i) => {
    const entry = tables[owner]?.queries?.[name];
    if (!entry) throw new MissingOperationError(owner, `queries.${name}`);
    const alias = `${name}_${i}`;
    const args = Object.entries(entry.args ?? {}).map(([arg, type]) => {
      declarations.push(`$${alias}_${arg}: ${type}`);
      variables[`${alias}_${arg}`] = data[arg] ?? null;
      return `${arg}: $${alias}_${arg}`;
    });
    return `${alias}: ${entry.operation}${args.length ? `(${args.join(', ')})` : ''}${selection(entry.fields)}`;
  });
  const operationName = `${owner}_${calls.map((c) => c.name).join('_')}`;
  return {
    query: `query ${operationName}${declarations.length ? `(${declarations.join(', ')})` : ''} { ${fields.join(' ')} }`,
    variables,
    aliases: calls.map((c, i) => `${c.name}_${i}`),
  };
}

/**
 * Named queries of a group asked for within the same tick (the blocks of one page, mounted
 * together) go to the server as one GraphQL document: one round trip. The server answers each
 * field apart (partial data): a failing field rejects only its own caller. When a failing
 * non-null field took the whole `data` with it, the others are asked again one by one, so each
 * still answers or fails alone.
 */
export function createBatcher(tables: OperationTable, send = fetchGraphql) {
  const queues = new Map<string, Call[]>();

  async function flush(owner: string) {
    const calls = queues.get(owner) ?? [];
    queues.delete(owner);
    if (calls.length === 1) {
      const [call] = calls;
      sendNamed(tables, owner, call.name, call.data).then(call.resolve, call.reject);
      return;
    }
    let built: ReturnType<typeof batchedQuery>;
    try {
      built = batchedQuery(tables, owner, calls);
    } catch (error) {
      calls.forEach((call) => call.reject(error));
      return;
    }
    try {
      const { result, status } = await send<Record<string, unknown>>(built.query, built.variables);
      const errors = (result.errors ?? []) as ErrorWithPath[];
      const general = errors.filter((e) => !e.path?.length);
      if (general.length > 0 || (status >= 400 && errors.length > 0)) {
        const error = toHttpError(general.length ? general : errors, status);
        calls.forEach((call) => call.reject(error));
        return;
      }
      if (status >= 400 || (result.data == null && errors.length === 0)) {
        const error = semRespostaError(status);
        calls.forEach((call) => call.reject(error));
        return;
      }
      calls.forEach((call, i) => {
        const alias = built.aliases[i];
        const own = errors.filter((e) => e.path?.[0] === alias);
        if (own.length > 0) call.reject(toHttpError(own, status));
        else if (result.data && alias in result.data) call.resolve({ data: result.data[alias] });
        // Lost to another field's error (a non-null root field nulls `data`): ask again alone.
        else sendNamed(tables, owner, call.name, call.data).then(call.resolve, call.reject);
      });
    } catch (error) {
      calls.forEach((call) => call.reject(error));
    }
  }

  return function batched<T>(owner: string, name: string, data: Record<string, unknown> = {}): Promise<{ data: T }> {
    return new Promise((resolve, reject) => {
      let queue = queues.get(owner);
      if (!queue) {
        queue = [];
        queues.set(owner, queue);
        setTimeout(() => void flush(owner), 0);
      }
      queue.push({ name, data, resolve: resolve as Call['resolve'], reject });
    });
  };
}
