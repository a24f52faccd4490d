import Typography from '@mui/material/Typography';
import { Create, SimpleForm, useTranslate } from 'react-admin';
import { RecordToolbar } from '../../src/components/form/RecordToolbar';
import { DesligamentoInputs, desligamentoResolver } from './DesligamentoInputs';

/** /desligamentos/novo: a dismissal reason, back to the list once saved. */
export default function DesligamentoCreate() {
  const translate = useTranslate();
  const title = translate('routes.desligamentosNovo');
  return (
    <>
      {/* The page's title, above the form. */}
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <Create resource="desligamentos" redirect="list" title={title}>
        <SimpleForm resolver={desligamentoResolver} toolbar={<RecordToolbar />}>
          <DesligamentoInputs />
        </SimpleForm>
      </Create>
    </>
  );
}
