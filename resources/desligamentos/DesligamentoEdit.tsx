import Typography from '@mui/material/Typography';
import { Edit, SimpleForm, useTranslate } from 'react-admin';
import { RecordToolbar } from '../../src/components/form/RecordToolbar';
import { DesligamentoInputs, desligamentoResolver } from './DesligamentoInputs';

/** /desligamentos/:id: edits a dismissal reason; saving waits for the API so its field errors show under the fields. */
export default function DesligamentoEdit() {
  const translate = useTranslate();
  const title = translate('routes.desligamentosEditar');
  return (
    <>
      {/* Above the view: shown while the record loads too. */}
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <Edit resource="desligamentos" redirect="list" mutationMode="pessimistic" title={title} actions={false}>
        <SimpleForm
          resolver={desligamentoResolver}
          toolbar={
            <RecordToolbar
              tipo="DESLIGAMENTO"
              removable
              removeTitle="cadastros.remover.title"
              removeContent="cadastros.remover.content"
              nameField="motivo"
            />
          }
        >
          <DesligamentoInputs />
        </SimpleForm>
      </Edit>
    </>
  );
}
