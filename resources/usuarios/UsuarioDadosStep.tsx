import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import {
  AutocompleteArrayInput,
  DateInput,
  SelectInput,
  TextInput,
  useGetList,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { applyCpfMask } from '../../domain/documentos';
import { applyPhoneMask, phoneError } from '../../domain/telefones';
import { TagsInput } from '../../src/components/form/TagsInput';
import { CargosInput } from './CargosInput';
import { DealersInput } from './DealersInput';
import { useUsuarioOptionsContext, type Ref } from './useUsuarioOptions';

const row = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, width: '100%' };

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ width: '100%', mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1, fontWeight: 500 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}

const phoneTags = (tipo: 'telefone' | 'celular') => ({
  mask: (value: string) => applyPhoneMask(value, tipo),
  display: (value: string) => applyPhoneMask(value, tipo),
  tagError: (value: string) => phoneError(value, tipo),
});

/**
 * An e-mail input that lowercases what was typed when it loses the focus (spec section 2). A
 * locked one is read-only, not disabled: react-hook-form leaves a disabled field's value out of
 * what it validates and submits.
 */
function EmailInput({
  source,
  label,
  readOnly,
  isRequired,
}: {
  source: string;
  label: string;
  readOnly?: boolean;
  isRequired?: boolean;
}) {
  const { setValue, getValues } = useFormContext();
  return (
    <TextInput
      source={source}
      label={label}
      type="email"
      readOnly={readOnly}
      isRequired={isRequired}
      onBlur={() => {
        const value = getValues(source);
        if (typeof value === 'string' && value !== value.trim().toLowerCase()) {
          setValue(source, value.trim().toLowerCase(), { shouldDirty: true });
        }
      }}
    />
  );
}

/**
 * Step 1 of the user wizard: personal data, brands, groups and dealers, phones, management data and
 * positions (the last two for the user types the portal asks them of). E-mail and type are locked
 * (read-only, so still submitted) once the user exists, the CPF once filled; changing the type or the brands clears the groups,
 * the dealers and their positions (spec section 4).
 */
export function UsuarioDadosStep() {
  const translate = useTranslate();
  const record = useRecordContext();
  const { dominio, properties } = useUsuarioOptionsContext();
  const { setValue } = useFormContext();
  const tipo = useWatch({ name: 'tipo' });
  const editing = record?.id != null;
  const { data: desligamentos = [] } = useGetList<{ id: string; motivo: string }>(
    'desligamentos',
    { pagination: { page: 1, perPage: 1000 }, sort: { field: 'motivo', order: 'ASC' } },
    { enabled: Boolean(tipo && properties.tiposUsuarioInformarGestao.includes(tipo)) },
  );

  const clearNetwork = () => {
    for (const field of ['grupoIds', 'dealerIds', 'dealers', 'cargos']) setValue(field, [], { shouldDirty: true });
  };
  const nomes = (list: Ref[]) => list.map((item) => ({ id: String(item.id), name: item.nome }));

  return (
    <Box sx={{ width: '100%' }}>
      <Section title="usuarios.sections.pessoais">
        <Box sx={row}>
          <TextInput source="nome" label="usuarios.fields.nome" isRequired />
          <EmailInput source="email" label="usuarios.fields.email" readOnly={editing} isRequired />
          <TextInput
            source="cpf"
            label="usuarios.fields.cpf"
            isRequired={Boolean(tipo && properties.tiposUsuarioDocumentoObrigatorio.includes(tipo))}
            readOnly={editing && Boolean(record?.cpf)}
            format={(value?: string | null) => applyCpfMask(value ?? '')}
            parse={(value: string) => applyCpfMask(value)}
          />
          <SelectInput
            source="tipo"
            label="usuarios.fields.tipo"
            isRequired
            readOnly={editing}
            choices={dominio.tiposUsuario.map((id) => ({ id, name: `tiposUsuario.${id}` }))}
            onChange={clearNetwork}
          />
          <SelectInput
            source="idioma"
            label="usuarios.fields.idioma"
            choices={dominio.idiomas.map((id) => ({ id, name: `languages.${id}` }))}
          />
        </Box>
      </Section>
      <Section title="usuarios.sections.rede">
        <Box sx={row}>
          <AutocompleteArrayInput
            source="marcaIds"
            label="usuarios.fields.marcas"
            choices={nomes(dominio.marcas)}
            translateChoice={false}
            onChange={clearNetwork}
          />
          <AutocompleteArrayInput
            source="grupoIds"
            label="usuarios.fields.grupos"
            choices={nomes(dominio.grupos)}
            translateChoice={false}
          />
          <Box sx={{ gridColumn: { md: '1 / -1' }, mb: 2 }}>
            <DealersInput isRequired={tipo === 'DEALER_GRUPO'} />
          </Box>
        </Box>
      </Section>
      <Section title="usuarios.sections.contato">
        <Box sx={row}>
          <TagsInput source="telefones" label="usuarios.fields.telefone" {...phoneTags('telefone')} />
          <TagsInput source="celulares" label="usuarios.fields.celular" {...phoneTags('celular')} />
        </Box>
      </Section>
      {tipo && properties.tiposUsuarioInformarGestao.includes(tipo) && (
        <Section title="usuarios.sections.gestao">
          <Box sx={row}>
            <DateInput source="dataAdmissao" label="usuarios.fields.dataAdmissao" />
            <EmailInput source="emailSuperior" label="usuarios.fields.emailSuperior" />
            <SelectInput
              source="desligamentoId"
              label="usuarios.fields.desligamento"
              choices={desligamentos.map((d) => ({ id: String(d.id), name: d.motivo }))}
              translateChoice={false}
              emptyText={translate('ra.action.clear_input_value')}
            />
            <DateInput source="dataDesligamento" label="usuarios.fields.dataDesligamento" />
          </Box>
        </Section>
      )}
      {tipo && properties.tiposUsuarioInformarCargo.includes(tipo) && (
        <Section title="usuarios.sections.cargos">
          <CargosInput />
        </Section>
      )}
    </Box>
  );
}
