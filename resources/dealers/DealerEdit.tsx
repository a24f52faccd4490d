import Typography from '@mui/material/Typography';
import { Edit, useTranslate } from 'react-admin';
import { DealerForm } from './DealerForm';
import { useDealerSaved } from './DealerInputs';

/** /dealers/:id: saving waits for the API so that its field errors reach the wizard's steps. */
export default function DealerEdit() {
  const translate = useTranslate();
  const onSuccess = useDealerSaved();
  const title = translate('routes.dealersEditar');
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
        {title}
      </Typography>
      <Edit title={title} mutationMode="pessimistic" actions={false} mutationOptions={{ onSuccess }}>
        <DealerForm />
      </Edit>
    </>
  );
}
