import { ApolloClient, ApolloLink, InMemoryCache, Observable } from '@apollo/client/core';
import { print } from 'graphql';
import buildDataProvider from 'ra-data-graphql';
import type { DataProvider } from 'react-admin';
import { createBuildQuery, type ResourceTable } from './buildQuery';
import { mapProviderError } from './errors';
import { fetchGraphql } from './graphqlRequest';
import { RESOURCE_METHODS } from '../../domain/resources';

/**
 * Apollo's terminating link, going through the same fetch as graphqlRequest (bearer token, one
 * endpoint). A failure that is not a GraphQL response is raised with `statusCode`, which
 * ra-data-graphql copies into its HttpError.
 */
export const portalLink = new ApolloLink(
  (operation) =>
    new Observable((observer) => {
      const { fetchOptions } = operation.getContext() as { fetchOptions?: { signal?: AbortSignal } };
      fetchGraphql(print(operation.query), operation.variables, {
        signal: fetchOptions?.signal,
        operationName: operation.operationName,
      }).then(
        ({ result }) => {
          observer.next(result as never);
          observer.complete();
        },
        (error: { status?: number; message?: string }) =>
          observer.error(Object.assign(new Error(error?.message ?? 'Network error'), { statusCode: error?.status })),
      );
    }),
);

/**
 * ra-data-graphql without introspection: every query comes from the resource table
 * (domain/resources.ts). Errors are mapped to the portal's HttpError (field errors, 401, 403).
 */
export function buildGraphqlDataProvider(resources?: ResourceTable): DataProvider {
  // No devtools hook: in development it also schedules a 10 s "install the devtools" timer.
  const client = new ApolloClient({ link: portalLink, cache: new InMemoryCache(), devtools: { enabled: false } });
  const provider = buildDataProvider({
    client,
    introspection: false,
    buildQuery: createBuildQuery(resources) as never,
  });
  const mapped = Object.fromEntries(
    RESOURCE_METHODS.map((method) => [
      method,
      (resource: string, params: unknown) =>
        (provider[method] as (r: string, p: unknown) => Promise<unknown>)(resource, params).catch((error: unknown) => {
          throw mapProviderError(error);
        }),
    ]),
  );
  return mapped as unknown as DataProvider;
}
