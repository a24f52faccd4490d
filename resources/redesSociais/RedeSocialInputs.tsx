import InputAdornment from '@mui/material/InputAdornment';
import { useWatch } from 'react-hook-form';
import { ReferenceInput, SelectInput, TextInput } from 'react-admin';
import { redeSocialSchema } from '../../domain/schemas/referencia';
import { schemaResolver } from '../../src/components/form/schemaResolver';
import { IconePreview } from './IconePreview';

/** The shared schema of the API's salvarRedeSocial, checked in the form too. */
export const redeSocialResolver = schemaResolver(redeSocialSchema);

/** Every brand is offered (the list is small and read whole). */
const ALL = 1000;

function IconeAdornment() {
  const icone = useWatch({ name: 'icone' }) as string | undefined;
  return (
    <InputAdornment position="end">
      <IconePreview icone={icone} color="action" />
    </InputAdornment>
  );
}

/** The fields of a brand's social network, shared by its create and edit forms. */
export function RedeSocialInputs() {
  return (
    <>
      <ReferenceInput source="marcaId" reference="marcas" sort={{ field: 'nome', order: 'ASC' }} perPage={ALL}>
        <SelectInput optionText="nome" label="referencia.fields.marca" isRequired fullWidth />
      </ReferenceInput>
      <TextInput source="nome" label="referencia.fields.nome" isRequired fullWidth />
      <TextInput source="url" label="referencia.fields.url" isRequired fullWidth />
      <TextInput
        source="icone"
        label="referencia.fields.icone"
        helperText="referencia.iconeHelp"
        isRequired
        fullWidth
        slotProps={{ input: { endAdornment: <IconeAdornment /> } }}
      />
    </>
  );
}
