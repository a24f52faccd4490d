import { SimpleCreate } from '../../src/components/form/RecordViews';
import { RelatorioInputs, relatorioResolver } from './RelatorioInputs';

/** /relatorios/novo: a report definition (a menu entry under Reports). */
export default function RelatorioCreate() {
  return (
    <SimpleCreate resolver={relatorioResolver}>
      <RelatorioInputs />
    </SimpleCreate>
  );
}
