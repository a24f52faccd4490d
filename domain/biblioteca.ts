import { z } from 'zod';
import { PERMISSOES_ACESSO_PASTA, type PermissaoAcessoPasta } from './enums';
import { UPLOAD_MAX_BYTES } from './limits';
import { recordId, versionField } from './schemas/campos';
import { BUSCA_MAX_LENGTH } from './schemas/lista';

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

/** A folder or file name: required, trimmed, no control characters and no slashes (zip paths, breadcrumbs). */
export const nomeItem = z
  .string('validation.required')
  .trim()
  .min(1, 'validation.required')
  .max(BIBLIOTECA_NOME_MAX, 'validation.maxLength')
  // eslint-disable-next-line no-control-regex
  .refine((nome) => !/[\u0000-\u001f\u007f/\\]/.test(nome), 'biblioteca.validation.nomeInvalido')
  .refine((nome) => nome !== '.' && nome !== '..', 'biblioteca.validation.nomeInvalido');

/**
 * A folder id where the root is allowed: null, '' or PASTA_RAIZ_ID (0) is the root, answered as
 * null; anything else a record id.
 */
export const idPastaOuRaiz = z.preprocess(
  (value) => (value === null || value === undefined || value === '' || `${value as string}` === '0' ? null : value),
  recordId().nullable(),
);

/** A folder id that must name a folder (not the root). */
export const idPasta = recordId('validation.required');

export const tipoAcessoSchema = z.object({
  idGrupoAcesso: recordId('validation.required'),
  permissao: z.enum(PERMISSOES_ACESSO_PASTA, 'validation.required'),
});
export type TipoAcessoPasta = z.output<typeof tipoAcessoSchema>;

/** A permission list: one entry per group (a group named twice keeps its highest level). */
const tiposAcesso = z
  .array(tipoAcessoSchema)
  .max(BIBLIOTECA_GRUPOS_MAX, 'validation.maxItems')
  .nullish()
  .transform((list) => list ?? []);

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

/**
 * The new-folder form and criarNovaPasta (spec sections 3, 4, 5). At the root the visibility is
 * required: private has no groups (owner and library managers only), public at least one. Under a
 * parent the folder inherits the parent's visibility (`isPublico` may be left out; when given it
 * must match), and may add groups of its own only in a public tree.
 */
export const novaPastaSchema = z
  .object({
    nome: nomeItem,
    idPai: idPastaOuRaiz,
    isPublico: z.boolean().nullish(),
    tiposAcesso,
    idsGrupoAcesso: z
      .array(recordId())
      .max(BIBLIOTECA_GRUPOS_MAX, 'validation.maxItems')
      .nullish()
      .transform((list) => list ?? []),
  })
  .transform(({ idsGrupoAcesso, tiposAcesso, ...rest }) => ({
    ...rest,
    tiposAcesso: permissoesDe(tiposAcesso, idsGrupoAcesso),
  }))
  .superRefine((pasta, ctx) => {
    if (pasta.idPai !== null) return;
    if (pasta.isPublico == null) {
      ctx.addIssue({ code: 'custom', path: ['isPublico'], message: 'validation.required' });
    } else if (pasta.isPublico && pasta.tiposAcesso.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['tiposAcesso'], message: 'biblioteca.validation.publicaSemGrupos' });
    } else if (!pasta.isPublico && pasta.tiposAcesso.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['tiposAcesso'], message: 'biblioteca.validation.privadaComGrupos' });
    }
  });
export type NovaPastaInput = z.input<typeof novaPastaSchema>;
export type NovaPastaValues = z.output<typeof novaPastaSchema>;

/**
 * Grant access (concederAcesso): the new permission list of a top-level folder, replacing the old.
 * A non-empty list makes the folder (and its tree) public, an empty one private.
 */
export const novasPermissoesSchema = z.object({
  idPasta,
  tiposAcesso: tiposAcesso.transform((list) => permissoesDe(list)),
  version: versionField,
});
export type NovasPermissoesValues = z.output<typeof novasPermissoesSchema>;

/** One uploaded file (POST /api/upload, fileType LIBRARY) to place in a folder. */
export const uploadArquivoSchema = z.object({
  idArquivo: recordId('validation.required'),
  /** Empty: the name it was uploaded with. */
  nome: nomeItem.nullish(),
  idPastaPai: idPasta,
});

export const uploadArquivosSchema = z.object({
  arquivos: z
    .array(uploadArquivoSchema)
    .min(1, 'validation.minItems')
    .max(BIBLIOTECA_UPLOADS_MAX, 'validation.maxItems'),
});
export type UploadArquivosValues = z.output<typeof uploadArquivosSchema>;

/** An action on one item at the version the caller read (remove). */
export const itemAcaoSchema = z.object({ idItem: recordId(), version: versionField });

export const moverSchema = z.object({
  idItemBiblioteca: recordId(),
  /** The destination folder; PASTA_RAIZ_ID (or null) for the root. */
  idNovaLocalizacao: z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : `${value as string}` === '0' ? null : value),
    recordId('validation.required').nullable(),
  ),
  version: versionField,
});

export const renomearSchema = z.object({ idItemBiblioteca: recordId(), novoNome: nomeItem, version: versionField });

export const linkItemSchema = z.object({ idItemBiblioteca: recordId() });
export const linkArquivoSchema = z.object({
  idArquivo: recordId(),
  /** Count this download in the reports (a user's click, not a preview). */
  registrarDownload: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
});

/** A folder's listing: one page, folders first then by the sort field. */
export const itensPorPastaSchema = z.object({
  idPasta: idPastaOuRaiz,
  page: z.number().int('validation.integer').min(0, 'validation.min').default(0),
  rowsPerPage: z
    .number()
    .int('validation.integer')
    .min(1, 'validation.min')
    .max(BIBLIOTECA_ITENS_POR_PAGINA_MAX, 'validation.max')
    .default(BIBLIOTECA_ITENS_POR_PAGINA_PADRAO),
  sort: z
    .object({
      field: z.enum(['nome', 'ultimaModificacao', 'dataCriacao', 'tamanho'], 'validation.invalidOption'),
      order: z.enum(['ASC', 'DESC']),
    })
    .nullish(),
});
export type ItensPorPastaValues = z.output<typeof itensPorPastaSchema>;

const pagina = {
  page: z.number().int('validation.integer').min(0, 'validation.min').default(0),
  rowsPerPage: z
    .number()
    .int('validation.integer')
    .min(1, 'validation.min')
    .max(BIBLIOTECA_BUSCA_POR_PAGINA_MAX, 'validation.max')
    .default(BIBLIOTECA_ROWS_PER_PAGE_PADRAO),
};

/**
 * The library search (BuscaBibliotecaPage): by name and by the text inside the files, only what
 * the caller may read, optionally within one folder's tree.
 */
export const buscaBibliotecaSchema = z.object({
  busca: z
    .string('validation.required')
    .trim()
    .min(1, 'validation.required')
    .max(BUSCA_MAX_LENGTH, 'validation.maxLength'),
  idPasta: idPastaOuRaiz.optional(),
  ...pagina,
});
export type BuscaBibliotecaValues = z.output<typeof buscaBibliotecaSchema>;

/** The "see all" of the latest modified files. */
export const ultimosModificadosPageSchema = z.object(pagina);

export const ultimosModificadosSchema = z.object({
  quantidade: z
    .number()
    .int('validation.integer')
    .min(1, 'validation.min')
    .max(BIBLIOTECA_RECENTES_MAX, 'validation.max')
    .nullish()
    .transform((v) => v ?? BIBLIOTECA_RECENTES),
});

export const pastasEscritaSchema = z.object({
  busca: z.string().trim().max(BUSCA_MAX_LENGTH, 'validation.maxLength').nullish(),
});

/** A folder id of the API as a number (the root's is PASTA_RAIZ_ID). */
export const isRaiz = (id: string | number | null | undefined) => id == null || Number(id) === PASTA_RAIZ_ID;
