import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditNoteIcon from '@mui/icons-material/EditNote';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import UnarchiveOutlinedIcon from '@mui/icons-material/UnarchiveOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { log } from '../../../../providers/logger';
import { formatCount, formatDate, formatNumber, percentual } from '../../../components/format';
import { Numero } from '../../../components/Numero';
import { useBreadcrumbLabel } from '../../../components/breadcrumbLabel';
import { LoadError } from '../../../components/LoadError';
import { useOperations } from '../../../components/useOperations';
import { errataPath, previaPath } from '../escrita/comunicado';
import { COMUNICADOS_KEY, voltarPara } from '../lista/tipos';
import { EmailsEnvio } from './EmailsEnvio';
import { LeiturasPorDia } from './LeiturasPorDia';
import { NaoLidos } from './NaoLidos';
import { Rollup } from './Rollup';
import type { ComunicadoDashboard } from './tipos';

const DATA_HORA = { dateStyle: 'short', timeStyle: 'short' } as const;

/**
 * /comunicados/dashboard/{id} (issue #28, "Dashboard"): recipients, reads and rate, confirmations
 * apart, reads per day, the read rate by brand, dealer group and dealer, the unread (paged, with
 * export), the e-mails' statuses, and the reminder to the unread (once a day).
 */
export default function ComunicadoDashboardPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { query, mutate } = useOperations('comunicados');
  const dashboard = useQuery({
    queryKey: [...COMUNICADOS_KEY, 'dashboard', id],
    queryFn: ({ signal }) => query<ComunicadoDashboard>('dashboard', { id }, { signal }),
    retry: false,
  });
  const lembrar = useMutation({
    mutationFn: () => mutate<number>('lembrarNaoLidos', { id }),
    onSuccess: (n) => {
      notify('comunicados.dashboard.lembreteEnviado', {
        type: 'success',
        messageArgs: { smart_count: n, count: formatNumber(n, locale) },
      });
      return queryClient.invalidateQueries({ queryKey: [...COMUNICADOS_KEY, 'dashboard', id] });
    },
    onError: (error) => {
      log.error('lembrarNaoLidosComunicado failed', error);
      notify('comunicados.dashboard.erroLembrete', { type: 'error' });
    },
  });
  // The author's own list: put away (Sent shows it with "include archived"), or back.
  const arquivar = useMutation({
    mutationFn: (arquivado: boolean) => mutate('arquivar', { id, arquivado }),
    onSuccess: (_c, arquivado) => {
      notify(arquivado ? 'comunicados.dashboard.arquivado' : 'comunicados.dashboard.desarquivado', {
        type: 'success',
      });
      return queryClient.invalidateQueries({ queryKey: COMUNICADOS_KEY });
    },
    onError: (error) => {
      log.error('arquivarComunicado failed', error);
      notify('comunicados.dashboard.erroArquivar', { type: 'error' });
    },
  });
  const titulo = translate('routes.comunicadosDashboard');
  // The top bar's trail and the tab's title say whose dashboard it is, as the page's own title does.
  useBreadcrumbLabel(dashboard.data ? `${titulo}: ${dashboard.data.comunicado.titulo}` : undefined);
  const voltar = (
    <Button
      component={RouterLink}
      to={voltarPara(location.state, '/comunicados?aba=ENVIADOS')}
      startIcon={<ArrowBackIcon />}
      sx={{ justifySelf: 'start' }}
    >
      {translate('comunicados.dashboard.voltar')}
    </Button>
  );
  if (dashboard.isPending || !dashboard.data) {
    return (
      <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
        <Title title={titulo} />
        {voltar}
        <Typography variant="h5" component="h1">
          {titulo}
        </Typography>
        {dashboard.isPending ? (
          <LinearProgress aria-label={translate('ra.page.loading')} />
        ) : (
          <LoadError
            message="comunicados.dashboard.erroCarregar"
            retrying={dashboard.isFetching}
            onRetry={() => dashboard.refetch()}
          />
        )}
      </Box>
    );
  }
  const d = dashboard.data;
  const naoLidos = d.destinatarios - d.lidos;
  const acaoArquivo = (['arquivar', 'desarquivar'] as const).find((acao) => d.comunicado.acoes.includes(acao));
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 3, minWidth: 0 }}>
      <Title title={`${titulo}: ${d.comunicado.titulo}`} />
      <Box sx={{ display: 'grid', gap: 1 }}>
        {voltar}
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {d.comunicado.titulo}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Chip size="small" color="success" label={d.comunicado.status.description} />
          <Typography variant="body2" color="text.secondary">
            {[
              // The department by name too, as on the announcement (its code alone read as a word).
              d.comunicado.departamento && `${d.comunicado.departamento.sigla} – ${d.comunicado.departamento.nome}`,
              d.comunicado.envioDateTime &&
                translate('comunicados.dashboard.enviadoEm', {
                  data: formatDate(d.comunicado.envioDateTime, locale, DATA_HORA),
                }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Box>
        {/* Where a sent announcement is opened from its list: the way to its erratum and its preview. */}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {d.comunicado.acoes.includes('errata') && (
            <LinkAcao acao="errata" to={errataPath(d.comunicado.id)} icone={<EditNoteIcon />} />
          )}
          {acaoArquivo && (
            // One button whichever it says, so the keyboard's focus stays on it when it turns.
            <Button
              variant="outlined"
              startIcon={acaoArquivo === 'arquivar' ? <ArchiveOutlinedIcon /> : <UnarchiveOutlinedIcon />}
              onClick={() => arquivar.mutate(acaoArquivo === 'arquivar')}
            >
              {translate(`comunicados.dashboard.${acaoArquivo}`)}
            </Button>
          )}
          {d.comunicado.acoes.includes('visualizarEnvio') && (
            <LinkAcao acao="visualizarEnvio" to={previaPath(d.comunicado.id)} icone={<VisibilityOutlinedIcon />} />
          )}
        </Box>
      </Box>
      <Box
        component="section"
        aria-label={translate('comunicados.dashboard.resumo')}
        sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
      >
        <Numero
          rotulo={translate('comunicados.dashboard.destinatarios')}
          valor={formatNumber(d.destinatarios, locale)}
        />
        <Numero
          rotulo={translate('comunicados.dashboard.lidos')}
          valor={formatNumber(d.lidos, locale)}
          detalhe={translate('comunicados.dashboard.taxa', { taxa: percentual(d.taxaLeitura, locale) })}
        />
        {d.comunicado.exigeConfirmacao && (
          <Numero
            rotulo={translate('comunicados.dashboard.confirmados')}
            valor={formatNumber(d.confirmados, locale)}
            detalhe={translate('comunicados.dashboard.taxa', {
              taxa: percentual(d.destinatarios ? d.confirmados / d.destinatarios : 0, locale),
            })}
          />
        )}
        <Numero rotulo={translate('comunicados.dashboard.naoLidos')} valor={formatNumber(naoLidos, locale)} />
      </Box>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="lembrete-titulo"
        sx={{ p: 2, display: 'grid', gap: 1, justifyItems: 'start' }}
      >
        <Typography id="lembrete-titulo" variant="subtitle1" component="h2">
          {translate('comunicados.dashboard.lembrete')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {d.lembradoEm
            ? translate('comunicados.dashboard.lembradoEm', { data: formatDate(d.lembradoEm, locale, DATA_HORA) })
            : translate('comunicados.dashboard.nuncaLembrado')}
          {!d.podeLembrar && d.lembradoEm && ` ${translate('comunicados.dashboard.umPorDia')}`}
        </Typography>
        <Button
          variant="contained"
          startIcon={<NotificationsActiveOutlinedIcon />}
          disabled={!d.podeLembrar || naoLidos === 0 || lembrar.isPending}
          onClick={() => lembrar.mutate()}
        >
          {formatCount(translate, 'comunicados.dashboard.lembrar', naoLidos, locale)}
        </Button>
      </Paper>
      <LeiturasPorDia dias={d.leiturasPorDia} exigeConfirmacao={d.comunicado.exigeConfirmacao} />
      <Rollup id={id} exigeConfirmacao={d.comunicado.exigeConfirmacao} />
      <NaoLidos id={id} />
      <EmailsEnvio id={id} resumo={d.emails} />
    </Box>
  );
}

/** An action of the announcement that is a page of its own (its erratum, its send preview), as a link. */
function LinkAcao({ acao, to, icone }: { acao: 'errata' | 'visualizarEnvio'; to: string; icone: ReactNode }) {
  const translate = useTranslate();
  return (
    <Button component={RouterLink} to={to} variant="outlined" startIcon={icone}>
      {translate(`comunicados.escrita.acoes.${acao}`)}
    </Button>
  );
}
