import { TextInput } from 'react-admin';
import { departamentoSchema } from '../../domain/schemas/referencia';
import { schemaResolver } from '../../src/components/form/schemaResolver';

/** The shared schema of the API's salvarDepartamento, checked in the form too. */
export const departamentoResolver = schemaResolver(departamentoSchema);

/** The fields of a department, shared by its create and edit forms. */
export function DepartamentoInputs() {
  return (
    <>
      <TextInput source="nome" label="referencia.fields.nome" isRequired fullWidth />
      <TextInput source="sigla" label="referencia.fields.sigla" isRequired />
      <TextInput source="assinatura" label="referencia.fields.assinatura" multiline minRows={2} fullWidth />
    </>
  );
}
