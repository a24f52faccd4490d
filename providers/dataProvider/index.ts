export { authorizedFetch, graphqlRequest, fetchGraphql, setAccessTokenGetter, graphqlEndpoint } from './graphqlRequest';
export { toHttpError, type GraphQLErrorLike } from './errors';
import { OPERATIONS } from '../../domain/operations';
import { RESOURCE_METHODS } from '../../domain/resourceMethods';
import type { PortalDataProvider } from './portalDataProvider';
import { createBatcher } from './batch';
import { sendNamed } from './namedOperations';
export type { MutationName, NamedOptions, OperationOwner, PortalDataProvider, QueryName } from './portalDataProvider';

/** Every method of the data provider that needs the resource table: react-admin's and setActive. */
const METHODS = [...RESOURCE_METHODS, 'setActive', 'query', 'mutate'] as const;

/**
 * The react-admin data provider. The GraphQL parser (about 40 KB gzip) and the resource table are
 * loaded on the first call that needs them, not before the first page: the pages' named
 * operations (domain/operations.ts: the menu, the language, the tours...) are plain strings sent
 * at once, and the auth calls use the fetch-based graphqlRequest.
 */
export function createDataProvider(load = () => import('./graphqlDataProvider')): PortalDataProvider {
  let provider: Promise<PortalDataProvider> | undefined;
  const get = () => {
    provider ??= load().then((module) => module.buildGraphqlDataProvider());
    // A failed chunk load (e.g. a deploy in between) may succeed on the next call.
    provider.catch(() => (provider = undefined));
    return provider;
  };
  const methods = Object.fromEntries(
    METHODS.map((method) => [
      method,
      async (resource: string, ...args: unknown[]) => {
        const dataProvider = await get();
        return (dataProvider[method] as (r: string, ...a: unknown[]) => Promise<unknown>)(resource, ...args);
      },
    ]),
  ) as unknown as PortalDataProvider;
  const batched = createBatcher(OPERATIONS);
  const named =
    (kind: 'query' | 'mutation') =>
    (
      resource: string,
      name: string,
      data?: Record<string, unknown>,
      options?: { signal?: AbortSignal; batch?: boolean },
    ) =>
      resource in OPERATIONS
        ? kind === 'query' && options?.batch
          ? batched(resource, name, data)
          : sendNamed(OPERATIONS, resource, name, data, kind, options)
        : (methods[kind === 'query' ? 'query' : 'mutate'] as (...a: unknown[]) => Promise<unknown>)(
            resource,
            name,
            data,
            options,
          );
  return { ...methods, query: named('query'), mutate: named('mutation') } as PortalDataProvider;
}
