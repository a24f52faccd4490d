import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip, { type ChipProps } from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import {
  FILAS_AGENDADAS,
  type FilaAgendada,
  type JobStatus,
  type SuperAdminFila,
} from '../../../domain/schemas/superAdmin';
import { ConfirmButton } from '../../components/ConfirmAction';
import { formatDate, formatNumber } from '../../components/format';
import { useOperations } from '../../components/useOperations';
import { isActive, percentOf, resultadoOf, type Job } from './superAdmin';
import { useJobQueued } from './useUltimosJobs';

const STATUS_COLOR: Record<JobStatus, ChipProps['color']> = {
  PENDENTE: 'default',
  EXECUTANDO: 'info',
  CONCLUIDO: 'success',
  ERRO: 'error',
};

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'medium' };

/** A job's state, progress (done of total, percentage) and, once done, its result or error. */
export function JobStatusView({ job }: { job: Job | undefined }) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  if (!job) {
    return <Typography color="text.secondary">{translate('superAdmin.jobs.never')}</Typography>;
  }
  const percent = percentOf(job);
  const showProgress = isActive(job) || job.total !== null;
  return (
    <Stack spacing={1} role="status" aria-live="polite">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Chip size="small" color={STATUS_COLOR[job.status]} label={translate(`superAdmin.jobs.status.${job.status}`)} />
        <Typography variant="body2" color="text.secondary">
          {translate('superAdmin.jobs.createdAt', { date: formatDate(job.createdAt, locale, DATE_TIME) })}
        </Typography>
        {job.concluidoEm && (
          <Typography variant="body2" color="text.secondary">
            {translate('superAdmin.jobs.concluidoEm', { date: formatDate(job.concluidoEm, locale, DATE_TIME) })}
          </Typography>
        )}
      </Box>
      {showProgress && (
        <Box>
          <LinearProgress
            aria-label={translate('superAdmin.jobs.progressLabel')}
            variant={percent === undefined ? 'indeterminate' : 'determinate'}
            value={percent}
          />
          {percent !== undefined && job.total !== null && (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {translate('superAdmin.jobs.progress', {
                processados: formatNumber(job.processados, locale),
                total: formatNumber(job.total, locale),
                percent,
              })}
            </Typography>
          )}
        </Box>
      )}
      {job.status === 'CONCLUIDO' && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {resultadoOf(job).map(([key, count]) => (
            <li key={key}>
              {translate(`superAdmin.jobs.resultado.${key}`, {
                _: `${key}: %{count}`,
                count: formatNumber(count, locale),
              })}
            </li>
          ))}
        </Box>
      )}
      {job.status === 'ERRO' && (
        <Alert severity="error">
          {translate('superAdmin.jobs.error', { erro: translate(job.erro ?? '', { _: job.erro ?? '' }) })}
        </Alert>
      )}
    </Stack>
  );
}

export interface JobPanelProps {
  /** A queue the page queues runs of, or a scheduled one (cron) whose runs it only shows. */
  fila: SuperAdminFila | FilaAgendada;
  /** i18n keys: title, description, run, confirmTitle, success, error under this prefix. */
  messages: string;
  /** i18n key of the confirmation's text (queues with a button only). */
  confirmContent?: string;
  job: Job | undefined;
}

/**
 * One background job of the page: what it does, its latest run, and a button that queues a new
 * run after the confirm dialog of spec section 8. The button waits while a run is pending or running.
 */
export function JobPanel({ fila, messages, confirmContent, job }: JobPanelProps) {
  const translate = useTranslate();
  const titleId = useId();
  const onQueued = useJobQueued();
  const { mutate } = useOperations('superAdmin');
  // A scheduled queue runs on its own: no button.
  const enfileiravel = !(FILAS_AGENDADAS as readonly string[]).includes(fila);
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography variant="h6" component="h2" id={titleId}>
          {translate(`${messages}.title`)}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate(`${messages}.description`)}
        </Typography>
        <JobStatusView job={job} />
      </CardContent>
      {enfileiravel && (
        <CardActions>
          <ConfirmButton
            label={`${messages}.run`}
            buttonProps={{ variant: 'contained', disabled: isActive(job) }}
            title={`${messages}.confirmTitle`}
            content={confirmContent}
            successMessage={`${messages}.success`}
            errorMessage={`${messages}.error`}
            action={() => mutate<Job>(fila as SuperAdminFila)}
            onSuccess={(result) => onQueued(result as Job)}
          />
        </CardActions>
      )}
    </Card>
  );
}
