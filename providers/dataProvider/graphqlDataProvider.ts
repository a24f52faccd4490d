import { print } from 'graphql';
import type { DataProvider } from 'react-admin';
import { RESOURCE_METHODS, RESOURCES } from '../../domain/resources';
import { buildOperation, namedQuery, setActiveMutation, type RaParams, type ResourceTable } from './buildQuery';
import { graphqlRequest } from './graphqlRequest';

/** The portal's own data provider methods beside react-admin's (see domain/resources.ts). */
export interface PortalDataProvider extends DataProvider {
  /** Activates or inactivates one record through the resource's `setActive` mutations. */
  setActive(
    resource: string,
    params: { id: unknown; active: boolean },
  ): Promise<{ data: { id: unknown; active: boolean } }>;
  /** Sends one of the resource's named queries (`queries` in domain/resources.ts). */
  query<T>(resource: string, name: string, data: Record<string, unknown>): Promise<{ data: T }>;
  /** Sends one of the resource's named mutations (`mutations` in domain/resources.ts). */
  mutate<T>(resource: string, name: string, data: Record<string, unknown>): Promise<{ data: T }>;
}

/**
 * react-admin's data provider over the API: every request is built from the resource table
 * (domain/resources.ts) and sent by the same fetch as every other call (graphqlRequest: bearer
 * token, errors mapped to HttpError with field errors, 401 and 403). No GraphQL client cache: a
 * react-admin page reads its data through react-query, which caches it.
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
  return {
    ...(methods as unknown as DataProvider),
    async setActive(resource, { id, active }) {
      const mutation = setActiveMutation(resources, resource, active);
      const data = await graphqlRequest<{ result: { id: unknown; active: boolean } }>(mutation, { id });
      return { data: data.result };
    },
    async query<T>(resource: string, name: string, data: Record<string, unknown>) {
      const { query, variables } = namedQuery(resources, resource, name, data);
      return { data: (await graphqlRequest<{ result: T }>(query, variables)).result };
    },
    async mutate<T>(resource: string, name: string, data: Record<string, unknown>) {
      const { query, variables } = namedQuery(resources, resource, name, data, 'mutation');
      return { data: (await graphqlRequest<{ result: T }>(query, variables)).result };
    },
  };
}
