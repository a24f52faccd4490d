import Typography from '@mui/material/Typography';
import { Edit, SimpleForm, useTranslate } from 'react-admin';
import { RecordToolbar } from '../../src/components/form/RecordToolbar';
import { MarcaInputs, marcaResolver } from './MarcaInputs';

/** /marcas/:id: edits a brand; saving waits for the API so its field errors show under the fields. */
export default function MarcaEdit() {
  const translate = useTranslate();
  const title = translate('routes.marcasEditar');
  return (
    <>
      {/* Above the view: shown while the record loads too. */}
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <Edit resource="marcas" redirect="list" mutationMode="pessimistic" title={title} actions={false}>
        <SimpleForm resolver={marcaResolver} toolbar={<RecordToolbar tipo="MARCA" />}>
          <MarcaInputs />
        </SimpleForm>
      </Edit>
    </>
  );
}
