import { TextInput } from 'react-admin';
import { desligamentoSchema } from '../../domain/schemas/referencia';
import { schemaResolver } from '../../src/components/form/schemaResolver';

/** The shared schema of the API's salvarDesligamento, checked in the form too. */
export const desligamentoResolver = schemaResolver(desligamentoSchema);

/** The fields of a dismissal reason, shared by its create and edit forms. */
export function DesligamentoInputs() {
  return (
    <>
      <TextInput source="motivo" label="referencia.fields.motivo" isRequired fullWidth />
    </>
  );
}
