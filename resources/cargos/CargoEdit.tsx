import Typography from '@mui/material/Typography';
import { Edit, SimpleForm, useTranslate } from 'react-admin';
import { RecordToolbar } from '../../src/components/form/RecordToolbar';
import { CargoInputs, cargoResolver } from './CargoInputs';

/** /cargos/:id: edits a position; saving waits for the API so its field errors show under the fields. */
export default function CargoEdit() {
  const translate = useTranslate();
  const title = translate('routes.cargosEditar');
  return (
    <>
      {/* Above the view: shown while the record loads too. */}
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <Edit resource="cargos" redirect="list" mutationMode="pessimistic" title={title} actions={false}>
        <SimpleForm
          resolver={cargoResolver}
          toolbar={
            <RecordToolbar
              tipo="CARGO"
              removable
              removeTitle="cadastros.remover.title"
              removeContent="cadastros.remover.content"
            />
          }
        >
          <CargoInputs />
        </SimpleForm>
      </Edit>
    </>
  );
}
