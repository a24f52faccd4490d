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
import type { PortalDataProvider } from './graphqlDataProvider';
export type { PortalDataProvider } from './graphqlDataProvider';

/** Every method of the data provider: react-admin's and the portal's own. */
const METHODS = [...RESOURCE_METHODS, 'setActive', 'query', 'mutate'] as const;

/**
 * The react-admin data provider. The GraphQL parser (about 40 KB gzip) is loaded on the first
 * data provider call, not before the first page: the home page and the auth calls use the
 * fetch-based graphqlRequest.
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
        const dataProvider = await get();
        return (dataProvider[method] as (r: string, ...a: unknown[]) => Promise<unknown>)(resource, ...args);
      },
    ]),
  ) as unknown as PortalDataProvider;
}
