import { SimpleCreate } from '../../src/components/form/RecordViews';
import { RedeSocialInputs, redeSocialResolver } from './RedeSocialInputs';

/** /redesSociais/novo: a social network of a brand. */
export default function RedeSocialCreate() {
  return (
    <SimpleCreate resolver={redeSocialResolver}>
      <RedeSocialInputs />
    </SimpleCreate>
  );
}
