import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SimpleForm, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import { AuditButton } from '../../src/components/AuditButton';
import { Wizard } from '../../src/components/form/Wizard';
import { DEALER_STEPS, NEW_DEALER, dealerResolver } from './DealerInputs';

function Heading() {
  const record = useRecordContext();
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Typography variant="h6" component="p" sx={{ flex: 1 }}>
        {record?.id ? record.nomeExibicao : translate('dealers.novo')}
      </Typography>
      {record?.id !== undefined && <AuditButton tipo="DEALER" id={record.id} />}
    </Box>
  );
}

/** The dealer wizard of create and edit: four steps, saved on the last one. */
export function DealerForm() {
  const redirect = useRedirect();
  return (
    <SimpleForm resolver={dealerResolver} defaultValues={NEW_DEALER} toolbar={false}>
      <Wizard steps={DEALER_STEPS} onCancel={() => redirect('list', 'dealers')} heading={<Heading />} />
    </SimpleForm>
  );
}
