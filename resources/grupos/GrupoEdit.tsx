import Typography from '@mui/material/Typography';
import { Edit, SimpleForm, useTranslate } from 'react-admin';
import { GrupoInputs, grupoResolver, useGrupoSaved } from './GrupoInputs';
import { GrupoToolbar } from './GrupoToolbar';

/** /grupos/:id: edits a group; its cascade (brands removed, inactivation) is confirmed first. */
export default function GrupoEdit() {
  const translate = useTranslate();
  const onSuccess = useGrupoSaved();
  const title = translate('routes.gruposEditar');
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
        {title}
      </Typography>
      <Edit title={title} mutationMode="pessimistic" actions={false} mutationOptions={{ onSuccess }}>
        <SimpleForm resolver={grupoResolver} toolbar={<GrupoToolbar />}>
          <GrupoInputs />
        </SimpleForm>
      </Edit>
    </>
  );
}
