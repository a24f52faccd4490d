import Typography from '@mui/material/Typography';
import { Edit, SimpleForm, useTranslate } from 'react-admin';
import { RecordToolbar } from '../../src/components/form/RecordToolbar';
import { DivisaoInputs, divisaoResolver } from './DivisaoInputs';

/** /divisoes/:id: edits a division; saving waits for the API so its field errors show under the fields. */
export default function DivisaoEdit() {
  const translate = useTranslate();
  const title = translate('routes.divisoesEditar');
  return (
    <>
      {/* Above the view: shown while the record loads too. */}
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <Edit resource="divisoes" redirect="list" mutationMode="pessimistic" title={title} actions={false}>
        <SimpleForm
          resolver={divisaoResolver}
          toolbar={
            <RecordToolbar
              tipo="DIVISAO"
              removable
              removeTitle="cadastros.remover.title"
              removeContent="cadastros.remover.content"
            />
          }
        >
          <DivisaoInputs />
        </SimpleForm>
      </Edit>
    </>
  );
}
