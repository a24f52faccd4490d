import type { DataProvider } from 'react-admin';

export { authorizedFetch, graphqlRequest, fetchGraphql, setAccessTokenGetter, graphqlEndpoint } from './graphqlRequest';
export { toHttpError, type GraphQLErrorLike } from './errors';
import { RESOURCE_METHODS } from '../../domain/resources';

/**
 * The react-admin data provider. Apollo and the GraphQL parser (about 70 KB gzip) are loaded on the
 * first data provider call, not before the first page: the home page and the auth calls use the
 * fetch-based graphqlRequest.
 */
export function createDataProvider(load = () => import('./graphqlDataProvider')): DataProvider {
  let provider: Promise<DataProvider> | undefined;
  const get = () => {
    provider ??= load().then((module) => module.buildGraphqlDataProvider());
    // A failed chunk load (e.g. a deploy in between) may succeed on the next call.
    provider.catch(() => (provider = undefined));
    return provider;
  };
  return Object.fromEntries(
    RESOURCE_METHODS.map((method) => [
      method,
      async (resource: string, params: unknown) => {
        const dataProvider = await get();
        return (dataProvider[method] as (r: string, p: unknown) => Promise<unknown>)(resource, params);
      },
    ]),
  ) as unknown as DataProvider;
}
