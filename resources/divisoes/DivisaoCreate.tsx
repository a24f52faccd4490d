import Typography from '@mui/material/Typography';
import { Create, SimpleForm, useTranslate } from 'react-admin';
import { RecordToolbar } from '../../src/components/form/RecordToolbar';
import { DivisaoInputs, divisaoResolver } from './DivisaoInputs';

/** /divisoes/novo: a division, back to the list once saved. */
export default function DivisaoCreate() {
  const translate = useTranslate();
  const title = translate('routes.divisoesNovo');
  return (
    <>
      {/* The page's title, above the form. */}
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <Create resource="divisoes" redirect="list" title={title}>
        <SimpleForm resolver={divisaoResolver} toolbar={<RecordToolbar />}>
          <DivisaoInputs />
        </SimpleForm>
      </Create>
    </>
  );
}
