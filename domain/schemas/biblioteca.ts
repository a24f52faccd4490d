import { z } from 'zod';
import {
  BIBLIOTECA_BUSCA_POR_PAGINA_MAX,
  BIBLIOTECA_GRUPOS_MAX,
  BIBLIOTECA_ITENS_POR_PAGINA_MAX,
  BIBLIOTECA_ITENS_POR_PAGINA_PADRAO,
  BIBLIOTECA_NOME_MAX,
  BIBLIOTECA_RECENTES_MAX,
  BIBLIOTECA_UPLOADS_MAX,
  PERMISSOES_ACESSO_PASTA,
  BIBLIOTECA_ROWS_PER_PAGE_PADRAO,
  BIBLIOTECA_RECENTES,
  permissoesDe,
} from '../biblioteca';
import { recordId, versionField } from './campos';
import { BUSCA_MAX_LENGTH } from './lista';

// The virtual library's inputs (issue #29), validated alike by the server and the forms; the
// constants and rules they read are in domain/biblioteca.ts, which the home page imports without zod.

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

/** A permission list: one entry per group (a group named twice keeps its highest level). */
const tiposAcesso = z
  .array(tipoAcessoSchema)
  .max(BIBLIOTECA_GRUPOS_MAX, 'validation.maxItems')
  .nullish()
  .transform((list) => list ?? []);

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
