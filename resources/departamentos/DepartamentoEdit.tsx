import Typography from '@mui/material/Typography';
import { Edit, SimpleForm, useTranslate } from 'react-admin';
import { RecordToolbar } from '../../src/components/form/RecordToolbar';
import { DepartamentoInputs, departamentoResolver } from './DepartamentoInputs';

/** /departamentos/:id: edits a department; saving waits for the API so its field errors show under the fields. */
export default function DepartamentoEdit() {
  const translate = useTranslate();
  const title = translate('routes.departamentosEditar');
  return (
    <>
      {/* Above the view: shown while the record loads too. */}
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <Edit resource="departamentos" redirect="list" mutationMode="pessimistic" title={title} actions={false}>
        <SimpleForm
          resolver={departamentoResolver}
          toolbar={
            <RecordToolbar
              tipo="DEPARTAMENTO"
              removable
              removeTitle="cadastros.remover.title"
              removeContent="cadastros.remover.content"
            />
          }
        >
          <DepartamentoInputs />
        </SimpleForm>
      </Edit>
    </>
  );
}
