import { TextInput } from 'react-admin';
import { marcaSchema } from '../../domain/schemas/referencia';
import { schemaResolver } from '../../src/components/form/schemaResolver';

/** The shared schema of the API's salvarMarca, checked in the form too. */
export const marcaResolver = schemaResolver(marcaSchema);

/** The fields of a brand, shared by its create and edit forms. */
export function MarcaInputs() {
  return (
    <>
      <TextInput source="nome" label="referencia.fields.nome" isRequired fullWidth />
      <TextInput source="descricao" label="referencia.fields.descricao" multiline minRows={2} fullWidth />
      <TextInput source="facebookId" label="referencia.fields.facebookId" fullWidth />
    </>
  );
}
