import { SimpleCreate } from '../../src/components/form/RecordViews';
import { CargoInputs, cargoResolver } from './CargoInputs';

/** /cargos/novo: a position. */
export default function CargoCreate() {
  return (
    <SimpleCreate resolver={cargoResolver}>
      <CargoInputs />
    </SimpleCreate>
  );
}
