import type { AbaComunicados } from '../../../../domain/comunicados';

/** The reader's and the dashboard's shapes, as domain/operations.ts's `comunicados` group asks for them. */

export interface Nomeado {
  id: string;
  nome: string;
}

export interface Departamento {
  id: string;
  sigla: string;
  nome: string;
  assinatura?: string | null;
}

export interface Arquivo {
  id: string;
  nome: string;
  tamanho: number;
  tipoMime: string;
}

export interface Errata {
  id: string;
  titulo: string;
  justificativa: string;
  envioDateTime: string | null;
}

/** A delivery (ComunicadoEnvio) as its reader reads it. */
export interface ComunicadoEnvio {
  id: string;
  /** Searching the inbox: where the message matched, the matched words marked (only in the list). */
  trecho?: { texto: string; destaque: boolean }[] | null;
  lido: boolean;
  lidoEm: string | null;
  confirmado: boolean;
  confirmadoEm: string | null;
  arquivado: boolean;
  favorito: boolean;
  active: boolean;
  comunicado: {
    id: string;
    titulo: string;
    mensagem: string;
    envioDateTime: string | null;
    departamento: Departamento | null;
    usuarioCriador: Nomeado | null;
    etiquetas: Nomeado[];
    arquivos: Arquivo[];
    exigeConfirmacao: boolean;
    idParent: string | null;
    justificativa: string | null;
    erratas: Errata[];
    serie: { id: string; prefixo: string } | null;
    numero: number | null;
  };
}

/** A row of the author's and approvers' tabs. */
export interface ComunicadoLinha {
  id: string;
  version: number;
  titulo: string;
  createdDateTime: string;
  envioDateTime: string | null;
  dataHoraAgendamento: string | null;
  status: { id: string; description: string };
  usuarioCriador: Nomeado | null;
  detentoresAprovacao: Nomeado[];
  etiquetas: Nomeado[];
  departamento: Departamento | null;
  arquivado: boolean;
  destinatarios: number | null;
  acoes: string[];
}

export interface Pagina<T> {
  content: T[];
  totalElements: number;
}

export interface ContagensComunicados {
  naoLidos: number;
  naoLidosArquivados: number;
  pendentesAprovacao: number;
  rascunhos: number;
  agendados: number;
}

/** The search of every tab (the title, label, department, period). */
export interface FiltroComunicados {
  busca: string;
  etiqueta: string;
  departamentoId: string;
  desde: string;
  ate: string;
}

export const FILTRO_VAZIO: FiltroComunicados = { busca: '', etiqueta: '', departamentoId: '', desde: '', ate: '' };

/** Whether a list is searched or filtered (its empty state then says nothing matched, not that the tab is empty). */
export const filtrando = (filtro: FiltroComunicados, ...rapidos: boolean[]) =>
  Object.values(filtro).some((v) => v.trim() !== '') || rapidos.some(Boolean);

/** The filter as the API takes it: empty fields left out. */
export function filterInputDe(filtro: FiltroComunicados, aba: AbaComunicados) {
  return {
    aba,
    ...(filtro.busca.trim() ? { busca: filtro.busca.trim() } : {}),
    ...(filtro.etiqueta.trim() ? { etiqueta: filtro.etiqueta.trim() } : {}),
    ...(filtro.departamentoId ? { departamentoId: filtro.departamentoId } : {}),
    ...(filtro.desde ? { desde: filtro.desde } : {}),
    ...(filtro.ate ? { ate: filtro.ate } : {}),
  };
}

/** react-query keys: every read of the announcements starts with COMUNICADOS_KEY (a write invalidates them all). */
export const COMUNICADOS_KEY = ['comunicados'] as const;
export const CONTAGENS_KEY = [...COMUNICADOS_KEY, 'contagens'] as const;

export const visualizarPath = (idComunicado: string) => `/comunicados/visualizar/${idComunicado}`;
export const dashboardPath = (id: string) => `/comunicados/dashboard/${id}`;
export const editarPath = (id: string) => `/comunicados/editar/${id}`;
export const visualizarEnvioPath = (id: string) => `/comunicados/visualizarEnvio/${id}`;

/** Where a row of the author's tabs leads, by what the viewer may do with it (Comunicado.acoes). */
export function destinoDaLinha(linha: Pick<ComunicadoLinha, 'id' | 'acoes'>): string {
  if (linha.acoes.includes('dashboard')) return dashboardPath(linha.id);
  if (linha.acoes.includes('salvar')) return editarPath(linha.id);
  return visualizarEnvioPath(linha.id);
}

/** Router state of a link from a tab's list to an announcement: where that page's back link returns. */
export interface VindoDaLista {
  voltar: string;
}

/** The state for a link from the list at `location` (its tab, page and search, in the address). */
export const vindoDaLista = (location: { pathname: string; search: string }): VindoDaLista => ({
  voltar: location.pathname + location.search,
});

/** A back link's target: the list the user came from, as they left it; else `padrao`. */
export function voltarPara(state: unknown, padrao: string): string {
  const voltar = (state as Partial<VindoDaLista> | null)?.voltar;
  return typeof voltar === 'string' && voltar.startsWith('/comunicados') ? voltar : padrao;
}
