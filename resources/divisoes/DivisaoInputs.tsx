import { TextInput } from 'react-admin';
import { divisaoSchema } from '../../domain/schemas/referencia';
import { schemaResolver } from '../../src/components/form/schemaResolver';

/** The shared schema of the API's salvarDivisao, checked in the form too. */
export const divisaoResolver = schemaResolver(divisaoSchema);

/** The fields of a division, shared by its create and edit forms. */
export function DivisaoInputs() {
  return (
    <>
      <TextInput source="nome" label="referencia.fields.nome" isRequired fullWidth />
    </>
  );
}
