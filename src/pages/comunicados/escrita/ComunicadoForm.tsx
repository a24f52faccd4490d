import SaveIcon from '@mui/icons-material/Save';
import ScheduleSendIcon from '@mui/icons-material/ScheduleSend';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { tituloDaPagina, useFocoAoSair } from '../../../components/useFocoAoSair';
import {
  BooleanInput,
  Confirm,
  Form,
  SelectInput,
  TextInput,
  useLocaleState,
  useNotify,
  usePermissions,
  useTranslate,
} from 'react-admin';
import { useController, useFormContext, useWatch, type FieldPath } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { z } from 'zod';
import {
  acoesPermitidas,
  agendamento,
  comunicadoSchema,
  enviarParaAprovacaoSchema,
  MODELOS_EMAIL_COMUNICADO,
  type AcaoComunicado,
} from '../../../../domain/comunicados';
import { COMUNICADO_ETIQUETAS_MAX } from '../../../../domain/limits';
import { emailField } from '../../../../domain/schemas/usuario';
import type { PortalPermissions } from '../../../../providers/authProvider';
import { uploadFile } from '../../../../providers/files';
import { BusyButton } from '../../../components/form/BusyButton';
import OpcionalSelectInput from '../../../components/form/OpcionalSelectInput';
import { schemaResolver } from '../../../components/form/schemaResolver';
import { TagsInput } from '../../../components/form/TagsInput';
import { formatDate, instanteDe, localDe } from '../../../components/format';
import { GrupoUsuariosSelector, type GrupoUsuariosRef } from '../../../components/gruposUsuarios';
import { UsuariosBusca } from '../../../components/gruposUsuarios/campos';
import { useDebounced } from '../../../components/useDebounced';
import { useOperations } from '../../../components/useOperations';
import { visualizarPath } from '../lista/tipos';
import { AcoesComunicado } from './AcoesComunicado';
import { Anexos, useAnexosPendentes } from './Anexos';
import {
  fieldErrorsOf,
  isConflict,
  UPLOAD_PATH,
  type Arquivo,
  type Comunicado,
  type Contato,
  type Departamento,
} from './comunicado';

const TextoRico = lazy(() => import('../../../components/TextoRico'));

export interface Valores {
  titulo: string;
  mensagem: string;
  departamentoId: string | null;
  grupos: GrupoUsuariosRef[];
  usuarioRemovidoIds: string[];
  usuariosRemovidos: Contato[];
  emailsAvulsos: string[];
  etiquetas: string[];
  serieId: string | null;
  templateName: string | null;
  arquivos: Arquivo[];
  exigeConfirmacao: boolean;
  aprovador: Contato | null;
  quando: 'agora' | 'agendar';
  dataHoraAgendamento: string;
}

/** What the form checks as it is typed: the draft's own rules (recipients and time are the send's). */
const formSchema = z.object({
  titulo: comunicadoSchema.shape.titulo,
  mensagem: comunicadoSchema.shape.mensagem,
  emailsAvulsos: comunicadoSchema.shape.emailsAvulsos,
  etiquetas: comunicadoSchema.shape.etiquetas,
  templateName: comunicadoSchema.shape.templateName,
});
const resolver = schemaResolver<Valores>(formSchema);
/** The e-mail layouts, named in the interface language. */
const MODELOS_EMAIL = MODELOS_EMAIL_COMUNICADO.map((id) => ({ id, name: `comunicados.escrita.modelosEmail.${id}` }));
const orNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** The announcement's fields as the form keeps them. */
export function valoresDe(record?: Comunicado): Valores {
  return {
    titulo: record?.titulo ?? '',
    mensagem: record?.mensagem ?? '',
    departamentoId: record?.departamento ? String(record.departamento.id) : null,
    grupos: (record?.grupos ?? []).map((g) => ({ id: String(g.id), nome: g.nome })),
    usuarioRemovidoIds: (record?.usuariosRemovidos ?? []).map((u) => String(u.id)),
    usuariosRemovidos: (record?.usuariosRemovidos ?? []).map((u) => ({ ...u, id: String(u.id) })),
    emailsAvulsos: (record?.emailsAvulsos ?? []).map((e) => e.email),
    etiquetas: (record?.etiquetas ?? []).map((e) => e.nome),
    serieId: record?.serie ? String(record.serie.id) : null,
    // No layout chosen is the standard one: the field shows it (and offers no empty choice).
    templateName: record?.templateName ?? 'padrao',
    arquivos: record?.arquivos ?? [],
    exigeConfirmacao: record?.exigeConfirmacao ?? false,
    aprovador: record?.usuarioAprovador ?? null,
    quando: record?.dataHoraAgendamento ? 'agendar' : 'agora',
    dataHoraAgendamento: localDe(record?.dataHoraAgendamento),
  };
}

/** The ComunicadoInput of salvarComunicado: every field, so an edit round trip drops none. */
export function entradaDe(values: Valores, record?: Comunicado) {
  return {
    id: record?.id ?? null,
    version: record?.version ?? null,
    titulo: values.titulo,
    mensagem: values.mensagem,
    departamentoId: orNull(values.departamentoId),
    grupoIds: values.grupos.map((g) => String(g.id)),
    usuarioRemovidoIds: values.usuarioRemovidoIds.map(String),
    emailsAvulsos: values.emailsAvulsos,
    etiquetas: values.etiquetas,
    serieId: orNull(values.serieId),
    arquivoIds: values.arquivos.map((a) => String(a.id)),
    exigeConfirmacao: values.exigeConfirmacao,
    templateName: orNull(values.templateName),
    aprovadorId: values.aprovador ? String(values.aprovador.id) : null,
    dataHoraAgendamento: values.quando === 'agendar' ? instanteDe(values.dataHoraAgendamento) : null,
  };
}

export function ComunicadoForm({
  record,
  onSaved,
  onConflict,
}: {
  record?: Comunicado;
  onSaved: (c: Comunicado | null) => void;
  onConflict: () => void;
}) {
  // The values of the record as it was when the form opened: react-admin's Form resets itself when its
  // defaultValues change, and a save answers the record again (with the approver it was given, say),
  // which wiped the errors of the send refused after it. ComunicadoPage builds the form again on a reload.
  const [valores] = useState(() => valoresDe(record));
  return (
    <Form defaultValues={valores} resolver={resolver} noValidate>
      <Campos record={record} onSaved={onSaved} onConflict={onConflict} />
    </Form>
  );
}

/** The server's field names under the form's (ids of objects the form keeps whole). */
const CAMPO_DO_SERVIDOR: Record<string, FieldPath<Valores>> = {
  grupoIds: 'grupos',
  arquivoIds: 'arquivos',
  aprovadorId: 'aprovador',
  usuarioRemovidoIds: 'usuarioRemovidoIds',
};

function Campos({
  record,
  onSaved,
  onConflict,
}: {
  record?: Comunicado;
  onSaved: (c: Comunicado | null) => void;
  onConflict: () => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const { mutate } = useOperations('comunicados');
  const { permissions } = usePermissions<PortalPermissions | null>();
  const { handleSubmit, setError, clearErrors, getValues } = useFormContext<Valores>();
  const quando = useWatch<Valores, 'quando'>({ name: 'quando' });
  const [busy, setBusy] = useState(false);
  const anexos = useAnexosPendentes();

  // A new one: the actions its author would have on a draft (the server answers `acoes` once saved).
  const acoes = new Set<AcaoComunicado>(
    record
      ? (record.acoes as AcaoComunicado[])
      : permissions
        ? acoesPermitidas({ estado: 'RASCUNHO', autorId: 'eu' }, { ...permissions, usuarioId: 'eu' })
        : ['salvar'],
  );
  const podeEnviar = acoes.has('enviar');
  // Whoever may send needs nobody's approval: asking for it is offered only to the others.
  const pedeAprovacao = acoes.has('enviarParaAprovacao') && !podeEnviar;

  function mostrarErros(error: unknown, fallback: string) {
    if (isConflict(error)) {
      onConflict();
      return;
    }
    for (const [field, message] of fieldErrorsOf(error)) {
      const [base, ...rest] = field.split('.');
      const name = (CAMPO_DO_SERVIDOR[base!] ?? [base, ...rest].join('.')) as FieldPath<Valores>;
      setError(name, { type: 'server', message });
    }
    notify(error instanceof Error && error.message ? error.message : fallback, { type: 'error' });
  }

  const salvarRascunho = async (values: Valores) =>
    mutate<Comunicado>('salvar', { comunicado: entradaDe(values, record) });

  const salvar = handleSubmit(async (values) => {
    if (!anexos.prontos()) return;
    setBusy(true);
    try {
      onSaved(await salvarRascunho(values));
      notify('comunicados.escrita.sucesso.salvar', { type: 'success' });
    } catch (error) {
      mostrarErros(error, 'comunicados.escrita.erros.salvar');
    } finally {
      setBusy(false);
    }
  });

  /** The send's own rules, checked here first (the server checks them again). */
  function conferirEnvio(values: Valores, comAprovador: boolean): boolean {
    clearErrors(['grupos', 'dataHoraAgendamento', 'aprovador']);
    let ok = true;
    // An erratum goes to the original's recipients.
    if (!record?.idParent && values.grupos.length === 0 && values.emailsAvulsos.length === 0) {
      setError('grupos', { type: 'client', message: 'comunicados.validation.semDestinatarios' });
      ok = false;
    }
    const instante = values.quando === 'agendar' ? (instanteDe(values.dataHoraAgendamento) ?? 'x') : null;
    const agenda = agendamento().safeParse(instante);
    if (!agenda.success) {
      setError('dataHoraAgendamento', { type: 'client', message: agenda.error.issues[0]!.message });
      ok = false;
    }
    if (comAprovador) {
      const pedido = enviarParaAprovacaoSchema().safeParse({
        id: 1,
        aprovadorId: values.aprovador?.id,
        dataHoraAgendamento: null,
      });
      if (!pedido.success) {
        setError('aprovador', { type: 'client', message: 'comunicados.escrita.aprovadorObrigatorio' });
        ok = false;
      }
    }
    return ok;
  }

  // A send (or a request for approval) cannot be taken back: asked first, as from the send preview.
  const [pedido, setPedido] = useState<{ acao: 'enviar' | 'enviarParaAprovacao'; values: Valores } | null>(null);

  const agir = (acao: 'enviar' | 'enviarParaAprovacao') =>
    handleSubmit(
      (values) => {
        if (!anexos.prontos() || !conferirEnvio(values, acao === 'enviarParaAprovacao')) return;
        setPedido({ acao, values });
      },
      // The draft's own fields failed: the send's rules are shown with them, not on the next click.
      () => {
        anexos.prontos();
        conferirEnvio(getValues(), acao === 'enviarParaAprovacao');
      },
    );

  // The question: a send now, a schedule (with its date) or a request for approval (with the approver).
  const agendar = pedido?.acao === 'enviar' && pedido.values.quando === 'agendar';
  const tipoPergunta =
    pedido?.acao === 'enviarParaAprovacao' ? 'enviarParaAprovacao' : agendar ? 'agendar' : 'salvarEEnviar';
  const pergunta = pedido && {
    title: `comunicados.escrita.confirmar.${tipoPergunta}`,
    // What follows: a send is for good, a schedule and a request for approval can be taken back.
    content: `comunicados.escrita.confirmar.conteudo.${tipoPergunta}`,
    label: `comunicados.escrita.acoes.${agendar ? 'agendar' : pedido.acao}`,
    args: {
      titulo: pedido.values.titulo,
      nome: pedido.values.aprovador?.nome ?? '',
      data: formatDate(instanteDe(pedido.values.dataHoraAgendamento), locale, {
        dateStyle: 'short',
        timeStyle: 'short',
      }),
    },
  };

  // Sent, scheduled or asked to approve, the button goes with the draft's buttons (the dialog gave it
  // the focus back): the page's title takes the focus instead of the page's body.
  const focoAposEnvio = useFocoAoSair<HTMLButtonElement>(() => tituloDaPagina());

  const executar = async ({ acao, values }: NonNullable<typeof pedido>) => {
    setBusy(true);
    let salvo: Comunicado | undefined;
    try {
      // It must be saved before it is sent (spec section 4): the action then carries the saved version.
      salvo = await salvarRascunho(values);
      const entrada = entradaDe(values, salvo);
      const feito = await mutate<Comunicado>(acao, {
        id: salvo.id,
        version: salvo.version,
        dataHoraAgendamento: entrada.dataHoraAgendamento,
        ...(acao === 'enviarParaAprovacao' ? { aprovadorId: entrada.aprovadorId } : {}),
      });
      onSaved(feito);
      notify(
        acao === 'enviarParaAprovacao'
          ? 'comunicados.escrita.sucesso.enviarParaAprovacao'
          : feito.status.id === 'AGENDADO'
            ? 'comunicados.escrita.sucesso.agendar'
            : 'comunicados.escrita.sucesso.enviar',
        {
          type: 'success',
          messageArgs: {
            smart_count: feito.destinatarios ?? 0,
            data: formatDate(feito.dataHoraAgendamento, locale, { dateStyle: 'short', timeStyle: 'short' }),
          },
        },
      );
    } catch (error) {
      mostrarErros(
        error,
        acao === 'enviar' ? 'comunicados.escrita.erros.enviar' : 'comunicados.escrita.erros.enviarParaAprovacao',
      );
      if (salvo && !isConflict(error)) onSaved(salvo);
    } finally {
      setBusy(false);
    }
  };

  async function enviarImagem(file: File): Promise<string | null> {
    const { status, body } = await uploadFile(UPLOAD_PATH, file, () => undefined);
    // The image route's address carries the content's hash (an <img> sends no token).
    if (status >= 200 && status < 300 && body.imagemLink) return body.imagemLink;
    notify(body.message ?? 'richText.imagemErro', { type: 'error' });
    return null;
  }

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}>
      <TextInput source="titulo" label="comunicados.escrita.fields.titulo" fullWidth isRequired />
      <Suspense
        fallback={
          <Skeleton variant="rounded" height={200} role="progressbar" aria-label={translate('ra.page.loading')} />
        }
      >
        <TextoRico
          source="mensagem"
          isRequired
          label={translate('comunicados.escrita.fields.mensagem')}
          titulos
          tabelas
          enviarImagem={enviarImagem}
        />
      </Suspense>
      <DepartamentoInput />
      {record?.idParent ? (
        // An erratum goes to the original's recipients (the server's rule): nothing to choose here.
        <Alert severity="info" role="note">
          <AlertTitle>{translate('comunicados.leitura.estaEErrata')}</AlertTitle>
          <Typography variant="body2">{translate('comunicados.escrita.errata.destinatarios')}</Typography>
          {record.justificativa && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {translate('comunicados.escrita.fields.justificativa')}: {record.justificativa}
            </Typography>
          )}
          <Link component={RouterLink} to={visualizarPath(record.idParent)}>
            {translate('comunicados.leitura.verOriginal')}
          </Link>
        </Alert>
      ) : (
        <Box
          component="fieldset"
          sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }}
        >
          <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
            {translate('comunicados.escrita.destinatarios')}
          </Typography>
          <GruposInput />
          <TagsInput
            source="emailsAvulsos"
            label="comunicados.escrita.fields.emailsAvulsos"
            helperText="comunicados.escrita.emailsAjuda"
            tagError={(value) => (emailField.safeParse(value).success ? null : 'validation.email')}
            mask={(value) => value.toLowerCase()}
          />
          <UsuariosBusca
            source="usuarioRemovidoIds"
            usuariosSource="usuariosRemovidos"
            label="comunicados.escrita.fields.usuariosRemovidos"
          />
        </Box>
      )}
      <EtiquetasInput />
      <Box
        sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}
      >
        {!record?.idParent && <SerieInput atual={record?.serie ?? null} />}
        <SelectInput
          source="templateName"
          label="comunicados.escrita.fields.templateName"
          helperText="comunicados.escrita.templateAjuda"
          choices={MODELOS_EMAIL}
          parse={orNull}
          isRequired
          fullWidth
        />
      </Box>
      <Anexos idComunicado={record?.id} onPendentes={anexos.onPendentes} />
      <BooleanInput source="exigeConfirmacao" label="comunicados.escrita.fields.exigeConfirmacao" />
      <QuandoInput />
      {pedeAprovacao && <AprovadorInput />}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="acoes-comunicado">
        {acoes.has('salvar') && (
          <BusyButton variant="outlined" startIcon={<SaveIcon />} busy={busy} onClick={salvar}>
            {translate('comunicados.escrita.acoes.salvar')}
          </BusyButton>
        )}
        {pedeAprovacao && (
          <BusyButton
            ref={focoAposEnvio}
            variant="contained"
            startIcon={<SendIcon />}
            busy={busy}
            onClick={agir('enviarParaAprovacao')}
          >
            {translate('comunicados.escrita.acoes.enviarParaAprovacao')}
          </BusyButton>
        )}
        {podeEnviar && (
          <BusyButton
            ref={focoAposEnvio}
            variant="contained"
            startIcon={quando === 'agendar' ? <ScheduleSendIcon /> : <SendIcon />}
            busy={busy}
            onClick={agir('enviar')}
          >
            {translate(quando === 'agendar' ? 'comunicados.escrita.acoes.agendar' : 'comunicados.escrita.acoes.enviar')}
          </BusyButton>
        )}
        {record && <AcoesComunicado comunicado={record} onChanged={onSaved} onConflict={onConflict} />}
      </Box>
      {pedido && pergunta && (
        <Confirm
          isOpen
          title={pergunta.title}
          titleTranslateOptions={pergunta.args}
          content={pergunta.content}
          translateOptions={pergunta.args}
          confirm={pergunta.label}
          onConfirm={() => {
            setPedido(null);
            void executar(pedido);
          }}
          onClose={() => setPedido(null)}
        />
      )}
    </Box>
  );
}

/** The department that signs it, with its signature as recipients will see it. */
function DepartamentoInput() {
  const translate = useTranslate();
  const { query } = useOperations('comunicados');
  const departamentos = useQuery({
    queryKey: ['comunicados', 'departamentos'],
    queryFn: () => query<Departamento[]>('departamentos'),
  });
  const escolhido = useWatch<Valores, 'departamentoId'>({ name: 'departamentoId' });
  const dep = departamentos.data?.find((d) => String(d.id) === String(escolhido));
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 0.5 }}>
      <OpcionalSelectInput
        source="departamentoId"
        label="comunicados.escrita.fields.departamento"
        choices={(departamentos.data ?? []).map((d) => ({ id: String(d.id), nome: `${d.sigla} – ${d.nome}` }))}
        optionText="nome"
        emptyText="comunicados.escrita.semDepartamento"
        parse={orNull}
        isPending={departamentos.isPending}
        helperText={false}
        sx={{ maxWidth: 480 }}
      />
      {dep?.assinatura && (
        <Box
          aria-label={translate('comunicados.escrita.fields.assinatura')}
          role="note"
          sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
        >
          <Typography variant="caption" color="text.secondary" component="div">
            {translate('comunicados.escrita.fields.assinatura')}
          </Typography>
          <Typography variant="body2">{dep.assinatura}</Typography>
        </Box>
      )}
    </Box>
  );
}

/** The user groups (the shared selector) and how many users they reach less the removed ones. */
function GruposInput() {
  const translate = useTranslate();
  const { query } = useOperations('comunicados');
  const { field, fieldState } = useController<Valores, 'grupos'>({ name: 'grupos' });
  const removidos = useWatch<Valores, 'usuarioRemovidoIds'>({ name: 'usuarioRemovidoIds' }) ?? [];
  const ids = (field.value ?? []).map((g) => String(g.id));
  const previa = useQuery({
    queryKey: ['comunicados', 'previaDestinatarios', ids, removidos],
    queryFn: () => query<number>('previaDestinatarios', { grupoIds: ids, usuarioRemovidoIds: removidos }),
    enabled: ids.length > 0,
  });
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 0.5 }}>
      <GrupoUsuariosSelector
        value={field.value ?? []}
        onChange={field.onChange}
        label="comunicados.escrita.fields.grupos"
        error={Boolean(fieldState.error)}
        helperText={fieldState.error?.message ? translate(fieldState.error.message) : undefined}
        showCount={false}
      />
      <Typography variant="body2" aria-live="polite">
        {ids.length === 0
          ? translate('comunicados.escrita.previaVazia')
          : previa.data !== undefined
            ? translate('comunicados.escrita.previaContagem', { smart_count: previa.data })
            : previa.isError
              ? translate('comunicados.escrita.previaErro')
              : translate('comunicados.escrita.previaCarregando')}
      </Typography>
    </Box>
  );
}

/** Labels: free tags, offered from the earlier ones as typed (etiquetasComunicados with busca). */
function EtiquetasInput() {
  const translate = useTranslate();
  const { query } = useOperations('comunicados');
  const { field, fieldState } = useController<Valores, 'etiquetas'>({ name: 'etiquetas' });
  const [typed, setTyped] = useState('');
  const busca = useDebounced(typed.trim());
  const sugestoes = useQuery({
    queryKey: ['comunicados', 'etiquetas', 'busca', busca],
    queryFn: () =>
      query<{ content: { nome: string }[] }>('etiquetas', {
        filterInput: { busca: busca || null, page: 0, rowsPerPage: 20 },
      }),
  });
  const erro = fieldState.error?.message;
  return (
    <Autocomplete
      multiple
      freeSolo
      options={(sugestoes.data?.content ?? []).map((e) => e.nome)}
      value={field.value ?? []}
      inputValue={typed}
      onInputChange={(_e, text, reason) => {
        if (reason !== 'reset') setTyped(text);
      }}
      onChange={(_e, chosen) => {
        const seen = new Set<string>();
        const next = chosen
          .map((n) => String(n).trim())
          .filter((n) => n && !seen.has(n.toLocaleLowerCase()) && seen.add(n.toLocaleLowerCase()));
        field.onChange(next.slice(0, COMUNICADO_ETIQUETAS_MAX));
        setTyped('');
      }}
      filterSelectedOptions
      renderValue={(value, getItemProps) =>
        value.map((nome, index) => {
          const { key, ...props } = getItemProps({ index });
          return <Chip key={key} label={nome} size="small" {...props} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('comunicados.escrita.fields.etiquetas')}
          helperText={erro ? translate(erro) : translate('comunicados.escrita.etiquetasAjuda')}
          error={Boolean(erro)}
          size="small"
        />
      )}
    />
  );
}

/** The series (active ones, and the one it already has). */
function SerieInput({ atual }: { atual: Comunicado['serie'] }) {
  const { query } = useOperations('comunicados');
  const series = useQuery({
    queryKey: ['comunicados', 'series', 'todas'],
    queryFn: () =>
      query<{ content: { id: string; nome: string; prefixo: string; active: boolean }[] }>('series', {
        filterInput: { page: 0, rowsPerPage: 100 },
      }),
  });
  const choices = (series.data?.content ?? [])
    .filter((s) => s.active || String(s.id) === String(atual?.id))
    .map((s) => ({ id: String(s.id), nome: `${s.prefixo} – ${s.nome}` }));
  if (atual && !choices.some((c) => c.id === String(atual.id))) {
    choices.push({ id: String(atual.id), nome: `${atual.prefixo} – ${atual.nome}` });
  }
  return (
    <OpcionalSelectInput
      source="serieId"
      label="comunicados.escrita.fields.serie"
      choices={choices}
      optionText="nome"
      emptyText="comunicados.escrita.semSerie"
      parse={orNull}
      isPending={series.isPending}
      // While loading the select is disabled and so would be its help, in a grey below contrast.
      helperText={series.isPending ? false : 'comunicados.escrita.serieAjuda'}
      fullWidth
    />
  );
}

/** Send now or at a date and time (at least an hour ahead). */
function QuandoInput() {
  const translate = useTranslate();
  const { field } = useController<Valores, 'quando'>({ name: 'quando' });
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}>
      <FormControl>
        <FormLabel id="quando-label">{translate('comunicados.escrita.fields.quando')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="quando-label"
          value={field.value}
          onChange={(e) => field.onChange(e.target.value)}
        >
          <FormControlLabel value="agora" control={<Radio />} label={translate('comunicados.escrita.quando.agora')} />
          <FormControlLabel
            value="agendar"
            control={<Radio />}
            label={translate('comunicados.escrita.quando.agendar')}
          />
        </RadioGroup>
      </FormControl>
      {field.value === 'agendar' && (
        <TextInput
          source="dataHoraAgendamento"
          label="comunicados.escrita.fields.dataHoraAgendamento"
          helperText="comunicados.escrita.agendamentoAjuda"
          type="datetime-local"
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ maxWidth: 320 }}
        />
      )}
    </Box>
  );
}

/** Who approves it (among those holding the approval key in the author's reach). */
function AprovadorInput() {
  const translate = useTranslate();
  const { query } = useOperations('comunicados');
  const { field, fieldState } = useController<Valores, 'aprovador'>({ name: 'aprovador' });
  // The server answers the first 50 by name: what the user types is searched there (name or e-mail).
  const [digitado, setDigitado] = useState('');
  const busca = useDebounced(digitado.trim());
  const aprovadores = useQuery({
    queryKey: ['comunicados', 'aprovadores', busca],
    queryFn: () => query<Contato[]>('aprovadores', { busca: busca || null }),
    placeholderData: (anteriores) => anteriores,
  });
  const erro = fieldState.error?.message;
  // Until the server has answered what is typed, the earlier answer is not offered: a quick Enter
  // chose one of it that did not match the text.
  const respondido = digitado.trim() === busca && !aprovadores.isPlaceholderData;
  return (
    <Autocomplete
      options={respondido ? (aprovadores.data ?? []).map((a) => ({ ...a, id: String(a.id) })) : []}
      filterOptions={(opcoes) => opcoes}
      onInputChange={(_e, texto, motivo) => setDigitado(motivo === 'input' ? texto : '')}
      value={field.value}
      onChange={(_e, value) => field.onChange(value)}
      isOptionEqualToValue={(o, v) => String(o.id) === String(v.id)}
      getOptionLabel={(o) => (o.email ? `${o.nome} (${o.email})` : o.nome)}
      loading={!respondido || aprovadores.isFetching}
      loadingText={translate('ra.page.loading')}
      noOptionsText={translate('comunicados.escrita.semAprovadores')}
      sx={{ maxWidth: 480 }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('comunicados.escrita.fields.aprovador')}
          required
          error={Boolean(erro)}
          helperText={erro ? translate(erro) : translate('comunicados.escrita.aprovadorAjuda')}
          size="small"
        />
      )}
    />
  );
}
