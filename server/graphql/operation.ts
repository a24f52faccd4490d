import type { Policy } from '../authz';
import type { ListExport } from '../export';
import type { Context, SignedInContext } from './context';

/**
 * One GraphQL query or mutation: who may call it (its policy, domain/policies.ts, or 'public') and
 * what it does. The schema builder checks the policy before `resolve` runs, and refuses to start
 * when a schema field has no operation. A record rule of the policy is checked by the resolver,
 * which knows the record.
 */
export interface Operation {
  policy: Policy | 'public';
  resolve(args: never, ctx: Context): unknown;
}

export type Operations = Record<string, Operation>;

export function publicOperation<A>(def: { resolve(args: A, ctx: Context): unknown }): Operation {
  return { policy: 'public', resolve: def.resolve as Operation['resolve'] };
}

export function operation<A>(def: { policy: Policy; resolve(args: A, ctx: SignedInContext): unknown }): Operation {
  return def as unknown as Operation;
}

/** A server feature: its SDL, its operations and resolvers of its own types' fields. */
export interface Feature {
  typeDefs: string;
  Query?: Operations;
  Mutation?: Operations;
  types?: Record<string, Record<string, (parent: never, args: never, ctx: Context) => unknown>>;
  /** Lists this feature exports to CSV/XLSX at /api/exportar/{name} (server/export). */
  exports?: Record<string, ListExport>;
}
