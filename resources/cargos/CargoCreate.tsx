import Typography from '@mui/material/Typography';
import { Create, SimpleForm, useTranslate } from 'react-admin';
import { RecordToolbar } from '../../src/components/form/RecordToolbar';
import { CargoInputs, cargoResolver } from './CargoInputs';

/** /cargos/novo: a position, back to the list once saved. */
export default function CargoCreate() {
  const translate = useTranslate();
  const title = translate('routes.cargosNovo');
  return (
    <>
      {/* The page's title, above the form. */}
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <Create resource="cargos" redirect="list" title={title}>
        <SimpleForm resolver={cargoResolver} toolbar={<RecordToolbar />}>
          <CargoInputs />
        </SimpleForm>
      </Create>
    </>
  );
}
