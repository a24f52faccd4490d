import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SimpleForm, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
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

/**
 * The dealer wizard of create and edit: four steps, saved on the last one. `?passo=N` opens it at
 * step N (1 to 4), e.g. /dealers/5?passo=4 for a dealer's complementary data; react-admin's
 * `?source=` (or the location's `record`) gives a new dealer its first values.
 */
export function DealerForm() {
  const redirect = useRedirect();
  const [search] = useSearchParams();
  const passo = Number(search.get('passo') ?? 1);
  return (
    <SimpleForm resolver={dealerResolver} defaultValues={NEW_DEALER} toolbar={false}>
      <Wizard
        steps={DEALER_STEPS}
        onCancel={() => redirect('list', 'dealers')}
        heading={<Heading />}
        initialStep={passo - 1}
      />
    </SimpleForm>
  );
}
