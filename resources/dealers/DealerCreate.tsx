import { PageHeading, useRouteTitle } from '../../src/components/form/RecordViews';
import { Create } from 'react-admin';
import { DealerForm } from './DealerForm';
import { useDealerSaved } from './DealerInputs';

/** /dealers/novo */
export default function DealerCreate() {
  const onSuccess = useDealerSaved();
  const title = useRouteTitle('Novo');
  return (
    <>
      <PageHeading title={title} />
      <Create title={title} mutationOptions={{ onSuccess }}>
        <DealerForm />
      </Create>
    </>
  );
}
