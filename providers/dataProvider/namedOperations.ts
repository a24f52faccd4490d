import type { NamedQuery } from '../../domain/resources';
import { graphqlRequest } from './graphqlRequest';

/** Resources (domain/resources.ts) or page groups (domain/operations.ts): their named operations. */
export type OperationTable = Readonly<
  Record<
    string,
    {
      readonly [key: string]: unknown;
      queries?: Readonly<Record<string, NamedQuery>>;
      mutations?: Readonly<Record<string, NamedQuery>>;
    }
  >
>;

/** Thrown when a resource, or one of its methods, is not declared in domain/resources.ts. */
export class MissingOperationError extends Error {
  constructor(resource: string, method: string) {
    super(
      method
        ? `Resource "${resource}" declares no "${method}" operation: add it to RESOURCES in domain/resources.ts`
        : `Unknown resource "${resource}": declare it in RESOURCES in domain/resources.ts`,
    );
    this.name = 'MissingOperationError';
  }
}

export const selection = (fields: string) => (fields.trim() ? ` { ${fields} }` : '');

/**
 * The request of a resource's named query (its `queries` entry), or of a named mutation (its
 * `mutations` entry), with `data`'s declared fields. A string: no GraphQL parser needed.
 */
export function namedQuery(
  resources: OperationTable,
  resource: string,
  name: string,
  data: Record<string, unknown>,
  kind: 'query' | 'mutation' = 'query',
) {
  const table = kind === 'query' ? 'queries' : 'mutations';
  const entry = resources[resource]?.[table]?.[name];
  if (!entry) throw new MissingOperationError(resource, `${table}.${name}`);
  const call = (declarations: string[], args: string[]) =>
    `${kind} ${resource}_${name}${declarations.length ? `(${declarations.join(', ')})` : ''} { result: ${entry.operation}${args.length ? `(${args.join(', ')})` : ''}${selection(entry.fields)} }`;
  if (entry.arg && entry.argType) {
    const input = (entry.inputFields ?? []).filter((key) => key in data).map((key) => [key, data[key]]);
    return {
      query: call([`$input: ${entry.argType}`], [`${entry.arg}: $input`]),
      variables: { input: Object.fromEntries(input) },
    };
  }
  const args = Object.entries(entry.args ?? {});
  return {
    query: call(
      args.map(([arg, type]) => `$${arg}: ${type}`),
      args.map(([arg]) => `${arg}: $${arg}`),
    ),
    variables: Object.fromEntries(args.map(([arg]) => [arg, data[arg] ?? null])),
  };
}

/** Sends a named query or mutation of `tables` and answers its result, as the data provider does. */
export async function sendNamed<T>(
  tables: OperationTable,
  resource: string,
  name: string,
  data: Record<string, unknown> = {},
  kind: 'query' | 'mutation' = 'query',
  init: { signal?: AbortSignal } = {},
): Promise<{ data: T }> {
  const { query, variables } = namedQuery(tables, resource, name, data, kind);
  return { data: (await graphqlRequest<{ result: T }>(query, variables, init)).result };
}
