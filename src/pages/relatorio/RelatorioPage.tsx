import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, type ComponentType } from 'react';
import { Loading, Title, useTranslate, type HttpError } from 'react-admin';
import { useParams } from 'react-router-dom';
import { useBreadcrumbLabel } from '../../components/breadcrumbLabel';
import { LoadError } from '../../components/LoadError';
import { Refused } from '../../routing/RouteGuard';
import NotFoundPage from '../errors/NotFoundPage';
import { useRelatorioAberto, type RelatorioAberto } from './relatorioAberto';

/** Each built-in report's page (loaded with its charts only when opened). */
const INTERNOS: Record<string, ComponentType<{ slug: string }>> = {
  ALCANCE_COMUNICADOS: lazy(() => import('./AlcanceRelatorio')),
  USUARIOS: lazy(() => import('./UsuariosRelatorio')),
  USO_BIBLIOTECA: lazy(() => import('./BibliotecaRelatorio')),
  IMPORTACOES: lazy(() => import('./ImportacoesRelatorio')),
};

/** The framed external report, with a way out to a tab of its own (its token is short-lived). */
function Embutido({ relatorio }: { relatorio: RelatorioAberto }) {
  const translate = useTranslate();
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button href={relatorio.url!} target="_blank" rel="noopener noreferrer" startIcon={<OpenInNewIcon />}>
          {translate('relatorios.pagina.novaAba')}
        </Button>
      </Box>
      <Box
        component="iframe"
        src={relatorio.url!}
        title={translate('relatorios.pagina.frame', { titulo: relatorio.titulo })}
        // The report runs its own scripts on its own origin; nothing of the portal's.
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
        referrerPolicy="no-referrer"
        sx={{ width: '100%', height: 'calc(100vh - 220px)', minHeight: 420, border: 0, display: 'block' }}
      />
    </>
  );
}

/**
 * /relatorio/{slug} (issue #31): the report the menu's Reports entry names, if the definition lets
 * the user open it (else /home, told why; an unknown slug is the 404 page): an external report in a
 * frame, or a built-in report with filters, chart, table and export.
 */
export default function RelatorioPage() {
  const { slug = '' } = useParams();
  const translate = useTranslate();
  const aberto = useRelatorioAberto(slug);
  useBreadcrumbLabel(aberto.data?.titulo);
  const status = (aberto.error as HttpError | null)?.status;
  if (status === 404) return <NotFoundPage />;
  if (status === 403) return <Refused message="shell.pageForbidden" />;
  const relatorio = aberto.data;
  let conteudo;
  if (aberto.isPending) conteudo = <LinearProgress aria-label={translate('ra.page.loading')} />;
  else if (!relatorio) {
    conteudo = (
      <LoadError message="relatorios.pagina.loadError" retrying={aberto.isFetching} onRetry={() => aberto.refetch()} />
    );
  } else if (relatorio.tipo === 'EMBUTIDO') conteudo = <Embutido relatorio={relatorio} />;
  else if (relatorio.interno && INTERNOS[relatorio.interno]) {
    const Interno = INTERNOS[relatorio.interno];
    conteudo = (
      <Suspense fallback={<Loading />}>
        <Interno slug={relatorio.slug} />
      </Suspense>
    );
  } else conteudo = <Alert severity="info">{translate('relatorios.pagina.indisponivel')}</Alert>;
  const titulo = relatorio?.titulo ?? translate('routes.relatorio');
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2, minWidth: 0 }}>
      <Title title={titulo} />
      <Typography variant="h5" component="h1">
        {titulo}
      </Typography>
      {conteudo}
    </Box>
  );
}
