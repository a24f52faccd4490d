import { Create } from 'react-admin';
import { PageHeading, useRouteTitle } from '../../src/components/form/RecordViews';
import { UsuarioForm, useUsuarioMutationOptions } from './UsuarioForm';

/** /usuarios/novo */
export default function UsuarioCreate() {
  const title = useRouteTitle('Novo');
  const mutationOptions = useUsuarioMutationOptions();
  return (
    <>
      <PageHeading title={title} />
      <Create title={title} mutationOptions={mutationOptions}>
        <UsuarioForm />
      </Create>
    </>
  );
}
