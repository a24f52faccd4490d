import type { DataProvider } from 'react-admin';
import type { OPERATIONS } from '../../domain/operations';
import type { RESOURCES } from '../../domain/resources';

type Tables = typeof RESOURCES & typeof OPERATIONS;

/** A resource (domain/resources.ts) or a page's group (domain/operations.ts) with named operations. */
export type OperationOwner = {
  [R in keyof Tables]: Tables[R] extends { queries: object } | { mutations: object } ? R : never;
}[keyof Tables];

/** The named queries `R` declares. */
export type QueryName<R extends OperationOwner> = R extends keyof Tables
  ? Tables[R] extends { queries: infer Q }
    ? Extract<keyof Q, string>
    : never
  : never;

/** The named mutations `R` declares. */
export type MutationName<R extends OperationOwner> = R extends keyof Tables
  ? Tables[R] extends { mutations: infer M }
    ? Extract<keyof M, string>
    : never
  : never;

export interface NamedOptions {
  /** react-query's signal: a query left (page change, unmount) is cancelled. */
  signal?: AbortSignal;
  /**
   * A page group's query sent together with the others asked for in the same tick, as one GraphQL
   * document (providers/dataProvider/batch.ts): a page of several blocks in one round trip, each
   * block answering or failing alone. The signal is not used then (the request is shared).
   */
  batch?: boolean;
}

/** The portal's own data provider methods beside react-admin's (see domain/resources.ts). */
export interface PortalDataProvider extends DataProvider {
  /** Activates or inactivates one record through the resource's `setActive` mutations. */
  setActive(
    resource: string,
    params: { id: unknown; active: boolean },
  ): Promise<{ data: { id: unknown; active: boolean } }>;
  /** Sends one of the named queries of a resource or page group (`queries` in domain/resources.ts, domain/operations.ts). */
  query<T = unknown, R extends OperationOwner = OperationOwner>(
    resource: R,
    name: QueryName<R>,
    data?: Record<string, unknown>,
    options?: NamedOptions,
  ): Promise<{ data: T }>;
  /** Sends one of the named mutations of a resource or page group (`mutations`). */
  mutate<T = unknown, R extends OperationOwner = OperationOwner>(
    resource: R,
    name: MutationName<R>,
    data?: Record<string, unknown>,
    options?: NamedOptions,
  ): Promise<{ data: T }>;
}
