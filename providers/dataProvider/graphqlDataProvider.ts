import { print } from 'graphql';
import type { DataProvider } from 'react-admin';
import { OPERATIONS } from '../../domain/operations';
import { RESOURCE_METHODS, RESOURCES } from '../../domain/resources';
import { buildOperation, setActiveMutation, type RaParams, type ResourceTable } from './buildQuery';
import { graphqlRequest } from './graphqlRequest';
import { sendNamed } from './namedOperations';
import type { PortalDataProvider } from './portalDataProvider';

export type { PortalDataProvider } from './portalDataProvider';

/**
 * react-admin's data provider over the API: every request is built from the resource table
 * (domain/resources.ts) and sent by the same fetch as every other call (graphqlRequest: bearer
 * token, errors mapped to HttpError with field errors, 401 and 403). No GraphQL client cache: a
 * react-admin page reads its data through react-query, which caches it. The named operations of
 * the pages (domain/operations.ts) are sent alike.
 */
export function buildGraphqlDataProvider(resources: ResourceTable = RESOURCES): PortalDataProvider {
  const methods = Object.fromEntries(
    RESOURCE_METHODS.map((method) => [
      method,
      async (resource: string, params: RaParams & { signal?: AbortSignal }) => {
        const built = buildOperation(resources, resource, method, params ?? {});
        const data = await graphqlRequest(print(built.query), built.variables, { signal: params?.signal });
        return built.parseResponse({ data });
      },
    ]),
  );
  const tables = { ...OPERATIONS, ...resources };
  return {
    ...(methods as unknown as DataProvider),
    async setActive(resource, { id, active }) {
      const mutation = setActiveMutation(resources, resource, active);
      const data = await graphqlRequest<{ result: { id: unknown; active: boolean } }>(mutation, { id });
      return { data: data.result };
    },
    query: (resource, name, data, init) => sendNamed(tables, resource, name, data, 'query', init),
    mutate: (resource, name, data, init) => sendNamed(tables, resource, name, data, 'mutation', init),
  } as PortalDataProvider;
}
