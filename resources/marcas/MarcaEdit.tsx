import { SimpleEdit } from '../../src/components/form/RecordViews';
import { MarcaInputs, marcaResolver } from './MarcaInputs';

/** /marcas/:id: edits a brand. */
export default function MarcaEdit() {
  return (
    <SimpleEdit resolver={marcaResolver} tipo="MARCA">
      <MarcaInputs />
    </SimpleEdit>
  );
}
