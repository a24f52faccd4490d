import { Edit, useTranslate } from 'react-admin';
import { DealerForm } from './DealerForm';
import { useDealerSaved } from './DealerInputs';

/** /dealers/:id: saving waits for the API so that its field errors reach the wizard's steps. */
export default function DealerEdit() {
  const translate = useTranslate();
  const onSuccess = useDealerSaved();
  return (
    <Edit
      title={translate('routes.dealersEditar')}
      mutationMode="pessimistic"
      actions={false}
      mutationOptions={{ onSuccess }}
    >
      <DealerForm />
    </Edit>
  );
}
