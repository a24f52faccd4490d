import {
  AutocompleteArrayInput,
  BooleanInput,
  ReferenceArrayInput,
  TextInput,
  useNotify,
  useRedirect,
  type RaRecord,
} from 'react-admin';
import { grupoSchema } from '../../domain/schemas/grupo';
import { schemaResolver } from '../../src/components/form/schemaResolver';

export const grupoResolver = schemaResolver(grupoSchema);

/** The fields of a dealer group, shared by its create and edit forms. */
export function GrupoInputs() {
  return (
    <>
      <TextInput source="nome" label="grupos.fields.nome" isRequired fullWidth />
      <ReferenceArrayInput
        source="marcaIds"
        reference="marcas"
        sort={{ field: 'nome', order: 'ASC' }}
        perPage={100}
        // Only the brands the caller may assign are offered; those already there still show.
        filter={{ atribuivel: true }}
      >
        <AutocompleteArrayInput label="grupos.fields.marcas" optionText="nome" isRequired fullWidth />
      </ReferenceArrayInput>
      <BooleanInput source="active" label="grupos.fields.active" />
    </>
  );
}

/** After a save: the success message with the group's name, then the list. */
export function useGrupoSaved() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (data: RaRecord) => {
    notify('grupos.saved', { type: 'success', messageArgs: { nome: data.nome } });
    redirect('list', 'grupos');
  };
}
