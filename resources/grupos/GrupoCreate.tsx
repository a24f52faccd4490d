import { PageHeading, useRouteTitle } from '../../src/components/form/RecordViews';
import { Create, SimpleForm } from 'react-admin';
import { GrupoInputs, grupoResolver, useGrupoSaved } from './GrupoInputs';
import { GrupoToolbar } from './GrupoToolbar';

/** /grupos/novo: a new dealer group, active, with at least one brand. */
export default function GrupoCreate() {
  const onSuccess = useGrupoSaved();
  const title = useRouteTitle('Novo');
  return (
    <>
      <PageHeading title={title} />
      <Create title={title} mutationOptions={{ onSuccess }}>
        <SimpleForm resolver={grupoResolver} defaultValues={{ active: true, marcaIds: [] }} toolbar={<GrupoToolbar />}>
          <GrupoInputs />
        </SimpleForm>
      </Create>
    </>
  );
}
