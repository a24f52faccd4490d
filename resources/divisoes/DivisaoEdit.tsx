import { SimpleEdit } from '../../src/components/form/RecordViews';
import { DivisaoInputs, divisaoResolver } from './DivisaoInputs';

/** /divisoes/:id: edits a division; removable while unused. */
export default function DivisaoEdit() {
  return (
    <SimpleEdit resolver={divisaoResolver} tipo="DIVISAO" removable>
      <DivisaoInputs />
    </SimpleEdit>
  );
}
