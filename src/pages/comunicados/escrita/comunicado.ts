import { HttpError } from 'react-admin';
import type { AcaoComunicado, EstadoComunicado } from '../../../../domain/comunicados';

/** A person as the API names them (UsuarioContato). */
export interface Contato {
  id: string;
  nome: string;
  email?: string;
}

export interface Arquivo {
  id: string;
  nome: string;
  tamanho: number;
  tipoMime?: string;
}

export interface Departamento {
  id: string;
  sigla: string;
  nome: string;
  assinatura: string | null;
}

/** An announcement as its author and approvers read it (domain/operations.ts COMUNICADO_FIELDS). */
export interface Comunicado {
  id: string;
  version: number;
  titulo: string;
  mensagem: string;
  createdDateTime: string;
  envioDateTime: string | null;
  motivoRejeicao: string | null;
  dataHoraAgendamento: string | null;
  status: { id: EstadoComunicado; description: string };
  usuarioCriador: Contato | null;
  usuarioAprovador: Contato | null;
  detentoresAprovacao: Contato[];
  decididoPor: Contato | null;
  grupos: { id: string; nome: string }[];
  usuariosRemovidos: Contato[];
  etiquetas: { id: string; nome: string }[];
  arquivos: Arquivo[];
  arquivado: boolean;
  emailsAvulsos: { email: string; status: { name: string; descricao: string } | null }[];
  departamento: Departamento | null;
  idParent: string | null;
  justificativa: string | null;
  erratas: { id: string; titulo: string; justificativa: string; envioDateTime: string | null }[];
  templateName: string | null;
  serie: { id: string; nome: string; prefixo: string } | null;
  numero: number | null;
  exigeConfirmacao: boolean;
  destinatarios: number | null;
  acoes: string[];
}

/** The actions of the API's `acoes` this screen knows (a newer server may name more). */
export const acoesDe = (comunicado: Pick<Comunicado, 'acoes'>): AcaoComunicado[] =>
  comunicado.acoes as AcaoComunicado[];

/** The upload route of attachments and of the editor's images (server/features/comunicados README). */
export const UPLOAD_PATH = '/api/upload/comunicado';

export const editarPath = (id: string | number) => `/comunicados/editar/${id}`;
export const previaPath = (id: string | number) => `/comunicados/visualizarEnvio/${id}`;
export const errataPath = (id: string | number) => `/comunicados/errata/${id}`;

/** The API's field errors of a BAD_USER_INPUT (the data provider puts them in the HttpError's body). */
export function fieldErrorsOf(error: unknown): [string, string][] {
  const body =
    error instanceof HttpError ? (error.body as { errors?: Record<string, unknown> } | undefined) : undefined;
  return Object.entries(body?.errors ?? {}).filter(([, m]) => typeof m === 'string') as [string, string][];
}

/** A stale version: someone else saved (or acted on) it since it was read. */
export const isConflict = (error: unknown) =>
  error instanceof HttpError && (error.status === 409 || (error.body as { code?: string })?.code === 'CONFLICT');

/** The announcement as read, for an action on it: its id and the version it is at. */
export const versaoDe = (c: Pick<Comunicado, 'id' | 'version'>) => ({ id: c.id, version: c.version });

/**
 * Runs an action on the announcement as read: a refusal for a stale version also calls
 * `onConflict` (the screen offers to reload), then fails as it did.
 */
export async function comConflito<T>(onConflict: () => void, acao: () => Promise<T>): Promise<T> {
  try {
    return await acao();
  } catch (error) {
    if (isConflict(error)) onConflict();
    throw error;
  }
}
