import { Create, SimpleForm, useTranslate } from 'react-admin';
import Typography from '@mui/material/Typography';
import { GrupoInputs, grupoResolver, useGrupoSaved } from './GrupoInputs';
import { GrupoToolbar } from './GrupoToolbar';

/** /grupos/novo: a new dealer group, active, with at least one brand. */
export default function GrupoCreate() {
  const translate = useTranslate();
  const onSuccess = useGrupoSaved();
  const title = translate('routes.gruposNovo');
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
        {title}
      </Typography>
      <Create title={title} mutationOptions={{ onSuccess }}>
        <SimpleForm resolver={grupoResolver} defaultValues={{ active: true, marcaIds: [] }} toolbar={<GrupoToolbar />}>
          <GrupoInputs />
        </SimpleForm>
      </Create>
    </>
  );
}
