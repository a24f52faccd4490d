import { useWatch } from 'react-hook-form';
import {
  AutocompleteArrayInput,
  BooleanInput,
  CheckboxGroupInput,
  NumberInput,
  SelectInput,
  TextInput,
  useTranslate,
} from 'react-admin';
import { FUNCTION_KEYS, TIPOS_USUARIO } from '../../domain/enums';
import { RELATORIO_TIPOS, RELATORIOS_INTERNOS, relatorioSchema } from '../../domain/schemas/relatorio';
import { schemaResolver } from '../../src/components/form/schemaResolver';

/** The shared schema of the API's salvarRelatorio, checked in the form too. */
export const relatorioResolver = schemaResolver(relatorioSchema);

const TIPO_CHOICES = RELATORIO_TIPOS.map((id) => ({ id, name: `relatorios.tipos.${id}` }));
const INTERNO_CHOICES = RELATORIOS_INTERNOS.map((id) => ({ id, name: `relatorios.internos.${id}` }));
const TIPO_USUARIO_CHOICES = TIPOS_USUARIO.map((id) => ({ id, name: `tiposUsuario.${id}` }));
// Function keys are named by their key: the provider's staff know them so (spec section 6).
// By name (react-admin translates a choice's name), as the access screens show them.
const CHAVE_CHOICES = FUNCTION_KEYS.map((id) => ({ id, name: `chavesFuncionalidade.${id}` }));

/** The address or the built-in kind, as the chosen kind asks. */
function ConteudoInputs() {
  const tipo = useWatch({ name: 'tipo' }) as string | undefined;
  if (tipo === 'EMBUTIDO') {
    return (
      <>
        <TextInput source="url" label="relatorios.fields.url" helperText="relatorios.help.url" isRequired fullWidth />
        <BooleanInput
          source="tokenAssinado"
          label="relatorios.fields.tokenAssinado"
          helperText="relatorios.help.tokenAssinado"
        />
      </>
    );
  }
  if (tipo === 'INTERNO') {
    return (
      <SelectInput source="interno" label="relatorios.fields.interno" choices={INTERNO_CHOICES} isRequired fullWidth />
    );
  }
  return null;
}

/** The fields of a report definition, shared by its create and edit forms. */
export function RelatorioInputs() {
  const translate = useTranslate();
  const slug = (useWatch({ name: 'slug' }) as string | undefined) || '…';
  return (
    <>
      <TextInput
        source="slug"
        label="relatorios.fields.slug"
        helperText={translate('relatorios.help.slug', { slug })}
        isRequired
        fullWidth
      />
      <TextInput source="tituloPtBr" label="relatorios.fields.tituloPtBr" isRequired fullWidth />
      <TextInput source="tituloEs" label="relatorios.fields.tituloEs" isRequired fullWidth />
      <TextInput source="tituloEn" label="relatorios.fields.tituloEn" isRequired fullWidth />
      <SelectInput source="tipo" label="relatorios.fields.tipo" choices={TIPO_CHOICES} isRequired fullWidth />
      <ConteudoInputs />
      <AutocompleteArrayInput
        source="funcionalidades"
        label="relatorios.fields.funcionalidades"
        helperText="relatorios.help.funcionalidades"
        choices={CHAVE_CHOICES}
        fullWidth
      />
      <CheckboxGroupInput
        source="tiposUsuario"
        label="relatorios.fields.tiposUsuario"
        helperText="relatorios.help.tiposUsuario"
        choices={TIPO_USUARIO_CHOICES}
      />
      {/* No min/max/step on the input: the browser would refuse the submit in its own language; the
          schema says the range in the portal's. */}
      <NumberInput source="posicao" label="relatorios.fields.posicao" helperText="relatorios.help.posicao" />
    </>
  );
}
