import { SimpleCreate } from '../../src/components/form/RecordViews';
import { MarcaInputs, marcaResolver } from './MarcaInputs';

/** /marcas/novo: a brand. */
export default function MarcaCreate() {
  return (
    <SimpleCreate resolver={marcaResolver}>
      <MarcaInputs />
    </SimpleCreate>
  );
}
