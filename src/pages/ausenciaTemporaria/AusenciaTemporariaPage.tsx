import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import {
  DateInput,
  Form,
  SaveButton,
  TextInput,
  Title,
  useDataProvider,
  useGetList,
  useGetOne,
  useLocaleState,
  useNotify,
  useParams,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { useController, useFormContext } from 'react-hook-form';
import { DOCUMENTO_MAX_BYTES, MB } from '../../../domain/limits';
import { ausenciaSchema, hojeIso } from '../../../domain/schemas/ausencia';
import { downloadFile, FileRouteError, uploadFile } from '../../../providers/files';
import { useBreadcrumbLabel } from '../../components/breadcrumbLabel';
import { ConfirmAction } from '../../components/ConfirmAction';
import { useFocoAposRemocao } from '../../components/useFocoAoSair';
import { schemaResolver } from '../../components/form/schemaResolver';
import { formatDate } from '../../components/format';
import { LoadError } from '../../components/LoadError';
import { useDebounced } from '../../components/useDebounced';
import { useOperations } from '../../components/useOperations';
import { Paginacao } from '../../components/list/Paginacao';

/** An absence as the API answers it (RESOURCES.ausencias.fields). */
export interface Ausencia extends RaRecord {
  version: number;
  usuarioId: string;
  inicio: string;
  retorno: string;
  fimOperacao: string | null;
  motivo: string;
  justificativa: string;
  local: string | null;
  arquivo: { id: string; nome: string; tamanho: number; disponivel: boolean } | null;
  substituto: { id: string; nome: string } | null;
}

const PER_PAGE = 10;
/** Dates of absences are calendar days: shown as the local day, never shifted by the time zone. */
const dia = (iso: string | null | undefined, locale: string) => (iso ? formatDate(`${iso}T00:00:00`, locale) : '');

/** /usuarios/{id}/ausencia-temporaria: a user's temporary absences and the form to add or edit one. */
export default function AusenciaTemporariaPage() {
  const translate = useTranslate();
  const { id: usuarioId = '' } = useParams<{ id: string }>();
  const usuario = useGetOne<RaRecord & { nome: string }>('usuarios', { id: usuarioId });
  const [editing, setEditing] = useState<Ausencia | null>(null);
  const [formKey, setFormKey] = useState(0);
  const title = usuario.data
    ? translate('ausencias.titulo', { nome: usuario.data.nome })
    : translate('routes.ausenciaTemporaria');
  useBreadcrumbLabel(usuario.data ? title : undefined);

  const reset = () => {
    setEditing(null);
    setFormKey((k) => k + 1);
  };

  if (usuario.error) {
    return (
      <LoadError
        message="errors.couldNotPerform"
        retrying={usuario.isFetching}
        onRetry={() => usuario.refetch()}
        sx={{ mt: 2 }}
      />
    );
  }
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {translate(editing ? 'ausencias.editando' : 'ausencias.nova')}
          </Typography>
          <AusenciaForm
            key={`${formKey}-${editing?.id ?? 'nova'}`}
            usuarioId={usuarioId}
            record={editing}
            onDone={reset}
          />
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <AusenciaLista usuarioId={usuarioId} onEdit={setEditing} onRemoved={(a) => editing?.id === a.id && reset()} />
        </CardContent>
      </Card>
    </Box>
  );
}

function AusenciaLista({
  usuarioId,
  onEdit,
  onRemoved,
}: {
  usuarioId: string;
  onEdit: (a: Ausencia) => void;
  onRemoved: (a: Ausencia) => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider();
  const [page, setPage] = useState(0);
  const [removing, setRemoving] = useState<Ausencia | null>(null);
  const tituloRef = useRef<HTMLHeadingElement>(null);
  const { data, total, isPending, error, refetch, isFetching } = useGetList<Ausencia>('ausencias', {
    filter: { usuarioId },
    pagination: { page: page + 1, perPage: PER_PAGE },
    sort: { field: 'inicio', order: 'DESC' },
  });
  // The removed absence's row goes with its delete button: the focus to the list's heading.
  const removida = useFocoAposRemocao(
    data?.map((a) => String(a.id)),
    () => tituloRef.current,
    !!removing,
  );
  const periodo = (a: Ausencia) =>
    translate('ausencias.periodo', { inicio: dia(a.inicio, locale), retorno: dia(a.retorno, locale) });

  const titulo = (
    <Typography ref={tituloRef} tabIndex={-1} variant="h6" component="h2" sx={{ mb: 1 }}>
      {translate('ausencias.registradas')}
    </Typography>
  );
  if (error) return <LoadError message="errors.couldNotPerform" retrying={isFetching} onRetry={() => refetch()} />;
  if (isPending) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  if (!data.length)
    return (
      <>
        {titulo}
        <Typography color="text.secondary">{translate('ausencias.vazia')}</Typography>
      </>
    );
  return (
    <>
      {titulo}
      <List disablePadding>
        {data.map((a) => (
          <ListItem
            key={a.id}
            divider
            sx={{ flexWrap: 'wrap', alignItems: 'flex-start', pr: 12 }}
            secondaryAction={
              <>
                <IconButton aria-label={translate('ra.action.edit')} onClick={() => onEdit(a)}>
                  <EditIcon />
                </IconButton>
                <IconButton aria-label={translate('ra.action.delete')} onClick={() => setRemoving(a)}>
                  <DeleteIcon />
                </IconButton>
              </>
            }
          >
            <ListItemText
              primary={`${periodo(a)} · ${a.motivo}`}
              secondaryTypographyProps={{ component: 'div' }}
              secondary={
                <>
                  <div>
                    {translate('ausencias.fields.substituto')}:{' '}
                    {a.substituto?.nome ?? translate('ausencias.semSubstituto')}
                  </div>
                  {a.local && (
                    <div>
                      {translate('ausencias.fields.local')}: {a.local}
                    </div>
                  )}
                  <div>
                    {translate('ausencias.fields.documento')}: <DocumentoLink ausencia={a} />
                  </div>
                </>
              }
            />
          </ListItem>
        ))}
      </List>
      {total !== undefined && total > PER_PAGE && (
        <Paginacao count={total} page={page} onPage={setPage} rowsPerPage={PER_PAGE} />
      )}
      <ConfirmAction
        open={Boolean(removing)}
        onClose={() => setRemoving(null)}
        title="ausencias.confirmarRemocao"
        content={removing ? translate('ausencias.confirmarRemocaoTexto', { periodo: periodo(removing) }) : undefined}
        destrutiva
        successMessage="ausencias.removida"
        errorMessage="ausencias.erroRemover"
        action={() => dataProvider.delete('ausencias', { id: removing!.id, previousData: removing! })}
        onSuccess={() => {
          onRemoved(removing!);
          removida(String(removing!.id));
          void refetch();
        }}
      />
    </>
  );
}

/** The document's name as a download link while it may be downloaded (6 months), else its name and why not. */
function DocumentoLink({ ausencia }: { ausencia: Ausencia }) {
  const translate = useTranslate();
  const notify = useNotify();
  const arquivo = ausencia.arquivo;
  if (!arquivo) return <>{translate('ausencias.semDocumento')}</>;
  if (!arquivo.disponivel) return <>{translate('ausencias.documentoExpiradoCurto', { nome: arquivo.nome })}</>;
  const baixar = async () => {
    try {
      await downloadFile(`/api/ausencias/${ausencia.id}/documento`, arquivo.nome);
    } catch (error) {
      notify((error instanceof FileRouteError && error.apiMessage) || 'upload.falha', { type: 'error' });
    }
  };
  return (
    <Link component="button" type="button" onClick={() => void baixar()}>
      {arquivo.nome}
    </Link>
  );
}

function AusenciaForm({
  usuarioId,
  record,
  onDone,
}: {
  usuarioId: string;
  record: Ausencia | null;
  onDone: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const resolver = useMemo(
    () => schemaResolver(ausenciaSchema({ hoje: hojeIso(), inicioGravado: record?.inicio })),
    [record?.inicio],
  );
  const defaults = record
    ? {
        ...record,
        arquivoId: record.arquivo?.id ?? null,
        substitutoId: record.substituto?.id ?? null,
      }
    : { usuarioId, inicio: '', retorno: '', fimOperacao: '', motivo: '', justificativa: '', local: '' };

  const submit = async (values: Record<string, unknown>) => {
    try {
      const data = { ...values, usuarioId };
      if (record) await dataProvider.update('ausencias', { id: record.id, data, previousData: record });
      else await dataProvider.create('ausencias', { data });
      notify('ausencias.salva', { type: 'success' });
      onDone();
    } catch (error) {
      const body = (error as { body?: { errors?: Record<string, unknown> } }).body;
      if (body?.errors) return body.errors;
      notify(error instanceof Error && error.message ? error.message : 'ausencias.erroSalvar', { type: 'error' });
    }
    return undefined;
  };

  return (
    <Form record={defaults} resolver={resolver} onSubmit={submit} resource="ausencias">
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        <DateInput source="inicio" label="ausencias.fields.inicio" isRequired />
        <DateInput source="retorno" label="ausencias.fields.retorno" isRequired />
        <DateInput source="fimOperacao" label="ausencias.fields.fimOperacao" />
      </Box>
      <TextInput source="motivo" label="ausencias.fields.motivo" isRequired fullWidth />
      <TextInput
        source="justificativa"
        label="ausencias.fields.justificativa"
        isRequired
        fullWidth
        multiline
        minRows={2}
      />
      <TextInput source="local" label="ausencias.fields.local" fullWidth />
      <SubstitutoInput usuarioId={usuarioId} inicial={record?.substituto ?? null} />
      <DocumentoInput inicial={record?.arquivo ?? null} />
      <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
        <SaveButton alwaysEnable />
        {record && <Button onClick={onDone}>{translate('ra.action.cancel')}</Button>}
      </Box>
    </Form>
  );
}

/** The delegate, searched by name among the active users the caller sees. */
function SubstitutoInput({ usuarioId, inicial }: { usuarioId: string; inicial: { id: string; nome: string } | null }) {
  const translate = useTranslate();
  const { query } = useOperations('ausencias');
  const { field, fieldState } = useController({ name: 'substitutoId' });
  const [value, setValue] = useState(inicial);
  const [busca, setBusca] = useState('');
  // What was typed, once typing pauses: the search asked.
  const termo = useDebounced(busca);
  const { data: options = [] } = useQuery({
    queryKey: ['ausencias', 'substitutos', usuarioId, termo],
    queryFn: ({ signal }) =>
      query<{ id: string; nome: string }[]>('substitutos', { usuarioId, busca: termo || null }, { signal }),
    placeholderData: keepPreviousData,
  });
  const error = fieldState.error?.message;
  return (
    <Autocomplete
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      value={value}
      getOptionLabel={(o) => o.nome}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(x) => x}
      onChange={(_e, chosen) => {
        setValue(chosen);
        field.onChange(chosen?.id ?? null);
      }}
      onInputChange={(_e, text, reason) => reason === 'input' && setBusca(text)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate('ausencias.fields.substituto')}
          placeholder={translate('ausencias.buscarSubstituto')}
          error={Boolean(error)}
          helperText={error ? translate(error, { _: error }) : ' '}
          margin="dense"
        />
      )}
    />
  );
}

/** The supporting document: uploaded at once (with progress), then sent by its id with the form. */
function DocumentoInput({ inicial }: { inicial: { id: string; nome: string } | null }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const { fieldState } = useController({ name: 'arquivoId' });
  const [nome, setNome] = useState(inicial?.nome ?? null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setFailure(null);
    setProgress(0);
    try {
      const { status, body } = await uploadFile('/api/upload/documento', file, setProgress);
      if (status !== 201 || !body.id) {
        setFailure(body.message ?? translate('upload.falha'));
        return;
      }
      setNome(body.nome ?? file.name);
      setValue('arquivoId', String(body.id), { shouldDirty: true });
    } catch {
      setFailure(translate('upload.falha'));
    } finally {
      setProgress(null);
    }
  };
  const error =
    failure ??
    (fieldState.error?.message ? translate(fieldState.error.message, { _: fieldState.error.message }) : null);
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('ausencias.fields.documento')}: {nome ?? translate('ausencias.semDocumento')}
      </Typography>
      <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={progress !== null}>
        {translate(nome ? 'ausencias.trocarDocumento' : 'ausencias.enviarDocumento')}
        <input
          hidden
          type="file"
          accept=".pdf,.png,.jpg,.jpeg,.gif,.webp,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,application/pdf,image/*"
          onChange={(e) => {
            void choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </Button>
      <Typography variant="caption" display="block" color="text.secondary" sx={{ mt: 0.5 }}>
        {translate('ausencias.dicaDocumento', { max: DOCUMENTO_MAX_BYTES / MB })}
      </Typography>
      {progress !== null && (
        <Box sx={{ mt: 1 }} role="status">
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label={translate('ausencias.enviando', { percent: progress })}
          />
          <Typography variant="caption">{translate('ausencias.enviando', { percent: progress })}</Typography>
        </Box>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
