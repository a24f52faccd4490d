import SaveIcon from '@mui/icons-material/Save';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { Form, HttpError, TextInput, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useController, useFormContext, useWatch, type FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import {
  envioSchema,
  notificacaoGenericaSchema,
  type TipoNotificacaoGenerica,
} from '../../../domain/schemas/notificacaoGenerica';
import type { PortalDataProvider } from '../../../providers/dataProvider';
import { BusyButton } from '../../components/form/BusyButton';
import OpcionalSelectInput from '../../components/form/OpcionalSelectInput';
import { schemaResolver } from '../../components/form/schemaResolver';
import { formatDate, localDe } from '../../components/format';
import { GrupoUsuariosSelector, type GrupoUsuariosRef } from '../../components/gruposUsuarios';
import { useFocoAoChegar } from '../../components/useFocoAoSair';
import { editarPath, instanteDe, type NotificacaoGenerica } from './notificacaoGenerica';

const TextoRico = lazy(() => import('../../components/TextoRico'));

interface Valores {
  tipo: TipoNotificacaoGenerica;
  titulo: string;
  texto: string;
  link: string | null;
  produtoId: string | null;
  modeloId: string | null;
  grupos: GrupoUsuariosRef[];
  quando: 'agora' | 'agendar';
  dataHoraAgendamento: string;
}

const resolver = schemaResolver<Valores>(notificacaoGenericaSchema);
const orNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** The form of a model (title, text, link, product) or a notification (also model, groups, when). */
export function NotificacaoGenericaForm({
  tipo,
  record,
}: {
  tipo: TipoNotificacaoGenerica;
  record?: NotificacaoGenerica;
}) {
  const defaultValues: Valores = {
    tipo,
    titulo: record?.titulo ?? '',
    texto: record?.texto ?? '',
    link: record?.link ?? null,
    produtoId: record?.produto?.id ?? null,
    modeloId: record?.modelo?.id ?? null,
    grupos: record?.grupos ?? [],
    quando: record?.estado === 'agendada' ? 'agendar' : 'agora',
    dataHoraAgendamento: localDe(record?.dataHoraAgendamento ?? null),
  };
  return (
    <Form defaultValues={defaultValues} resolver={resolver} noValidate>
      <Campos tipo={tipo} record={record} />
    </Form>
  );
}

function Campos({ tipo, record }: { tipo: TipoNotificacaoGenerica; record?: NotificacaoGenerica }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { handleSubmit, setError } = useFormContext<Valores>();
  const quando = useWatch<Valores, 'quando'>({ name: 'quando' });
  const [busy, setBusy] = useState(false);
  const botaoSalvar = useRef<HTMLButtonElement>(null);
  useFocoAoChegar('salvar', true, () => botaoSalvar.current);
  const produtos = useQuery({
    queryKey: ['notificacoesGenericas', 'produtos'],
    queryFn: async () =>
      (await dataProvider.query<{ id: string; nome: string }[]>('notificacoesGenericas', 'produtos', {})).data,
  });

  /** The API's field errors under their fields (grupoIds is the groups selector). */
  function showErrors(error: unknown, fallback: string) {
    const body =
      error instanceof HttpError ? (error.body as { errors?: Record<string, unknown> } | undefined) : undefined;
    const fields = Object.entries(body?.errors ?? {}).filter(([, m]) => typeof m === 'string') as [string, string][];
    for (const [field, message] of fields) {
      setError((field === 'grupoIds' ? 'grupos' : field) as FieldPath<Valores>, { type: 'server', message });
    }
    notify(error instanceof Error && error.message ? error.message : fallback, { type: 'error' });
  }

  async function persist(values: Valores): Promise<NotificacaoGenerica> {
    const data = {
      version: record?.version,
      tipo,
      titulo: values.titulo,
      texto: values.texto,
      link: orNull(values.link),
      produtoId: orNull(values.produtoId),
      modeloId: tipo === 'comModelo' ? orNull(values.modeloId) : null,
      grupoIds: tipo === 'comModelo' ? values.grupos.map((g) => g.id) : [],
    };
    const saved = record
      ? await dataProvider.update<NotificacaoGenerica>('notificacoesGenericas', {
          id: record.id,
          data,
          previousData: record,
        })
      : await dataProvider.create<NotificacaoGenerica>('notificacoesGenericas', { data });
    return saved.data;
  }

  /**
   * Shows the saved record: a new one at its own address, an existing one re-read in place. The form
   * is drawn again for its new version (or gives way to the sent notification's view), so the
   * keyboard's focus is asked for where it goes: Save again, or the page's title once sent.
   */
  function show(saved: NotificacaoGenerica) {
    queryClient.setQueryData(['notificacoesGenericas', 'getOne', String(saved.id)], saved);
    void queryClient.invalidateQueries({ queryKey: ['notificacoesGenericas', 'getList'] });
    const foco = saved.estado === 'enviada' ? 'titulo' : 'salvar';
    navigate(editarPath(tipo, saved.id), { replace: true, state: { foco } });
  }

  const salvar = handleSubmit(async (values) => {
    setBusy(true);
    try {
      show(await persist(values));
      notify('notificacoesGenericas.salva', { type: 'success' });
    } catch (error) {
      showErrors(error, 'notificacoesGenericas.erroSalvar');
    } finally {
      setBusy(false);
    }
  });

  const enviar = handleSubmit(async (values) => {
    const instante = values.quando === 'agendar' ? instanteDe(values.dataHoraAgendamento) : null;
    if (values.quando === 'agendar') {
      const checked = envioSchema().safeParse({ id: 1, dataHoraAgendamento: instante ?? 'x' });
      if (!checked.success) {
        setError('dataHoraAgendamento', { type: 'client', message: checked.error.issues[0]!.message });
        return;
      }
    }
    setBusy(true);
    let saved: NotificacaoGenerica | undefined;
    try {
      saved = await persist(values);
      const sent = (
        await dataProvider.mutate<NotificacaoGenerica>('notificacoesGenericas', 'enviar', {
          id: saved.id,
          version: saved.version,
          dataHoraAgendamento: instante,
        })
      ).data;
      show(sent);
      if (sent.estado === 'enviada') {
        notify('notificacoesGenericas.enviada', { type: 'success', messageArgs: { n: sent.destinatarios ?? 0 } });
      } else {
        notify('notificacoesGenericas.agendada', {
          type: 'success',
          messageArgs: {
            data: formatDate(sent.dataHoraAgendamento, locale, { dateStyle: 'short', timeStyle: 'short' }),
          },
        });
      }
    } catch (error) {
      if (saved) show(saved);
      showErrors(error, 'notificacoesGenericas.erroEnviar');
    } finally {
      setBusy(false);
    }
  });

  const cancelarAgendamento = async () => {
    if (!record) return;
    setBusy(true);
    try {
      const draft = (
        await dataProvider.mutate<NotificacaoGenerica>('notificacoesGenericas', 'cancelarAgendamento', {
          id: record.id,
          version: record.version,
        })
      ).data;
      show(draft);
      notify('notificacoesGenericas.agendamentoCancelado', { type: 'success' });
    } catch (error) {
      showErrors(error, 'notificacoesGenericas.erroCancelarAgendamento');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      {record?.estado === 'agendada' && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography>
            {translate('notificacoesGenericas.agendadaPara', {
              data: formatDate(record.dataHoraAgendamento, locale, { dateStyle: 'short', timeStyle: 'short' }),
            })}
          </Typography>
          <Button size="small" startIcon={<EventBusyIcon />} disabled={busy} onClick={cancelarAgendamento}>
            {translate('notificacoesGenericas.cancelarAgendamento')}
          </Button>
        </Box>
      )}
      {tipo === 'comModelo' && <ModeloInput />}
      <TextInput source="titulo" label="notificacoesGenericas.fields.titulo" fullWidth />
      <Suspense
        fallback={
          <Skeleton variant="rounded" height={160} role="progressbar" aria-label={translate('ra.page.loading')} />
        }
      >
        <TextoRico
          label={translate('notificacoesGenericas.fields.texto')}
          helperText={translate('notificacoesGenericas.placeholders')}
        />
      </Suspense>
      <TextInput
        source="link"
        label="notificacoesGenericas.fields.link"
        helperText="notificacoesGenericas.linkAjuda"
        parse={orNull}
        fullWidth
      />
      <OpcionalSelectInput
        source="produtoId"
        label="notificacoesGenericas.fields.produtoId"
        choices={produtos.data ?? []}
        optionText="nome"
        emptyText="notificacoesGenericas.semProduto"
        parse={orNull}
        isPending={produtos.isPending}
      />
      {tipo === 'comModelo' && <GruposInput />}
      {tipo === 'comModelo' && <QuandoInput />}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <BusyButton
          ref={botaoSalvar}
          variant={tipo === 'modelo' ? 'contained' : 'outlined'}
          startIcon={<SaveIcon />}
          busy={busy}
          onClick={salvar}
        >
          {translate('notificacoesGenericas.salvar')}
        </BusyButton>
        {tipo === 'comModelo' && (
          <BusyButton variant="contained" startIcon={<SendIcon />} busy={busy} onClick={enviar}>
            {translate(quando === 'agendar' ? 'notificacoesGenericas.agendar' : 'notificacoesGenericas.enviar')}
          </BusyButton>
        )}
      </Box>
    </Box>
  );
}

/** A notification may start from a model: choosing one copies its title, text, link and product. */
function ModeloInput() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { setValue } = useFormContext<Valores>();
  const modelos = useQuery({
    queryKey: ['notificacoesGenericas', 'getList', { tipo: 'modelo', todos: true }],
    queryFn: async () =>
      (
        await dataProvider.getList<NotificacaoGenerica>('notificacoesGenericas', {
          pagination: { page: 1, perPage: 100 },
          sort: { field: 'titulo', order: 'ASC' },
          filter: { tipo: 'modelo' },
        })
      ).data,
  });
  async function usar(id: string | null) {
    if (!id) return;
    const modelo = (await dataProvider.getOne<NotificacaoGenerica>('notificacoesGenericas', { id })).data;
    const opts = { shouldDirty: true, shouldValidate: true };
    setValue('titulo', modelo.titulo, opts);
    setValue('texto', modelo.texto, opts);
    setValue('link', modelo.link, opts);
    setValue('produtoId', modelo.produto?.id ?? null, opts);
  }
  return (
    <OpcionalSelectInput
      source="modeloId"
      label="notificacoesGenericas.fields.modeloId"
      choices={modelos.data ?? []}
      optionText="titulo"
      emptyText="notificacoesGenericas.semModelo"
      parse={orNull}
      isPending={modelos.isPending}
      onChange={(event) => {
        const value = 'target' in event ? (event as { target: { value: unknown } }).target.value : event.id;
        void usar(orNull(value) === null ? null : String(value));
      }}
    />
  );
}

/** The audience: the user-group selector, and how many users the chosen groups reach (the server's count). */
function GruposInput() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { field, fieldState } = useController<Valores, 'grupos'>({ name: 'grupos' });
  const ids = (field.value ?? []).map((g) => String(g.id));
  const previa = useQuery({
    queryKey: ['notificacoesGenericas', 'previa', ids],
    queryFn: async () => (await dataProvider.query<number>('notificacoesGenericas', 'previa', { grupoIds: ids })).data,
    enabled: ids.length > 0,
  });
  return (
    <Box sx={{ display: 'grid', gap: 0.5, mb: 1 }}>
      <GrupoUsuariosSelector
        value={field.value ?? []}
        onChange={field.onChange}
        label="notificacoesGenericas.fields.grupoIds"
        error={Boolean(fieldState.error)}
        helperText={fieldState.error?.message ? translate(fieldState.error.message) : undefined}
        showCount={false}
      />
      <Typography variant="body2" aria-live="polite" data-testid="previa-destinatarios">
        {ids.length === 0
          ? translate('notificacoesGenericas.previaVazia')
          : previa.data !== undefined
            ? translate('notificacoesGenericas.previa', { n: previa.data })
            : translate('notificacoesGenericas.previaCarregando')}
      </Typography>
    </Box>
  );
}

/** Send now, or at a date and time (at least an hour ahead: checked here and by the server). */
function QuandoInput() {
  const translate = useTranslate();
  const { field } = useController<Valores, 'quando'>({ name: 'quando' });
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <FormControl>
        <FormLabel id="quando-label">{translate('notificacoesGenericas.colunas.envio')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="quando-label"
          value={field.value}
          onChange={(e) => field.onChange(e.target.value)}
        >
          <FormControlLabel value="agora" control={<Radio />} label={translate('notificacoesGenericas.quando.agora')} />
          <FormControlLabel
            value="agendar"
            control={<Radio />}
            label={translate('notificacoesGenericas.quando.agendar')}
          />
        </RadioGroup>
      </FormControl>
      {field.value === 'agendar' && (
        <TextInput
          source="dataHoraAgendamento"
          label="notificacoesGenericas.fields.dataHoraAgendamento"
          type="datetime-local"
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ maxWidth: 320 }}
        />
      )}
    </Box>
  );
}
