import { PageHeading, useRouteTitle } from '../../src/components/form/RecordViews';
import { Edit } from 'react-admin';
import { DealerForm } from './DealerForm';
import { useDealerSaved } from './DealerInputs';

/** /dealers/:id: saving waits for the API so that its field errors reach the wizard's steps. */
export default function DealerEdit() {
  const onSuccess = useDealerSaved();
  const title = useRouteTitle('Editar');
  return (
    <>
      <PageHeading title={title} />
      <Edit title={title} mutationMode="pessimistic" actions={false} mutationOptions={{ onSuccess }}>
        <DealerForm />
      </Edit>
    </>
  );
}
