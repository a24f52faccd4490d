import { TextInput } from 'react-admin';
import { departamentoSchema } from '../../domain/schemas/cadastros';
import { schemaResolver } from '../../src/components/form/schemaResolver';

/** The shared schema of the API's salvarDepartamento, checked in the form too. */
export const departamentoResolver = schemaResolver(departamentoSchema);

/** The fields of a department, shared by its create and edit forms. */
export function DepartamentoInputs() {
  return (
    <>
      <TextInput source="nome" label="cadastros.fields.nome" isRequired fullWidth />
      <TextInput source="sigla" label="cadastros.fields.sigla" isRequired />
      <TextInput source="assinatura" label="cadastros.fields.assinatura" multiline minRows={2} fullWidth />
    </>
  );
}
