import Typography from '@mui/material/Typography';
import { Create, useTranslate } from 'react-admin';
import { DealerForm } from './DealerForm';
import { useDealerSaved } from './DealerInputs';

/** /dealers/novo */
export default function DealerCreate() {
  const translate = useTranslate();
  const onSuccess = useDealerSaved();
  const title = translate('routes.dealersNovo');
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
        {title}
      </Typography>
      <Create title={title} mutationOptions={{ onSuccess }}>
        <DealerForm />
      </Create>
    </>
  );
}
