import { TextInput } from 'react-admin';
import { cargoSchema } from '../../domain/schemas/cadastros';
import { schemaResolver } from '../../src/components/form/schemaResolver';

/** The shared schema of the API's salvarCargo, checked in the form too. */
export const cargoResolver = schemaResolver(cargoSchema);

/** The fields of a position, shared by its create and edit forms. */
export function CargoInputs() {
  return (
    <>
      <TextInput source="nome" label="cadastros.fields.nome" isRequired fullWidth />
    </>
  );
}
