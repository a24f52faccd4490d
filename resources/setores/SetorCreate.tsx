import Typography from '@mui/material/Typography';
import { Create, SimpleForm, useTranslate } from 'react-admin';
import { RecordToolbar } from '../../src/components/form/RecordToolbar';
import { SetorInputs, setorResolver } from './SetorInputs';

/** /setores/novo: a sector, back to the list once saved. */
export default function SetorCreate() {
  const translate = useTranslate();
  const title = translate('routes.setoresNovo');
  return (
    <>
      {/* The page's title, above the form. */}
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <Create resource="setores" redirect="list" title={title}>
        <SimpleForm resolver={setorResolver} toolbar={<RecordToolbar />}>
          <SetorInputs />
        </SimpleForm>
      </Create>
    </>
  );
}
