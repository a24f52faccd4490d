import { Create, useTranslate } from 'react-admin';
import { DealerForm } from './DealerForm';
import { useDealerSaved } from './DealerInputs';

/** /dealers/novo */
export default function DealerCreate() {
  const translate = useTranslate();
  const onSuccess = useDealerSaved();
  return (
    <Create title={translate('routes.dealersNovo')} mutationOptions={{ onSuccess }}>
      <DealerForm />
    </Create>
  );
}
