import Typography from '@mui/material/Typography';
import { Create, SimpleForm, useTranslate } from 'react-admin';
import { RecordToolbar } from '../../src/components/form/RecordToolbar';
import { RedeSocialInputs, redeSocialResolver } from './RedeSocialInputs';

/** /redesSociais/novo: a brand's social network, back to the list once saved. */
export default function RedeSocialCreate() {
  const translate = useTranslate();
  const title = translate('routes.redesSociaisNovo');
  return (
    <>
      {/* The page's title, above the form. */}
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <Create resource="redesSociais" redirect="list" title={title}>
        <SimpleForm resolver={redeSocialResolver} toolbar={<RecordToolbar />}>
          <RedeSocialInputs />
        </SimpleForm>
      </Create>
    </>
  );
}
