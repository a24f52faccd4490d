import { ReferenceInput, SelectInput, TextInput } from 'react-admin';
import { setorSchema } from '../../domain/schemas/referencia';
import { schemaResolver } from '../../src/components/form/schemaResolver';

/** The shared schema of the API's salvarSetor, checked in the form too. */
export const setorResolver = schemaResolver(setorSchema);

/** Every division is offered (the list is small and read whole). */
const ALL = 1000;

/** The fields of a sector, shared by its create and edit forms: its name and its division. */
export function SetorInputs() {
  return (
    <>
      <TextInput source="nome" label="referencia.fields.nome" isRequired fullWidth />
      <ReferenceInput source="divisaoId" reference="divisoes" sort={{ field: 'nome', order: 'ASC' }} perPage={ALL}>
        <SelectInput optionText="nome" label="referencia.fields.divisao" isRequired fullWidth />
      </ReferenceInput>
    </>
  );
}
