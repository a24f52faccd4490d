import Typography from '@mui/material/Typography';
import { Create, SimpleForm, useTranslate } from 'react-admin';
import { RecordToolbar } from '../../src/components/form/RecordToolbar';
import { MarcaInputs, marcaResolver } from './MarcaInputs';

/** /marcas/novo: a brand, back to the list once saved. */
export default function MarcaCreate() {
  const translate = useTranslate();
  const title = translate('routes.marcasNovo');
  return (
    <>
      {/* The page's title, above the form. */}
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <Create resource="marcas" redirect="list" title={title}>
        <SimpleForm resolver={marcaResolver} toolbar={<RecordToolbar />}>
          <MarcaInputs />
        </SimpleForm>
      </Create>
    </>
  );
}
