import { useMemo } from 'react';
import { useDataProvider } from 'react-admin';
import type {
  MutationName,
  NamedOptions,
  OperationOwner,
  PortalDataProvider,
  QueryName,
} from '../../providers/dataProvider';

/**
 * The named operations of a resource (domain/resources.ts) or of a page's group
 * (domain/operations.ts), sent through the data provider and answering their data: the calls a
 * view hands to react-query (`queryFn: ({ signal }) => query('name', data, { signal })`).
 */
export function useOperations<R extends OperationOwner>(owner: R) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useMemo(
    () => ({
      query: async <T>(name: QueryName<R>, data?: Record<string, unknown>, options?: NamedOptions): Promise<T> =>
        (await dataProvider.query<T, R>(owner, name, data, options)).data,
      mutate: async <T>(name: MutationName<R>, data?: Record<string, unknown>, options?: NamedOptions): Promise<T> =>
        (await dataProvider.mutate<T, R>(owner, name, data, options)).data,
    }),
    [dataProvider, owner],
  );
}
