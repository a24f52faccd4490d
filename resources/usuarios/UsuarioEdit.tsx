import { useQuery } from '@tanstack/react-query';
import { Edit, useRecordContext } from 'react-admin';
import { LoadError } from '../../src/components/LoadError';
import { PageHeading, useRouteTitle } from '../../src/components/form/RecordViews';
import type { fromInfo } from './permissoes';
import { FormLoading, UsuarioForm, usuarioFormValues, useUsuarioMutationOptions } from './UsuarioForm';
import { useOperations } from '../../src/components/useOperations';

/**
 * The saved user with their permissions (infoUsuario, read at each opening) in the form. A row of the list may stand in
 * for the record until `usuario(id)` answers: the form waits for the whole record (its positions).
 */
function UsuarioEditForm() {
  const record = useRecordContext();
  const { query } = useOperations('usuarios');
  const complete = Boolean(record && Array.isArray(record.cargos));
  const info = useQuery({
    queryKey: ['usuarios', 'info', record?.id],
    queryFn: () => query<Parameters<typeof fromInfo>[0]>('info', { usuarioId: record!.id }),
    enabled: complete,
    // Read afresh at every opening, and the form waits for it: a cached answer from before a save
    // would show the old permissions (and a save from there would put them back).
    refetchOnMount: 'always',
  });
  if (info.isError) {
    return (
      <LoadError
        message="usuarios.loadError"
        retrying={info.isFetching}
        onRetry={() => void info.refetch()}
        sx={{ m: 2 }}
      />
    );
  }
  if (!record || !complete || !info.data || !info.isFetchedAfterMount) return <FormLoading />;
  return (
    <UsuarioForm
      key={`${record.id}-${record.version}-${info.dataUpdatedAt}`}
      record={usuarioFormValues(record, info.data)}
    />
  );
}

/** /usuarios/:id: saving waits for the API so that its field errors reach the wizard's steps. */
export default function UsuarioEdit() {
  const title = useRouteTitle('Editar');
  const mutationOptions = useUsuarioMutationOptions();
  return (
    <>
      <PageHeading title={title} />
      <Edit title={title} mutationMode="pessimistic" actions={false} mutationOptions={mutationOptions}>
        <UsuarioEditForm />
      </Edit>
    </>
  );
}
