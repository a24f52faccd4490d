import { z } from 'zod';
import { httpUrl, MAX_ID } from './campos';

// The super-admin page (/superAdmin): product edit and identity-provider synchronisation.
// Messages are i18n catalog keys.

/** A required text: missing or blank is 'validation.required'; at most `max` characters. */
const requiredText = (max: number) =>
  z.string('validation.required').trim().min(1, 'validation.required').max(max, 'validation.maxLength');

/** editarProduto's `produto`: the product and its staging base URI (spec section 5, "Product edit"). */
export const produtoEdicaoSchema = z.object({
  id: requiredText(20)
    .transform(Number)
    .pipe(
      z
        .number('validation.invalidValue')
        .int('validation.invalidValue')
        .positive('validation.invalidValue')
        .max(MAX_ID, 'validation.invalidValue'),
    ),
  baseUriHomolog: httpUrl(),
});
export type ProdutoEdicao = z.input<typeof produtoEdicaoSchema>;

export const editarProdutoSchema = z.object({ produto: produtoEdicaoSchema });

export const sincronizarIdentityProviderSchema = z.object({
  emailUsuario: requiredText(254).toLowerCase().pipe(z.email('validation.email')),
});

/**
 * Queues of the page's background jobs: the three synchronisations and the migration, which runs
 * the three in order (dealers, groups, users) as one job.
 */
export const SUPER_ADMIN_FILAS = [
  'sincronizarDealers',
  'sincronizarGrupos',
  'sincronizarUsuarios',
  'migracao',
] as const;
export type SuperAdminFila = (typeof SUPER_ADMIN_FILAS)[number];

/** The dormant-user job's queue: scheduled (cron), not queued from the page; the page shows its runs. */
export const INATIVIDADE_FILA = 'inativacaoPorInatividade';

/** The daily removal of stored files that nothing uses (server/files/sweep.ts): scheduled, shown like the above. */
export const LIMPEZA_ARQUIVOS_FILA = 'limpezaArquivos';

/** The daily removal of notifications past their retention (server/features/notificacoes). */
export const LIMPEZA_NOTIFICACOES_FILA = 'limpezaNotificacoes';

/** The daily removal of client logs past their retention (server/features/logs). */
export const LIMPEZA_LOGS_FILA = 'limpezaLogs';

/** The nightly VACUUM (ANALYZE) of the embedded database, which has no autovacuum (server/db/manutencao.ts). */
export const MANUTENCAO_BANCO_FILA = 'manutencaoBanco';

/** Scheduled queues: the page shows their runs, with no button. */
export const FILAS_AGENDADAS = [
  INATIVIDADE_FILA,
  LIMPEZA_ARQUIVOS_FILA,
  LIMPEZA_NOTIFICACOES_FILA,
  LIMPEZA_LOGS_FILA,
  MANUTENCAO_BANCO_FILA,
] as const;
export type FilaAgendada = (typeof FILAS_AGENDADAS)[number];

/** Every queue whose newest run the page shows (ultimosJobs). */
export const FILAS_PAGINA = [...SUPER_ADMIN_FILAS, ...FILAS_AGENDADAS] as const;

export const JOB_STATUSES = ['PENDENTE', 'EXECUTANDO', 'CONCLUIDO', 'ERRO'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
