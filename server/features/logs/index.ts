import { LIMPEZA_LOGS_FILA } from '../../../domain/schemas/superAdmin';
import type { Config } from '../../config';
import type { JobDefinition } from '../../jobs';
import { pruneLogs } from './service';

/** The daily removal of client logs older than the retention (LOG_RETENTION_DAYS). */
export function limpezaLogsJob(config: Pick<Config, 'logs'>): Record<typeof LIMPEZA_LOGS_FILA, JobDefinition> {
  return {
    [LIMPEZA_LOGS_FILA]: {
      cron: config.logs.pruneCron,
      policy: 'singleton',
      handler: ({ db }) => pruneLogs(db, config.logs.retentionDays),
    },
  };
}
