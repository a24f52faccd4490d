import { SimpleEdit } from '../../src/components/form/RecordViews';
import { DepartamentoInputs, departamentoResolver } from './DepartamentoInputs';

/** /departamentos/:id: edits a department; removable while unused. */
export default function DepartamentoEdit() {
  return (
    <SimpleEdit resolver={departamentoResolver} tipo="DEPARTAMENTO" removable>
      <DepartamentoInputs />
    </SimpleEdit>
  );
}
