import { Edit, useRecordContext } from 'react-admin';
import {
  FormLoading,
  formValuesOf,
  GrupoUsuariosForm,
  type GrupoUsuariosRecord,
  type GrupoUsuariosValues,
} from '../../src/components/gruposUsuarios';
import { PageHeading, useRouteTitle } from '../../src/components/form/RecordViews';
import { useGrupoUsuariosMutationOptions } from './useGrupoUsuariosSaved';

/** The saved group (grupoUsuarios(id)) in the form's shape; read-only when the caller may not change it. */
function GrupoUsuariosEditForm() {
  const record = useRecordContext<GrupoUsuariosRecord & { podeEditar?: boolean }>();
  // A list row may stand in for the record until grupoUsuarios(id) answers: wait for its blocks.
  if (!record || !Array.isArray(record.marcas)) return <FormLoading />;
  const values = formValuesOf(record) as GrupoUsuariosValues & { id: string };
  return (
    <GrupoUsuariosForm
      key={`${record.id}-${record.version}`}
      record={values}
      readOnly={record.podeEditar === false}
      tour
    />
  );
}

/** /gruposUsuarios/:id: saving waits for the API so its field errors show under the fields. */
export default function GrupoUsuariosEdit() {
  const title = useRouteTitle('Editar');
  const mutationOptions = useGrupoUsuariosMutationOptions();
  return (
    <>
      <PageHeading title={title} />
      <Edit title={title} mutationMode="pessimistic" redirect={false} actions={false} mutationOptions={mutationOptions}>
        <GrupoUsuariosEditForm />
      </Edit>
    </>
  );
}
