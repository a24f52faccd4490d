import Typography from '@mui/material/Typography';
import { Create, SimpleForm, useTranslate } from 'react-admin';
import { RecordToolbar } from '../../src/components/form/RecordToolbar';
import { DepartamentoInputs, departamentoResolver } from './DepartamentoInputs';

/** /departamentos/novo: a department, back to the list once saved. */
export default function DepartamentoCreate() {
  const translate = useTranslate();
  const title = translate('routes.departamentosNovo');
  return (
    <>
      {/* The page's title, above the form. */}
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <Create resource="departamentos" redirect="list" title={title}>
        <SimpleForm resolver={departamentoResolver} toolbar={<RecordToolbar />}>
          <DepartamentoInputs />
        </SimpleForm>
      </Create>
    </>
  );
}
