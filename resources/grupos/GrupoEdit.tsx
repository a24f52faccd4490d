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
    <Edit title={title} mutationMode="pessimistic" actions={false} mutationOptions={{ onSuccess }}>
      <SimpleForm resolver={grupoResolver} toolbar={<GrupoToolbar />}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <GrupoInputs />
      </SimpleForm>
    </Edit>
  );
}
