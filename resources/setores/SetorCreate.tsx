import { SimpleCreate } from '../../src/components/form/RecordViews';
import { SetorInputs, setorResolver } from './SetorInputs';

/** /setores/novo: a sector. */
export default function SetorCreate() {
  return (
    <SimpleCreate resolver={setorResolver}>
      <SetorInputs />
    </SimpleCreate>
  );
}
