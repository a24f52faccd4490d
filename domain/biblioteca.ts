import { PERMISSOES_ACESSO_PASTA, type PermissaoAcessoPasta } from './enums';
import { UPLOAD_MAX_BYTES } from './limits';

// The virtual library (biblioteca, issue #29; spec sections 2, 3, 4, 5, 6 and 9): what the server
// (server/features/biblioteca) and the screens agree on. Messages are i18n catalog keys
// (`biblioteca.*`, `validation.*`).

export { PERMISSOES_ACESSO_PASTA, type PermissaoAcessoPasta };

/**
 * The root of the tree: not a row, a fixed id. Folders at the root have no parent (`pastaPai` null);
 * the API takes this id (or null) wherever a parent or destination may be the root ("root option id
 * 0 in move"), and `pasta(idPasta: 0)` answers the root itself.
 */
export const PASTA_RAIZ_ID = 0;

/** Longest name of a folder or file (a file keeps its uploaded name, cut to this). */
export const BIBLIOTECA_NOME_MAX = 255;
/** Most user groups one folder's permission list holds. */
export const BIBLIOTECA_GRUPOS_MAX = 50;
/** Most files one uploadArquivos places. */
export const BIBLIOTECA_UPLOADS_MAX = 50;
/** Largest upload (spec section 9): 900,000,000 bytes, refused while it streams. */
export const BIBLIOTECA_UPLOAD_MAX_BYTES = UPLOAD_MAX_BYTES;
/** Page sizes of the library's tables (spec section 9: 5, 10, 15; default 5). */
export const BIBLIOTECA_ROWS_PER_PAGE_OPTIONS = [5, 10, 15] as const;
export const BIBLIOTECA_ROWS_PER_PAGE_PADRAO = 5;
/** A folder's listing (itemsPorPasta): the grid shows a whole folder, so its pages are larger. */
export const BIBLIOTECA_ITENS_POR_PAGINA_MAX = 500;
export const BIBLIOTECA_ITENS_POR_PAGINA_PADRAO = 100;
/** Search results and the extended latest-modified list: at most this many per page. */
export const BIBLIOTECA_BUSCA_POR_PAGINA_MAX = 100;
/** The recent-files block at the root and on the home page (spec section 9: 3). */
export const BIBLIOTECA_RECENTES = 3;
/** Most latest-modified files one call answers (ultimosModificados). */
export const BIBLIOTECA_RECENTES_MAX = 50;
/** Most folders pastasComPermissaoEscrita answers (the move and upload dialogs' destinations). */
export const BIBLIOTECA_PASTAS_ESCRITA_MAX = 500;
/** Screens: names cut with an ellipsis past this; the groups' tooltip on mobile; delays (spec section 9). */
export const BIBLIOTECA_NOME_TRUNCAR = 40;
export const BIBLIOTECA_TOOLTIP_GRUPOS_MOBILE = 25;
export const BIBLIOTECA_TOOLTIP_MAX_WIDTH_PX = 400;
export const BIBLIOTECA_CLIQUE_DUPLO_MS = 235;
export const BIBLIOTECA_BUSCA_DEBOUNCE_MS = 150;
/** Seconds a download link (gerarLinkDownloadByItemBiblioteca, linkDownloadByArquivo) stays valid. */
export const BIBLIOTECA_LINK_TTL_SECONDS = 300;
/** Seconds the preview links of a listing (arquivoLink, arquivoMiniaturaLink) stay valid. */
export const BIBLIOTECA_LINK_LISTAGEM_TTL_SECONDS = 3600;

/** Where a search result matched: its name, the text inside the file, or both. */
export const ORIGENS_BUSCA = ['NOME', 'CONTEUDO'] as const;
export type OrigemBusca = (typeof ORIGENS_BUSCA)[number];

/** The level of a permission, ordered: write includes read. */
export const NIVEL: Record<PermissaoAcessoPasta, number> = { LEITURA: 1, LEITURA_ESCRITA: 2 };

/** What the signed-in user's permission on an item (`permissoesAcessoUsuarioLogado`) lets them do. */
export const podeEscrever = (permissoes: readonly { id: string }[]) =>
  permissoes.some((p) => p.id === 'LEITURA_ESCRITA');

/** One group's permission on a folder. */
export interface TipoAcessoPasta {
  idGrupoAcesso: number;
  permissao: PermissaoAcessoPasta;
}

/** Merges the shorthand `idsGrupoAcesso` (read) into `tiposAcesso`, one entry per group at its highest level. */
export function permissoesDe(tipos: readonly TipoAcessoPasta[], idsLeitura: readonly number[] = []): TipoAcessoPasta[] {
  const nivel = new Map<number, PermissaoAcessoPasta>();
  for (const id of idsLeitura) nivel.set(id, 'LEITURA');
  for (const { idGrupoAcesso, permissao } of tipos) {
    const atual = nivel.get(idGrupoAcesso);
    if (!atual || NIVEL[permissao] > NIVEL[atual]) nivel.set(idGrupoAcesso, permissao);
  }
  return [...nivel].map(([idGrupoAcesso, permissao]) => ({ idGrupoAcesso, permissao }));
}

/** A folder id of the API as a number (the root's is PASTA_RAIZ_ID). */
export const isRaiz = (id: string | number | null | undefined) => id == null || Number(id) === PASTA_RAIZ_ID;
