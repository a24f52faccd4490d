import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { SimpleForm, useNotify, useRecordContext, useRedirect, useTranslate, type RaRecord } from 'react-admin';
import { useFormContext, type FieldValues } from 'react-hook-form';
import { ConfirmSave } from '../../src/components/form/ConfirmSave';
import { useSearchParams } from 'react-router-dom';
import { formatCpf } from '../../domain/documentos';
import { IDIOMA_PADRAO } from '../../domain/enums';
import { USUARIO_STEP_FIELDS, usuarioSchema } from '../../domain/schemas/usuario';
import { AuditButton } from '../../src/components/AuditButton';
import { AusenciaButton } from '../../src/components/AusenciaButton';
import { LoadError } from '../../src/components/LoadError';
import { schemaResolver } from '../../src/components/form/schemaResolver';
import { useSaveWithFieldErrors } from '../../src/components/form/useSaveWithFieldErrors';
import { Wizard, type WizardStep } from '../../src/components/form/Wizard';
import type { CargoFormValue } from './CargosInput';
import { fromInfo, hasAnyPermission } from './permissoes';
import { UsuarioDadosStep } from './UsuarioDadosStep';
import { UsuarioPermissoesStep } from './UsuarioPermissoesStep';
import { UsuarioOptionsContext, useUsuarioOptions } from './useUsuarioOptions';

/** The wizard's steps (spec section 2) and the fields each validates before the next. */
export const USUARIO_STEPS: readonly WizardStep[] = [
  { label: 'usuarios.steps.dados', fields: USUARIO_STEP_FIELDS[0], content: <UsuarioDadosStep /> },
  { label: 'usuarios.steps.permissoes', fields: USUARIO_STEP_FIELDS[1], content: <UsuarioPermissoesStep /> },
];

export const NEW_USUARIO = {
  idioma: IDIOMA_PADRAO,
  marcaIds: [],
  grupoIds: [],
  dealerIds: [],
  dealers: [],
  telefones: [],
  celulares: [],
  cargos: [],
  produtos: [],
};

/**
 * A saved user (`usuario(id)`) and their permissions (`infoUsuario`) as the form holds them: type
 * and language as their ids, the CPF masked, the dealers with their names.
 */
export function usuarioFormValues(record: RaRecord, info: Parameters<typeof fromInfo>[0]) {
  return {
    ...record,
    tipo: record.tipo?.id ?? record.tipo,
    idioma: record.idioma?.id ?? record.idioma,
    cpf: record.cpf ? formatCpf(record.cpf) : null,
    marcaIds: (record.marcaIds ?? []).map(String),
    grupoIds: (record.grupoIds ?? []).map(String),
    dealerIds: (record.dealerIds ?? []).map(String),
    dealers: (record.dealers ?? []).map((d: { id: string; nomeExibicao: string }) => ({
      id: String(d.id),
      nomeExibicao: d.nomeExibicao,
    })),
    cargos: (record.cargos ?? []).map((c: CargoFormValue): CargoFormValue => ({
      cargoId: String(c.cargoId),
      cargoNome: c.cargoNome,
      dealerId: String(c.dealerId),
      dealerNome: c.dealerNome,
      departamentoId: c.departamentoId ? String(c.departamentoId) : null,
      departamentoNome: c.departamentoNome ?? null,
      dataInicio: c.dataInicio,
    })),
    produtos: fromInfo(info),
  };
}

function Heading() {
  const record = useRecordContext();
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Typography variant="h6" component="p" sx={{ flex: 1 }}>
        {record?.id ? record.nome : translate('usuarios.novo')}
      </Typography>
      {record?.id != null && <AusenciaButton id={record.id} />}
      {record?.id != null && <AuditButton tipo="USUARIO" id={record.id} />}
    </Box>
  );
}

/**
 * Save on the last step: the whole form is validated, then a confirm dialog (spec section 8), which
 * warns when the user would get no product permission at all.
 */
function UsuarioSaveButton() {
  const translate = useTranslate();
  const { handleSubmit } = useFormContext();
  const { save, saving } = useSaveWithFieldErrors();
  const [pending, setPending] = useState<FieldValues | null>(null);
  return (
    <>
      <Button variant="contained" disabled={saving} onClick={() => void handleSubmit((values) => setPending(values))()}>
        {translate('wizard.save')}
      </Button>
      <ConfirmSave
        pending={pending}
        saving={saving}
        title="usuarios.saveConfirm.title"
        content={
          hasAnyPermission(pending?.produtos) ? 'usuarios.saveConfirm.content' : 'usuarios.saveConfirm.semPermissoes'
        }
        confirm="wizard.save"
        onSave={save}
        onClose={() => setPending(null)}
      />
    </>
  );
}

/**
 * The user wizard of create and edit (spec section 2): two steps, saved on the last one after a
 * confirmation. `?passo=N` opens it at step N (1 or 2). The rules are the shared schema's, under
 * the portal's settings and the products' access types (usuarioSchema(rules)), so the form waits
 * for them.
 */
export function UsuarioForm({ record }: { record?: RaRecord }) {
  const redirect = useRedirect();
  const [search] = useSearchParams();
  const passo = Number(search.get('passo') ?? 1);
  const options = useUsuarioOptions();
  const resolver = useMemo(
    () => (options.data ? schemaResolver(usuarioSchema(options.data.rules)) : undefined),
    [options.data],
  );
  if (options.isError) {
    return (
      <LoadError
        message="usuarios.loadError"
        retrying={options.isFetching}
        onRetry={() => void options.refetch()}
        sx={{ m: 2 }}
      />
    );
  }
  if (!options.data || !resolver) return <FormLoading />;
  return (
    <UsuarioOptionsContext.Provider value={options.data}>
      <SimpleForm record={record} resolver={resolver} defaultValues={NEW_USUARIO} toolbar={false}>
        <Wizard
          steps={USUARIO_STEPS}
          onCancel={() => redirect('list', 'usuarios')}
          heading={<Heading />}
          initialStep={passo - 1}
          saveButton={<UsuarioSaveButton />}
        />
      </SimpleForm>
    </UsuarioOptionsContext.Provider>
  );
}

export function FormLoading() {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
      <CircularProgress aria-label={translate('ra.page.loading')} />
    </Box>
  );
}

/** After a save: the success toast with the user's name, then the list; a failure's toast. */
export function useUsuarioMutationOptions() {
  const notify = useNotify();
  const redirect = useRedirect();
  return {
    onSuccess: (data: RaRecord) => {
      notify('usuarios.saved', { type: 'success', messageArgs: { nome: data.nome } });
      redirect('list', 'usuarios');
    },
    onError: (error: unknown) => {
      const message = error instanceof Error && error.message ? error.message : 'usuarios.saveError';
      notify(message, { type: 'error' });
    },
  };
}
