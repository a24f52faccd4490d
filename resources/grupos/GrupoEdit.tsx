import { PageHeading, useRouteTitle } from '../../src/components/form/RecordViews';
import { Edit, SimpleForm } from 'react-admin';
import { GrupoInputs, grupoResolver, useGrupoSaved } from './GrupoInputs';
import { GrupoToolbar } from './GrupoToolbar';

/** /grupos/:id: edits a group; its cascade (brands removed, inactivation) is confirmed first. */
export default function GrupoEdit() {
  const onSuccess = useGrupoSaved();
  const title = useRouteTitle('Editar');
  return (
    <>
      <PageHeading title={title} />
      <Edit title={title} mutationMode="pessimistic" actions={false} mutationOptions={{ onSuccess }}>
        <SimpleForm resolver={grupoResolver} toolbar={<GrupoToolbar />}>
          <GrupoInputs />
        </SimpleForm>
      </Edit>
    </>
  );
}
