import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import UnarchiveOutlinedIcon from '@mui/icons-material/UnarchiveOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { HttpError, Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { log } from '../../../../providers/logger';
import { useBreadcrumbLabel } from '../../../components/breadcrumbLabel';
import { formatDate } from '../../../components/format';
import { LoadError } from '../../../components/LoadError';
import { NOTIFICACOES_KEY } from '../../../components/notificacoes/notificacoes';
import { RichText } from '../../../components/RichText';
import { useOperations } from '../../../components/useOperations';
import { AnexosComunicado, EtiquetasComunicado } from '../AnexosComunicado';
import { COMUNICADOS_KEY, visualizarPath, voltarPara, type ComunicadoEnvio } from '../lista/tipos';
import { naoEVisualizacao, useAcoesEnvios } from '../lista/useAcoesEnvios';

const DATA_HORA = { dateStyle: 'short', timeStyle: 'short' } as const;

/**
 * /comunicados/visualizar/{id} (issue #28, "Reading"): opening it marks the delivery read
 * (abrirComunicado answers it); the message through the rich-text allowlist, the department's
 * signature, attachments, errata, "read and understood" where asked, favourite and archive.
 */
export default function ComunicadoLeituraPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const { mutate } = useOperations('comunicados');
  const queryClient = useQueryClient();
  const notify = useNotify();
  const envioKey = [...COMUNICADOS_KEY, 'envio', id];
  // Opening is a write (it marks read) answering the delivery: read once per visit.
  const envio = useQuery({
    queryKey: envioKey,
    queryFn: async () => {
      const aberto = await mutate<ComunicadoEnvio>('abrir', { idComunicado: id });
      void queryClient.invalidateQueries({ queryKey: COMUNICADOS_KEY, predicate: naoEVisualizacao });
      // Its notifications are read now too: the bell's count and panel.
      void queryClient.invalidateQueries({ queryKey: NOTIFICACOES_KEY });
      return aberto;
    },
    // Every visit opens it again (and marks it read again if it was marked unread meanwhile).
    staleTime: Infinity,
    refetchOnMount: 'always',
    retry: false,
  });
  // The top bar's trail ends with the announcement's title, not "View announcement".
  useBreadcrumbLabel(envio.data?.comunicado.titulo);
  const acoes = useAcoesEnvios();
  // The buttons stay enabled (and focused) while their change is under way; a click meanwhile is ignored.
  const alterar = (tipo: 'favorito' | 'arquivado', valor: boolean) =>
    envio.data &&
    !acoes.isPending &&
    acoes.mutate(
      { ids: [envio.data.id], acao: { tipo, valor } },
      {
        onSuccess: () => queryClient.setQueryData<ComunicadoEnvio>(envioKey, (e) => (e ? { ...e, [tipo]: valor } : e)),
      },
    );
  // The confirmed button is disabled: the focus goes to the confirmation's status, not to the page.
  const statusConfirmacao = useRef<HTMLElement>(null);
  const focarConfirmacao = useRef(false);
  useEffect(() => {
    if (focarConfirmacao.current && statusConfirmacao.current) {
      statusConfirmacao.current.focus();
      focarConfirmacao.current = false;
    }
  }, [envio.data]);
  const confirmar = useMutation({
    mutationFn: () => mutate<ComunicadoEnvio>('confirmarLeitura', { idComunicado: id }),
    onSuccess: (confirmado) => {
      focarConfirmacao.current = true;
      queryClient.setQueryData(envioKey, confirmado);
      notify('comunicados.leitura.confirmado', { type: 'success' });
      return queryClient.invalidateQueries({ queryKey: COMUNICADOS_KEY, predicate: naoEVisualizacao });
    },
    onError: (error) => {
      log.error('confirmarLeituraComunicado failed', error);
      notify('comunicados.leitura.erroConfirmar', { type: 'error' });
    },
  });
  const voltar = (
    <Button
      component={RouterLink}
      to={voltarPara(location.state, '/comunicados')}
      startIcon={<ArrowBackIcon />}
      sx={{ justifySelf: 'start' }}
    >
      {translate('comunicados.leitura.voltar')}
    </Button>
  );

  if (envio.isPending) {
    return (
      <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
        <Title title={translate('routes.comunicadosVisualizar')} />
        {voltar}
        <Typography variant="h5" component="h1">
          {translate('routes.comunicadosVisualizar')}
        </Typography>
        <LinearProgress aria-label={translate('ra.page.loading')} />
      </Box>
    );
  }
  if (!envio.data) {
    return (
      <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
        <Title title={translate('routes.comunicadosVisualizar')} />
        {voltar}
        <Typography variant="h5" component="h1">
          {translate('routes.comunicadosVisualizar')}
        </Typography>
        {[400, 403, 404].includes((envio.error as HttpError | null)?.status ?? 0) ? (
          // Not sent to the caller, gone, or no announcement id at all: trying again changes nothing.
          <Alert severity="info">{translate('comunicados.leitura.naoDisponivel')}</Alert>
        ) : (
          <LoadError
            message="comunicados.leitura.erroCarregar"
            retrying={envio.isFetching}
            onRetry={() => envio.refetch()}
          />
        )}
      </Box>
    );
  }
  const { comunicado } = envio.data;
  const { favorito, arquivado, confirmado, confirmadoEm } = envio.data;
  return (
    <Box component="article" sx={{ mt: 2, display: 'grid', gap: 2, minWidth: 0, maxWidth: 960 }}>
      <Title title={comunicado.titulo} />
      {/* On paper: the announcement alone (the portal's bar, breadcrumbs and these buttons are not printed). */}
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
          justifyContent: 'space-between',
          displayPrint: 'none',
        }}
      >
        {voltar}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" startIcon={<PrintOutlinedIcon />} onClick={() => window.print()}>
            {translate('comunicados.leitura.imprimir')}
          </Button>
          <Button
            variant="outlined"
            aria-pressed={favorito}
            aria-disabled={acoes.isPending || undefined}
            startIcon={favorito ? <StarIcon sx={{ color: 'warning.main' }} /> : <StarBorderIcon />}
            onClick={() => alterar('favorito', !favorito)}
          >
            {translate(favorito ? 'comunicados.caixa.desfavoritar' : 'comunicados.caixa.favoritar')}
          </Button>
          <Button
            variant="outlined"
            aria-disabled={acoes.isPending || undefined}
            startIcon={arquivado ? <UnarchiveOutlinedIcon /> : <ArchiveOutlinedIcon />}
            onClick={() => alterar('arquivado', !arquivado)}
          >
            {translate(arquivado ? 'comunicados.caixa.desarquivar' : 'comunicados.caixa.arquivar')}
          </Button>
        </Box>
      </Box>
      <Box>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {comunicado.titulo}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {[
            comunicado.departamento && `${comunicado.departamento.sigla} – ${comunicado.departamento.nome}`,
            comunicado.usuarioCriador?.nome,
            formatDate(comunicado.envioDateTime, locale, DATA_HORA),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
        <Box sx={{ mt: 1 }}>
          <EtiquetasComunicado etiquetas={comunicado.etiquetas} />
        </Box>
      </Box>
      {comunicado.idParent && (
        <Alert severity="info">
          <AlertTitle>{translate('comunicados.leitura.estaEErrata')}</AlertTitle>
          {comunicado.justificativa}{' '}
          <Link component={RouterLink} to={visualizarPath(comunicado.idParent)}>
            {translate('comunicados.leitura.verOriginal')}
          </Link>
        </Alert>
      )}
      {comunicado.erratas.map((errata) => (
        <Alert key={errata.id} severity="warning" role="region" aria-label={translate('comunicados.leitura.errata')}>
          <AlertTitle>
            {translate('comunicados.leitura.errataDe', { data: formatDate(errata.envioDateTime, locale, DATA_HORA) })}
          </AlertTitle>
          <Typography variant="body2">{errata.justificativa}</Typography>
          <Link component={RouterLink} to={visualizarPath(errata.id)}>
            {translate('comunicados.leitura.lerErrata', { titulo: errata.titulo })}
          </Link>
        </Alert>
      ))}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
        <RichText html={comunicado.mensagem} comunicado />
        {comunicado.departamento?.assinatura && (
          <>
            <Divider sx={{ my: 2 }} />
            <Box aria-label={translate('comunicados.leitura.assinatura')} role="group">
              <RichText
                html={comunicado.departamento.assinatura}
                sx={{ whiteSpace: 'pre-line', color: 'text.secondary' }}
              />
            </Box>
          </>
        )}
      </Paper>
      <AnexosComunicado idComunicado={id} arquivos={comunicado.arquivos} />
      {comunicado.exigeConfirmacao && (
        <Paper variant="outlined" component="section" sx={{ p: 2, display: 'grid', gap: 1, justifyItems: 'start' }}>
          <Typography variant="body2">{translate('comunicados.leitura.pedeConfirmacao')}</Typography>
          <Button
            variant="contained"
            sx={{ displayPrint: 'none' }}
            color={confirmado ? 'success' : 'primary'}
            startIcon={confirmado ? <CheckCircleIcon /> : undefined}
            disabled={confirmado || confirmar.isPending}
            onClick={() => confirmar.mutate()}
          >
            {translate(confirmado ? 'comunicados.leitura.lidoEntendidoFeito' : 'comunicados.leitura.lidoEntendido')}
          </Button>
          {confirmado && confirmadoEm && (
            <Typography variant="body2" color="text.secondary" role="status" ref={statusConfirmacao} tabIndex={-1}>
              {translate('comunicados.leitura.confirmadoEm', { data: formatDate(confirmadoEm, locale, DATA_HORA) })}
            </Typography>
          )}
        </Paper>
      )}
    </Box>
  );
}
