import { SimpleEdit } from '../../src/components/form/RecordViews';
import { CargoInputs, cargoResolver } from './CargoInputs';

/** /cargos/:id: edits a position; removable while unused. */
export default function CargoEdit() {
  return (
    <SimpleEdit resolver={cargoResolver} tipo="CARGO" removable>
      <CargoInputs />
    </SimpleEdit>
  );
}
