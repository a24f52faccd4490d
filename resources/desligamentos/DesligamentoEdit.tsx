import { SimpleEdit } from '../../src/components/form/RecordViews';
import { DesligamentoInputs, desligamentoResolver } from './DesligamentoInputs';

/** /desligamentos/:id: edits a dismissal reason; removable while unused. */
export default function DesligamentoEdit() {
  return (
    <SimpleEdit resolver={desligamentoResolver} tipo="DESLIGAMENTO" removable>
      <DesligamentoInputs />
    </SimpleEdit>
  );
}
