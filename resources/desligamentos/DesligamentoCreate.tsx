import { SimpleCreate } from '../../src/components/form/RecordViews';
import { DesligamentoInputs, desligamentoResolver } from './DesligamentoInputs';

/** /desligamentos/novo: a dismissal reason. */
export default function DesligamentoCreate() {
  return (
    <SimpleCreate resolver={desligamentoResolver}>
      <DesligamentoInputs />
    </SimpleCreate>
  );
}
