import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  BooleanInput,
  SimpleForm,
  TextInput,
  usePermissions,
  useTranslate,
  ValidationError,
  type RaRecord,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { ConfirmSave } from '../form/ConfirmSave';
import { allows, policies } from '../../../domain/policies';
import { grupoUsuariosSchema } from '../../../domain/schemas/grupoUsuarios';
import type { TipoUsuario } from '../../../domain/enums';
import type { PortalPermissions } from '../../../providers/authProvider';
import { AuditButton } from '../AuditButton';
import { DealerAutocomplete, type DealerRef } from '../DealerAutocomplete';
import { LoadError } from '../LoadError';
import { schemaResolver } from '../form/schemaResolver';
import { useSaveWithFieldErrors } from '../form/useSaveWithFieldErrors';
import { BlocoCheckbox, BlocosError, CaixaInput, EscolhaMultipla, UsuariosBusca } from './campos';
import { DestinatariosDialog } from './DestinatariosDialog';
import { GrupoUsuariosTour } from './GrupoUsuariosTour';
import { ImportarGruposDialog } from './ImportarGruposDialog';
import { algumBloco, aoMudarTipos, novoGrupoUsuarios, type GrupoUsuariosValues } from './regras';
import { useOperations } from '../useOperations';
import { useGrupoUsuariosOptions, type GrupoUsuariosOptions } from './useGrupoUsuariosOptions';

export const grupoUsuariosResolver = schemaResolver(grupoUsuariosSchema);

/** Whether another group holds the name (grupoUsuariosByNome), unless it is the group's own. */
function useNomeEmUso() {
  const { query } = useOperations('gruposUsuarios');
  return async (nome: string, values: Pick<GrupoUsuariosValues, 'id' | 'nomeOriginal'>) => {
    const trimmed = nome.trim();
    if (!trimmed || (values.id && trimmed === values.nomeOriginal)) return false;
    const found = await query<{ id: string } | null>('porNome', { nome: trimmed });
    return Boolean(found && String(found.id) !== String(values.id ?? ''));
  };
}

const NOME_EM_USO = 'gruposUsuarios.validation.nomeEmUso';

function PerfilCampos({ options }: { options: GrupoUsuariosOptions }) {
  const translate = useTranslate();
  const { setValue, getValues, clearErrors } = useFormContext<GrupoUsuariosValues>();
  const tipos: TipoUsuario[] = useWatch({ name: 'tiposUsuario' }) ?? [];
  const todosDealers: boolean = useWatch({ name: 'todosDealers' }) ?? false;
  const dealers: DealerRef[] = useWatch({ name: 'dealers' }) ?? [];
  const marcaIds: string[] = useWatch({ name: 'marcaIds' }) ?? [];
  const { formState } = useFormContext();
  const dealerError = (formState.errors as Record<string, { message?: string } | undefined>).dealerIds?.message;
  const dealerGrupo = tipos.includes('DEALER_GRUPO');
  return (
    <>
      <EscolhaMultipla
        source="marcaIds"
        label="gruposUsuarios.fields.marcas"
        options={options.marcas.map((m) => ({ id: m.id, label: m.nome }))}
      />
      <EscolhaMultipla
        source="tiposUsuario"
        label="gruposUsuarios.fields.tiposUsuario"
        options={options.tiposUsuario.map((t) => ({ id: t, label: translate(`tiposUsuario.${t}`) }))}
        onChange={(next) => {
          const patch = aoMudarTipos(getValues('tiposUsuario'), next as TipoUsuario[]);
          for (const [key, value] of Object.entries(patch)) {
            setValue(key as keyof GrupoUsuariosValues, value as never, { shouldDirty: true, shouldValidate: false });
          }
        }}
      />
      {dealerGrupo && (
        <>
          <EscolhaMultipla
            source="tipoAcessoIds"
            label="gruposUsuarios.fields.tiposAcesso"
            options={options.tiposAcesso.map((t) => ({ id: t.id, label: t.nome, grupo: t.produto }))}
          />
          <CaixaInput
            source="todosDealers"
            label="gruposUsuarios.fields.todosDealers"
            onChange={(checked) => {
              if (checked) {
                setValue('dealers', [], { shouldDirty: true });
                setValue('dealerIds', [], { shouldDirty: true });
              }
            }}
          />
          <DealerAutocomplete
            label="gruposUsuarios.fields.dealers"
            value={dealers}
            marcaIds={marcaIds}
            onlyActive
            disabled={todosDealers}
            error={Boolean(dealerError)}
            helperText={dealerError ? <ValidationError error={dealerError} /> : undefined}
            onChange={(chosen) => {
              const unique = chosen.filter((d, i) => chosen.findIndex((o) => o.id === d.id) === i);
              clearErrors('dealerIds');
              setValue('dealers', unique, { shouldDirty: true });
              setValue(
                'dealerIds',
                unique.map((d) => d.id),
                { shouldDirty: true, shouldValidate: formState.isSubmitted },
              );
            }}
          />
        </>
      )}
    </>
  );
}

/** The fields of a user group (spec sections 2 and 4): name, visibility, the recipient blocks, access lists. */
export function GrupoUsuariosInputs({ options }: { options: GrupoUsuariosOptions }) {
  const translate = useTranslate();
  const { permissions } = usePermissions<PortalPermissions | null>();
  const podePublico = allows(permissions ?? null, policies.gruposUsuarios.createPublic);
  const { getValues, setError, clearErrors } = useFormContext<GrupoUsuariosValues>();
  const id = useWatch({ name: 'id' });
  const nomeEmUso = useNomeEmUso();
  return (
    <Box sx={{ display: 'grid', gap: 1, width: '100%', maxWidth: 900 }}>
      <Box data-tour="grupo-usuarios-nome" sx={{ display: 'grid', gap: 1 }}>
        <TextInput
          source="nome"
          label="gruposUsuarios.fields.nome"
          isRequired
          fullWidth
          onBlur={async (event: React.FocusEvent<HTMLInputElement>) => {
            try {
              if (await nomeEmUso(event.target.value, getValues())) {
                setError('nome', { type: 'server', message: NOME_EM_USO });
              } else if (getValues('nome') === event.target.value) {
                clearErrors('nome');
              }
            } catch {
              // The check runs again on save; a failed look-up here says nothing.
            }
          }}
        />
        {/* readOnly, not disabled: a disabled input is not submitted, and the save needs the value. */}
        <BooleanInput
          source="publico"
          label="gruposUsuarios.fields.publico"
          readOnly={Boolean(id) || !podePublico}
          helperText={
            id
              ? 'gruposUsuarios.publicoFixo'
              : podePublico
                ? 'gruposUsuarios.publicoAjuda'
                : 'gruposUsuarios.publicoSemPermissao'
          }
        />
      </Box>
      <Divider />
      <Box data-tour="grupo-usuarios-blocos" sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="subtitle1" component="h2">
          {translate('gruposUsuarios.destinatariosTitulo')}
        </Typography>
        <Alert severity="info">{translate('gruposUsuarios.regra')}</Alert>
        <BlocosError />
        <BlocoCheckbox bloco="possuiPerfil">
          <PerfilCampos options={options} />
        </BlocoCheckbox>
        <BlocoCheckbox bloco="possuiCargos">
          <EscolhaMultipla
            source="cargoIds"
            label="gruposUsuarios.fields.cargos"
            options={options.cargos.map((c) => ({ id: c.id, label: c.nome }))}
          />
        </BlocoCheckbox>
        <BlocoCheckbox bloco="possuiSetores">
          <EscolhaMultipla
            source="setorIds"
            label="gruposUsuarios.fields.setores"
            options={options.setores.map((s) => ({ id: s.id, label: `${s.nome} (${s.divisao})` }))}
          />
        </BlocoCheckbox>
        <BlocoCheckbox bloco="possuiGrupos">
          <EscolhaMultipla
            source="grupoIds"
            label="gruposUsuarios.fields.grupos"
            options={options.grupos.map((g) => ({ id: g.id, label: g.nome }))}
          />
        </BlocoCheckbox>
        <BlocoCheckbox bloco="possuiUsuariosManuais">
          <UsuariosBusca
            source="usuarioManualIds"
            usuariosSource="usuariosManuais"
            label="gruposUsuarios.fields.usuariosManuais"
          />
        </BlocoCheckbox>
      </Box>
      <Divider />
      <Typography variant="subtitle1" component="h2">
        {translate('gruposUsuarios.acessoTitulo')}
      </Typography>
      <UsuariosBusca source="leitorIds" usuariosSource="leitores" label="gruposUsuarios.fields.leitores" />
      <UsuariosBusca source="editorIds" usuariosSource="editores" label="gruposUsuarios.fields.editores" />
    </Box>
  );
}

/**
 * Save (spec section 4): disabled unless a block is on or while saving; the name is checked
 * (grupoUsuariosByNome) and a confirmation asked first. Also the recipient preview and the import.
 */
export function GrupoUsuariosToolbar({ readOnly, onCancel }: { readOnly?: boolean; onCancel?: () => void }) {
  const translate = useTranslate();
  const { handleSubmit, setError, watch } = useFormContext<GrupoUsuariosValues>();
  const { save, saving } = useSaveWithFieldErrors();
  const nomeEmUso = useNomeEmUso();
  const [pending, setPending] = useState<GrupoUsuariosValues | null>(null);
  const [checking, setChecking] = useState(false);
  const [preview, setPreview] = useState(false);
  const [importing, setImporting] = useState(false);
  const values = watch();
  const blocos = algumBloco(values);
  const submit = handleSubmit(async (valid) => {
    setChecking(true);
    try {
      if (await nomeEmUso(valid.nome, valid)) {
        setError('nome', { type: 'server', message: NOME_EM_USO }, { shouldFocus: true });
        return;
      }
    } catch {
      // The server checks the name again on save.
    } finally {
      setChecking(false);
    }
    setPending(valid);
  });
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', px: 2, pb: 2 }}>
      <Button variant="contained" onClick={() => void submit()} disabled={readOnly || !blocos || saving || checking}>
        {translate('ra.action.save')}
      </Button>
      <Button data-tour="grupo-usuarios-destinatarios" onClick={() => setPreview(true)} disabled={!blocos}>
        {translate('gruposUsuarios.destinatarios.botao')}
      </Button>
      <Button onClick={() => setImporting(true)} disabled={readOnly}>
        {translate('gruposUsuarios.importar.botao')}
      </Button>
      {onCancel && <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>}
      {values.id && (
        <Box sx={{ ml: 'auto' }}>
          <AuditButton tipo="GRUPO_USUARIOS" id={values.id} />
        </Box>
      )}
      {preview && <DestinatariosDialog open onClose={() => setPreview(false)} />}
      {importing && <ImportarGruposDialog onClose={() => setImporting(false)} />}
      <ConfirmSave
        pending={pending}
        saving={saving}
        title="gruposUsuarios.salvar.title"
        content="gruposUsuarios.salvar.content"
        confirm="ra.action.save"
        onSave={save}
        onClose={() => setPending(null)}
      />
    </Box>
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

/**
 * The user-group form of the page and of the dialog, inside a react-admin Create or Edit (their
 * save). `record` is a saved group in the form's shape (formValuesOf); a new one without it.
 */
export function GrupoUsuariosForm({
  record,
  readOnly,
  tour = false,
  onCancel,
}: {
  record?: GrupoUsuariosValues & RaRecord;
  readOnly?: boolean;
  tour?: boolean;
  onCancel?: () => void;
}) {
  const translate = useTranslate();
  const options = useGrupoUsuariosOptions();
  const { permissions, isPending } = usePermissions<PortalPermissions | null>();
  if (options.isError) {
    return (
      <LoadError
        message="gruposUsuarios.loadError"
        retrying={options.isFetching}
        onRetry={() => void options.refetch()}
        sx={{ m: 2 }}
      />
    );
  }
  if (!options.data || isPending) return <FormLoading />;
  const defaults = novoGrupoUsuarios(allows(permissions ?? null, policies.gruposUsuarios.createPublic));
  return (
    <SimpleForm
      record={record}
      resolver={grupoUsuariosResolver}
      defaultValues={defaults}
      toolbar={<GrupoUsuariosToolbar readOnly={readOnly} onCancel={onCancel} />}
    >
      {readOnly && <Alert severity="warning">{translate('gruposUsuarios.somenteLeitura')}</Alert>}
      <GrupoUsuariosInputs options={options.data} />
      {tour && <GrupoUsuariosTour ready />}
    </SimpleForm>
  );
}
