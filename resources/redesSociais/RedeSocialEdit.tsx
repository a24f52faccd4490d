import Typography from '@mui/material/Typography';
import { Edit, SimpleForm, useTranslate } from 'react-admin';
import { RecordToolbar } from '../../src/components/form/RecordToolbar';
import { RedeSocialInputs, redeSocialResolver } from './RedeSocialInputs';

/** /redesSociais/:id: edits a brand's social network; saving waits for the API so its field errors show under the fields. */
export default function RedeSocialEdit() {
  const translate = useTranslate();
  const title = translate('routes.redesSociaisEditar');
  return (
    <>
      {/* Above the view: shown while the record loads too. */}
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <Edit resource="redesSociais" redirect="list" mutationMode="pessimistic" title={title} actions={false}>
        <SimpleForm
          resolver={redeSocialResolver}
          toolbar={
            <RecordToolbar
              tipo="REDE_SOCIAL"
              removable
              removeTitle="cadastros.remover.title"
              removeContent="cadastros.remover.content"
            />
          }
        >
          <RedeSocialInputs />
        </SimpleForm>
      </Edit>
    </>
  );
}
