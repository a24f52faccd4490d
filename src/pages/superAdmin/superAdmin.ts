import type { JobStatus, SuperAdminFila } from '../../../domain/schemas/superAdmin';

// What the operations of /superAdmin answer (domain/operations.ts `superAdmin`; server/features/superAdmin).

export interface Produto {
  id: string;
  nome: string;
  URI: string | null;
  baseUriHomolog: string | null;
}

export interface Job {
  id: string;
  fila: SuperAdminFila | string;
  status: JobStatus;
  total: number | null;
  processados: number;
  /** JSON object of counts, e.g. '{"dealersInativados":3}', once CONCLUIDO. */
  resultado: string | null;
  /** An i18n key or a message, once ERRO. */
  erro: string | null;
  createdAt: string;
  iniciadoEm: string | null;
  concluidoEm: string | null;
}

export interface SincronizacaoIdentityProvider {
  email: string;
  provedor: 'EMBUTIDO' | 'KEYCLOAK';
  acao: 'CRIADO' | 'ATUALIZADO';
  emailSenhaEnviado: boolean;
}

export const isActive = (job: Pick<Job, 'status'> | undefined) =>
  job?.status === 'PENDENTE' || job?.status === 'EXECUTANDO';

/** Whole percent done; 100 when there was nothing to do. */
export function percentOf(job: Pick<Job, 'total' | 'processados'>): number | undefined {
  if (job.total === null) return undefined;
  if (job.total === 0) return 100;
  return Math.min(100, Math.round((job.processados / job.total) * 100));
}

/** The result's counts, in a stable order; an unparsable result gives none. */
export function resultadoOf(job: Pick<Job, 'resultado'>): [string, number][] {
  if (!job.resultado) return [];
  try {
    const value = JSON.parse(job.resultado) as unknown;
    if (!value || typeof value !== 'object') return [];
    return Object.entries(value as Record<string, unknown>).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number',
    );
  } catch {
    return [];
  }
}
