import { SimpleEdit } from '../../src/components/form/RecordViews';
import { RelatorioInputs, relatorioResolver } from './RelatorioInputs';

/** /relatorios/:id: edits a report definition; removable. */
export default function RelatorioEdit() {
  return (
    <SimpleEdit resolver={relatorioResolver} tipo="RELATORIO" removable>
      <RelatorioInputs />
    </SimpleEdit>
  );
}
