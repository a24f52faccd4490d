import Typography from '@mui/material/Typography';
import { Edit, SimpleForm, useTranslate } from 'react-admin';
import { RecordToolbar } from '../../src/components/form/RecordToolbar';
import { SetorInputs, setorResolver } from './SetorInputs';

/** /setores/:id: edits a sector; saving waits for the API so its field errors show under the fields. */
export default function SetorEdit() {
  const translate = useTranslate();
  const title = translate('routes.setoresEditar');
  return (
    <>
      {/* Above the view: shown while the record loads too. */}
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <Edit resource="setores" redirect="list" mutationMode="pessimistic" title={title} actions={false}>
        <SimpleForm
          resolver={setorResolver}
          toolbar={
            <RecordToolbar
              tipo="SETOR"
              removable
              removeTitle="cadastros.remover.title"
              removeContent="cadastros.remover.content"
            />
          }
        >
          <SetorInputs />
        </SimpleForm>
      </Edit>
    </>
  );
}
