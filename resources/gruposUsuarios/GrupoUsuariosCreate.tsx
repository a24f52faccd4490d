import { Create } from 'react-admin';
import { GrupoUsuariosForm } from '../../src/components/gruposUsuarios';
import { PageHeading, useRouteTitle } from '../../src/components/form/RecordViews';
import { useGrupoUsuariosMutationOptions } from './useGrupoUsuariosSaved';

/** /gruposUsuarios/novo: a new group, with the form's tour the first time. */
export default function GrupoUsuariosCreate() {
  const title = useRouteTitle('Novo');
  const mutationOptions = useGrupoUsuariosMutationOptions();
  return (
    <>
      <PageHeading title={title} />
      <Create title={title} redirect={false} mutationOptions={mutationOptions}>
        <GrupoUsuariosForm tour />
      </Create>
    </>
  );
}
