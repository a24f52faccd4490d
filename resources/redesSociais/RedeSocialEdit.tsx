import { SimpleEdit } from '../../src/components/form/RecordViews';
import { RedeSocialInputs, redeSocialResolver } from './RedeSocialInputs';

/** /redesSociais/:id: edits a social network of a brand; removable while unused. */
export default function RedeSocialEdit() {
  return (
    <SimpleEdit resolver={redeSocialResolver} tipo="REDE_SOCIAL" removable>
      <RedeSocialInputs />
    </SimpleEdit>
  );
}
