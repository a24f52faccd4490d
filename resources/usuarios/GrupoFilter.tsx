import { useQuery } from '@tanstack/react-query';
import { AutocompleteArrayInput, useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '../../providers/dataProvider';

/**
 * The list's dealer-group filter: the active groups the caller sees (`gruposAtivos`, open to every
 * signed-in user), so user maintainers and viewers without the network key can filter by group.
 */
export function GrupoFilter({ source, label }: { source: string; label: string; alwaysOn?: boolean }) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data = [], isPending } = useQuery({
    queryKey: ['grupos', 'ativos'],
    queryFn: async () =>
      ((await dataProvider.query('grupos', 'ativos', {})) as { data: { id: string; nome: string }[] }).data,
  });
  return (
    <AutocompleteArrayInput source={source} label={label} choices={data} optionText="nome" isPending={isPending} />
  );
}
