export {
  authorizedFetch,
  graphqlRequest,
  fetchGraphql,
  setAccessTokenGetter,
  graphqlEndpoint,
  uploadFile,
} from './graphqlRequest';
export { toHttpError, type GraphQLErrorLike } from './errors';
import { RESOURCE_METHODS } from '../../domain/resourceMethods';
import { SHELL_RESOURCES } from '../../domain/shellResources';
import type { PortalDataProvider } from './graphqlDataProvider';
import { graphqlRequest } from './graphqlRequest';
import { namedQuery } from './namedQuery';
export type { PortalDataProvider } from './graphqlDataProvider';

/** Every method of the data provider: react-admin's and the portal's own. */
const METHODS = [...RESOURCE_METHODS, 'setActive', 'query', 'mutate'] as const;

/** A named query or mutation of the top bar's resources: a plain string, sent without the chunk. */
async function shellCall(resource: string, args: unknown[], kind: 'query' | 'mutation') {
  const [name, data] = args as [string, Record<string, unknown> | undefined];
  const { query, variables } = namedQuery(SHELL_RESOURCES, resource, name, data ?? {}, kind);
  return { data: (await graphqlRequest<{ result: unknown }>(query, variables)).result };
}

/**
 * The react-admin data provider. The GraphQL parser (about 40 KB gzip) is loaded on the first
 * data provider call, not before the first page: the home page and the auth calls use the
 * fetch-based graphqlRequest, and the top bar's named queries and mutations (SHELL_RESOURCES: the
 * bell's count, polled on every page) are sent without it.
 */
export function createDataProvider(load = () => import('./graphqlDataProvider')): PortalDataProvider {
  let provider: Promise<PortalDataProvider> | undefined;
  const get = () => {
    provider ??= load().then((module) => module.buildGraphqlDataProvider());
    // A failed chunk load (e.g. a deploy in between) may succeed on the next call.
    provider.catch(() => (provider = undefined));
    return provider;
  };
  return Object.fromEntries(
    METHODS.map((method) => [
      method,
      async (resource: string, ...args: unknown[]) => {
        if ((method === 'query' || method === 'mutate') && resource in SHELL_RESOURCES) {
          return shellCall(resource, args, method === 'query' ? 'query' : 'mutation');
        }
        const dataProvider = await get();
        return (dataProvider[method] as (r: string, ...a: unknown[]) => Promise<unknown>)(resource, ...args);
      },
    ]),
  ) as unknown as PortalDataProvider;
}
