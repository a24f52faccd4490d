import { SimpleCreate } from '../../src/components/form/RecordViews';
import { DepartamentoInputs, departamentoResolver } from './DepartamentoInputs';

/** /departamentos/novo: a department. */
export default function DepartamentoCreate() {
  return (
    <SimpleCreate resolver={departamentoResolver}>
      <DepartamentoInputs />
    </SimpleCreate>
  );
}
