import { SimpleCreate } from '../../src/components/form/RecordViews';
import { DivisaoInputs, divisaoResolver } from './DivisaoInputs';

/** /divisoes/novo: a division. */
export default function DivisaoCreate() {
  return (
    <SimpleCreate resolver={divisaoResolver}>
      <DivisaoInputs />
    </SimpleCreate>
  );
}
