import { SimpleEdit } from '../../src/components/form/RecordViews';
import { SetorInputs, setorResolver } from './SetorInputs';

/** /setores/:id: edits a sector; removable while unused. */
export default function SetorEdit() {
  return (
    <SimpleEdit resolver={setorResolver} tipo="SETOR" removable>
      <SetorInputs />
    </SimpleEdit>
  );
}
