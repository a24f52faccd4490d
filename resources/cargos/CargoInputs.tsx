import { TextInput } from 'react-admin';
import { cargoSchema } from '../../domain/schemas/referencia';
import { schemaResolver } from '../../src/components/form/schemaResolver';

/** The shared schema of the API's salvarCargo, checked in the form too. */
export const cargoResolver = schemaResolver(cargoSchema);

/** The fields of a position, shared by its create and edit forms. */
export function CargoInputs() {
  return (
    <>
      <TextInput source="nome" label="referencia.fields.nome" isRequired fullWidth />
    </>
  );
}
