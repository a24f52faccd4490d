import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';
import {
  AutocompleteArrayInput,
  BooleanInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  useNotify,
  useRedirect,
  type RaRecord,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { applyCnpjMask, formatCnpj, isValidCnpj } from '../../domain/documentos';
import { CODE_MAX_LENGTH } from '../../domain/limits';
import { dealerSchema } from '../../domain/schemas/dealer';
import { applyPhoneMask, phoneError } from '../../domain/telefones';
import { schemaResolver } from '../../src/components/form/schemaResolver';
import { TagsInput } from '../../src/components/form/TagsInput';
import type { WizardStep } from '../../src/components/form/Wizard';
import { DadosComplementaresInput } from './DadosComplementaresInput';

export const dealerResolver = schemaResolver(dealerSchema);

const row = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, width: '100%' };

/** Sector choices of the chosen division; changing the division clears a sector of another one. */
function SetorInput() {
  const divisaoId = useWatch({ name: 'divisaoId' });
  const { setValue } = useFormContext();
  const previous = useRef(divisaoId);
  useEffect(() => {
    if (previous.current !== undefined && String(previous.current) !== String(divisaoId)) {
      setValue('setorId', null, { shouldDirty: true });
    }
    previous.current = divisaoId;
  }, [divisaoId, setValue]);
  return (
    <ReferenceInput
      source="setorId"
      reference="setores"
      sort={{ field: 'nome', order: 'ASC' }}
      filter={divisaoId ? { divisaoId: String(divisaoId) } : {}}
    >
      <SelectInput label="dealers.fields.setor" optionText="nome" isRequired disabled={!divisaoId} fullWidth />
    </ReferenceInput>
  );
}

function IdentificacaoStep() {
  return (
    <Box sx={row}>
      <TextInput source="nomeExibicao" label="dealers.fields.nomeExibicao" isRequired />
      <TextInput source="razaoSocial" label="dealers.fields.razaoSocial" isRequired />
      <TextInput
        source="cnpj"
        label="dealers.fields.cnpj"
        isRequired
        format={(value?: string) => applyCnpjMask(value ?? '')}
        parse={(value: string) => applyCnpjMask(value)}
      />
      <BooleanInput source="active" label="dealers.fields.active" />
      <TagsInput
        source="cnpjsAdicionais"
        label="dealers.fields.cnpjAdicional"
        mask={applyCnpjMask}
        display={formatCnpj}
        tagError={(value) => (isValidCnpj(value) ? null : 'dealers.validation.cnpj')}
      />
      <TagsInput
        source="codigos"
        label="dealers.fields.codigo"
        isRequired
        // Refused with a message rather than cut: a truncated code would silently be another code.
        tagError={(value) => (value.trim().length > CODE_MAX_LENGTH ? 'dealers.validation.codigoLongo' : null)}
      />
      <ReferenceInput source="divisaoId" reference="divisoes" sort={{ field: 'nome', order: 'ASC' }}>
        <SelectInput label="dealers.fields.divisao" optionText="nome" isRequired fullWidth />
      </ReferenceInput>
      <SetorInput />
    </Box>
  );
}

const phoneTags = (tipo: 'telefone' | 'celular') => ({
  mask: (value: string) => applyPhoneMask(value, tipo),
  display: (value: string) => applyPhoneMask(value, tipo),
  tagError: (value: string) => phoneError(value, tipo),
});

function ContatoStep() {
  return (
    <Box sx={row}>
      <TagsInput source="telefones" label="dealers.fields.telefone" {...phoneTags('telefone')} />
      <TagsInput source="celulares" label="dealers.fields.celular" {...phoneTags('celular')} />
      <TextInput source="endereco.logradouro" label="dealers.fields.logradouro" />
      <TextInput source="endereco.complemento" label="dealers.fields.complemento" />
      <TextInput source="endereco.bairro" label="dealers.fields.bairro" />
      <TextInput source="endereco.cidade" label="dealers.fields.cidade" />
      <TextInput source="endereco.estado" label="dealers.fields.estado" inputProps={{ maxLength: 2 }} />
      <TextInput source="endereco.cep" label="dealers.fields.cep" />
    </Box>
  );
}

function RedeStep() {
  return (
    <Box sx={row}>
      <ReferenceArrayInput
        source="marcaIds"
        reference="marcas"
        sort={{ field: 'nome', order: 'ASC' }}
        perPage={100}
        // Only the brands the caller may assign are offered; those already there still show.
        filter={{ atribuivel: true }}
      >
        <AutocompleteArrayInput label="dealers.fields.marcas" optionText="nome" isRequired />
      </ReferenceArrayInput>
      <ReferenceArrayInput source="grupoIds" reference="grupos" sort={{ field: 'nome', order: 'ASC' }} perPage={25}>
        <AutocompleteArrayInput label="dealers.fields.grupos" optionText="nome" filterToQuery={(q) => ({ q })} />
      </ReferenceArrayInput>
    </Box>
  );
}

/** The wizard's steps and the fields each one validates before the next (spec section 3). */
export const DEALER_STEPS: readonly WizardStep[] = [
  {
    label: 'dealers.steps.identificacao',
    fields: ['nomeExibicao', 'razaoSocial', 'cnpj', 'cnpjsAdicionais', 'codigos', 'divisaoId', 'setorId'],
    content: <IdentificacaoStep />,
  },
  { label: 'dealers.steps.contato', fields: ['telefones', 'celulares', 'endereco'], content: <ContatoStep /> },
  { label: 'dealers.steps.rede', fields: ['marcaIds', 'grupoIds'], content: <RedeStep /> },
  {
    label: 'dealers.steps.complementares',
    fields: ['dadosComplementares'],
    content: <DadosComplementaresInput />,
  },
];

export const NEW_DEALER = {
  active: true,
  cnpjsAdicionais: [],
  codigos: [],
  telefones: [],
  celulares: [],
  endereco: {},
  marcaIds: [],
  grupoIds: [],
  dadosComplementares: [],
};

/** After a save: the success message with the dealer's name, then the list. */
export function useDealerSaved() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (data: RaRecord) => {
    notify('dealers.saved', { type: 'success', messageArgs: { nome: data.nomeExibicao } });
    redirect('list', 'dealers');
  };
}
