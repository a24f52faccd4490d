import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { Title, useDataProvider, useLocaleState, useNotify, usePermissions, useTranslate } from 'react-admin';
import { allows, policies } from '../../../domain/policies';
import { isTipoNotificacaoGenerica } from '../../../domain/schemas/notificacaoGenerica';
import type { PortalDataProvider } from '../../../providers/dataProvider';
import type { PortalPermissions } from '../../../providers/authProvider';
import { useBreadcrumbLabel } from '../../components/breadcrumbLabel';
import { formatDate } from '../../components/format';
import { LoadError } from '../../components/LoadError';
import { useFocoNoTituloAoChegar } from '../../components/useFocoAoSair';
import { NotificacaoGenericaForm } from './NotificacaoGenericaForm';
import { editarPath, textoSimples, type NotificacaoGenerica, type Versao } from './notificacaoGenerica';

/**
 * /notificacoesGenericas/nova/{tipo} and /editar/{tipo}/{id}: the form of a model or a generic
 * notification, or, once sent (or for a model without the model key), its read-only view with a
 * copy button; the saved versions under it.
 */
export default function NotificacaoGenericaPage() {
  const { tipo, id } = useParams<{ tipo: string; id?: string }>();
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { permissions } = usePermissions<PortalPermissions | null>();
  const record = useQuery({
    queryKey: ['notificacoesGenericas', 'getOne', id],
    queryFn: async () => (await dataProvider.getOne<NotificacaoGenerica>('notificacoesGenericas', { id: id! })).data,
    enabled: Boolean(id),
  });
  // The route's title, as every page's heading; the kind (model or notification) under it.
  const title = translate(id ? 'routes.notificacoesGenericasEditar' : 'routes.notificacoesGenericasNova');
  const kind = translate(`notificacoesGenericas.tituloEdicao.${isTipoNotificacaoGenerica(tipo) ? tipo : 'comModelo'}`);
  useBreadcrumbLabel(record.data?.titulo);
  useFocoNoTituloAoChegar(Boolean(record.data));
  if (!isTipoNotificacaoGenerica(tipo) || (record.data && record.data.tipo !== tipo)) {
    return <Navigate to="/notificacoesGenericas" replace />;
  }
  const mayWrite = tipo === 'comModelo' || allows(permissions ?? null, policies.notificacoesGenericas.modelo);
  const readOnly = record.data?.estado === 'enviada' || !mayWrite;
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2, minWidth: 0 }}>
      <Title title={title} />
      <Box>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <Typography color="text.secondary">{kind}</Typography>
      </Box>
      {record.error ? (
        <LoadError message="errors.couldNotPerform" retrying={record.isFetching} onRetry={() => record.refetch()} />
      ) : id && !record.data ? (
        <LinearProgress aria-label={translate('ra.page.loading')} />
      ) : readOnly && record.data ? (
        <Leitura record={record.data} mayCopy={mayWrite} />
      ) : (
        <Card>
          <CardContent>
            <NotificacaoGenericaForm
              key={`${record.data?.id ?? 'nova'}-${record.data?.version ?? 0}`}
              tipo={tipo}
              record={record.data}
            />
          </CardContent>
        </Card>
      )}
      {record.data && <Versoes id={String(record.data.id)} total={record.data.totalVersoes} />}
    </Box>
  );
}

/** A sent notification (or a model the caller may only read): what it says and to whom, and a copy button. */
function Leitura({ record, mayCopy }: { record: NotificacaoGenerica; mayCopy: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const copy = useMutation({
    mutationFn: async () =>
      (await dataProvider.mutate<NotificacaoGenerica>('notificacoesGenericas', 'copiar', { id: record.id })).data,
    onSuccess: (copia) => {
      notify('notificacoesGenericas.copiada', { type: 'success' });
      navigate(editarPath(copia.tipo, copia.id));
    },
    onError: () => notify('notificacoesGenericas.erroCopiar', { type: 'error' }),
  });
  const quando = (iso: string | null) => formatDate(iso, locale, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Alert severity="info">
          {translate(
            record.estado === 'enviada'
              ? 'notificacoesGenericas.somenteLeitura'
              : 'notificacoesGenericas.modeloSomenteLeitura',
          )}
        </Alert>
        {record.estado === 'enviada' && (
          <Typography>
            {translate('notificacoesGenericas.enviadaEm', {
              data: quando(record.enviadaEm),
              n: record.destinatarios ?? 0,
            })}
          </Typography>
        )}
        <Campo rotulo="notificacoesGenericas.fields.titulo" valor={record.titulo} />
        <Campo rotulo="notificacoesGenericas.fields.texto" valor={textoSimples(record.texto)} />
        {record.link && <Campo rotulo="notificacoesGenericas.fields.link" valor={record.link} />}
        {record.produto && <Campo rotulo="notificacoesGenericas.fields.produtoId" valor={record.produto.nome} />}
        {record.grupos.length > 0 && (
          <Campo rotulo="notificacoesGenericas.fields.grupoIds" valor={record.grupos.map((g) => g.nome).join(', ')} />
        )}
        {mayCopy && (
          <Box>
            <Button
              variant="contained"
              startIcon={<ContentCopyIcon />}
              disabled={copy.isPending}
              onClick={() => copy.mutate()}
            >
              {translate('notificacoesGenericas.copiar')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function Campo({ rotulo, valor }: { rotulo: string; valor: string }) {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(rotulo)}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{valor}</Typography>
    </Box>
  );
}

/** The saved versions, newest first ("Versions"): an edited model keeps its earlier texts readable. */
function Versoes({ id, total }: { id: string; total: number }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const versoes = useQuery({
    queryKey: ['notificacoesGenericas', 'versoes', id, total],
    queryFn: async () => (await dataProvider.query<Versao[]>('notificacoesGenericas', 'versoes', { id })).data,
  });
  return (
    <Card component="section" aria-labelledby="versoes-titulo">
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="h6" component="h2" id="versoes-titulo">
          {translate('notificacoesGenericas.versoes')}
        </Typography>
        {versoes.error ? (
          <LoadError
            message="errors.couldNotPerform"
            retrying={versoes.isFetching}
            onRetry={() => queryClient.invalidateQueries({ queryKey: ['notificacoesGenericas', 'versoes', id] })}
          />
        ) : !versoes.data ? (
          <LinearProgress aria-label={translate('ra.page.loading')} />
        ) : (
          <Box component="ol" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
            {versoes.data.map((v) => (
              <Box component="li" key={v.versao} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
                <Typography variant="subtitle2" component="h3">
                  {translate('notificacoesGenericas.versaoDe', {
                    n: v.versao,
                    data: formatDate(v.createdAt, locale, { dateStyle: 'short', timeStyle: 'short' }),
                    autor: v.autor?.nome ?? '',
                  })}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {v.titulo}
                </Typography>
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
                >
                  {textoSimples(v.texto)}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
