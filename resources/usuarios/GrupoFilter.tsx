import { useQuery } from '@tanstack/react-query';
import { AutocompleteArrayInput } from 'react-admin';
import { useOperations } from '../../src/components/useOperations';

/**
 * The list's dealer-group filter: the active groups the caller sees (`gruposAtivos`, open to every
 * signed-in user), so user maintainers and viewers without the network key can filter by group.
 */
export function GrupoFilter({ source, label }: { source: string; label: string; alwaysOn?: boolean }) {
  const { query } = useOperations('grupos');
  const { data = [], isPending } = useQuery({
    queryKey: ['grupos', 'ativos'],
    queryFn: () => query<{ id: string; nome: string }[]>('ativos'),
  });
  return (
    <AutocompleteArrayInput source={source} label={label} choices={data} optionText="nome" isPending={isPending} />
  );
}
