import type { ResourceOperations } from '../../domain/resources';

// The requests of the resources' named queries and mutations and of setActive: plain strings, no
// GraphQL parser, so the top bar's calls (SHELL_RESOURCES) go out before the parser chunk loads.

type Row = Record<string, unknown>;

export const selection = (fields: string) => (fields.trim() ? ` { ${fields} }` : '');

export type ResourceTable = Record<string, ResourceOperations>;

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

/** The mutation that activates or inactivates a record of `resource` (its `setActive` entry). */
export function setActiveMutation(resources: ResourceTable, resource: string, active: boolean): string {
  const ops = resources[resource]?.setActive;
  if (!ops) throw new Error(`Resource "${resource}" declares no setActive in domain/resources.ts`);
  return `mutation SetActive($id: ID!) { result: ${active ? ops.ativar : ops.inativar}(id: $id) { id active } }`;
}

/**
 * The request of a resource's named query (its `queries` entry), or of a named mutation (its
 * `mutations` entry), with `data`'s declared fields.
 */
export function namedQuery(
  resources: ResourceTable,
  resource: string,
  name: string,
  data: Row,
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
