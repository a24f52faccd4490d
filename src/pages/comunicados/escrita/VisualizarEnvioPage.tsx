import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { formatDate, formatNumber } from '../../../components/format';
import { useBreadcrumbLabel } from '../../../components/breadcrumbLabel';
import { LoadError } from '../../../components/LoadError';
import { useOperations } from '../../../components/useOperations';
import { AcoesComunicado } from './AcoesComunicado';
import { ComunicadoConteudo } from './ComunicadoConteudo';
import { EnviarDaPrevia } from './EnviarDaPrevia';
import { SituacaoComunicado } from './SituacaoComunicado';
import { editarPath, type Comunicado } from './comunicado';

interface PreviaEnvio {
  comunicado: Comunicado;
  destinatarios: number;
  grupos: { id: string; nome: string; destinatarios: number }[];
  emailsAvulsos: string[];
  avisos: { tipo: string; mensagem: string; grupo: { id: string; nome: string } | null; email: string | null }[];
}

/**
 * /comunicados/visualizarEnvio/{id}: the send preview. The message as recipients will see it
 * (signature, attachments), how many users it reaches, its groups (each with its own count) and
 * loose e-mails, and the warnings: a group with no recipients, a loose e-mail of a portal user.
 * It is where the approver lands (the pending tab's row, the notification): the buttons `acoes`
 * names (approve, reject, withdraw, ...) are here too, beside "back to editing" and the send of a
 * draft (EnviarDaPrevia) for the author.
 */
export default function VisualizarEnvioPage() {
  const { id } = useParams<{ id: string }>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { query } = useOperations('comunicados');
  const previa = useQuery({
    queryKey: ['comunicados', 'visualizarEnvio', id],
    queryFn: () => query<PreviaEnvio>('visualizarEnvio', { id }),
    retry: false,
  });
  const title = translate('routes.comunicadosVisualizarEnvio');
  useBreadcrumbLabel(previa.data?.comunicado.titulo);
  const p = previa.data;
  // After an action the preview, the lists and the counts are read again (deleted: back to the list).
  const depois = (c: Comunicado | null) => {
    void queryClient.invalidateQueries({ queryKey: ['comunicados'] });
    if (!c) navigate('/comunicados');
  };
  return (
    <Box sx={{ mt: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}>
      <Title title={title} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {p && <Chip label={p.comunicado.status.description} size="small" />}
      </Box>
      {previa.error ? (
        <LoadError message="errors.couldNotPerform" retrying={previa.isFetching} onRetry={() => previa.refetch()} />
      ) : !p ? (
        <LinearProgress aria-label={translate('ra.page.loading')} />
      ) : (
        <>
          <SituacaoComunicado comunicado={p.comunicado} />
          {p.avisos.length > 0 && (
            <Box
              component="ul"
              aria-label={translate('comunicados.escrita.previa.avisos')}
              sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}
            >
              {p.avisos.map((aviso, i) => (
                <li key={`${aviso.tipo}-${i}`}>
                  {/* A list of warnings read with the page, not announced as an interruption. */}
                  <Alert severity="warning" role="none">
                    {aviso.mensagem}
                  </Alert>
                </li>
              ))}
            </Box>
          )}
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
              alignItems: 'start',
            }}
          >
            <Card>
              <CardContent>
                <ComunicadoConteudo comunicado={p.comunicado} />
              </CardContent>
            </Card>
            <Card component="section" aria-labelledby="previa-destinatarios">
              <CardContent sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }}>
                <Typography variant="h6" component="h2" id="previa-destinatarios">
                  {translate('comunicados.escrita.destinatarios')}
                </Typography>
                <Typography>
                  {translate('comunicados.escrita.previa.total', {
                    smart_count: p.destinatarios,
                    n: formatNumber(p.destinatarios, locale),
                  })}
                </Typography>
                {p.comunicado.dataHoraAgendamento && (
                  <Typography>
                    {translate('comunicados.escrita.previa.agendadoPara', {
                      data: formatDate(p.comunicado.dataHoraAgendamento, locale, {
                        dateStyle: 'full',
                        timeStyle: 'short',
                      }),
                    })}
                  </Typography>
                )}
                {p.comunicado.idParent ? (
                  // An erratum goes to the original's recipients: it has no groups or e-mails of its own.
                  <Typography>{translate('comunicados.escrita.errata.destinatarios')}</Typography>
                ) : (
                  <>
                    <Box>
                      <Typography variant="subtitle2" component="h3">
                        {translate('comunicados.escrita.fields.grupos')}
                      </Typography>
                      {p.grupos.length === 0 ? (
                        <Typography color="text.secondary">
                          {translate('comunicados.escrita.previa.semGrupos')}
                        </Typography>
                      ) : (
                        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                          {p.grupos.map((g) => (
                            <li key={g.id}>
                              <Typography
                                component="span"
                                color={g.destinatarios === 0 ? 'error' : undefined}
                                sx={{ overflowWrap: 'anywhere' }}
                              >
                                {translate('comunicados.escrita.previa.grupo', {
                                  nome: g.nome,
                                  smart_count: g.destinatarios,
                                  n: formatNumber(g.destinatarios, locale),
                                })}
                              </Typography>
                            </li>
                          ))}
                        </Box>
                      )}
                    </Box>
                    <Box>
                      <Typography variant="subtitle2" component="h3">
                        {translate('comunicados.escrita.fields.emailsAvulsos')}
                      </Typography>
                      {p.emailsAvulsos.length === 0 ? (
                        <Typography color="text.secondary">
                          {translate('comunicados.escrita.previa.semEmails')}
                        </Typography>
                      ) : (
                        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                          {p.emailsAvulsos.map((e) => (
                            <li key={e}>
                              <Typography component="span" sx={{ overflowWrap: 'anywhere' }}>
                                {e}
                              </Typography>
                            </li>
                          ))}
                        </Box>
                      )}
                    </Box>
                  </>
                )}
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="acoes-comunicado">
                  {p.comunicado.acoes.includes('salvar') && (
                    <Button component={RouterLink} to={editarPath(p.comunicado.id)} variant="outlined">
                      {translate('comunicados.escrita.previa.voltarEditar')}
                    </Button>
                  )}
                  <EnviarDaPrevia
                    comunicado={p.comunicado}
                    destinatarios={p.destinatarios}
                    onChanged={depois}
                    onConflict={() => void previa.refetch()}
                  />
                  <AcoesComunicado
                    comunicado={{ ...p.comunicado, acoes: p.comunicado.acoes.filter((a) => a !== 'visualizarEnvio') }}
                    onChanged={depois}
                    onConflict={() => void previa.refetch()}
                  />
                </Box>
              </CardContent>
            </Card>
          </Box>
        </>
      )}
    </Box>
  );
}
