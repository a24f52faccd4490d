import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { arquivos } from './arquivos';
import { documentoBusca, tsvector } from './buscaTexto';
import { gruposUsuarios } from './gruposUsuarios';
import { foldedName, version } from './organizacao';
import { usuarios } from './usuarios';

// The virtual library (issue #29): folders and files as one tree of items under a fixed root (a
// null parent), each folder's own permission list of user groups, the text found inside files (the
// full-text index, in chunks) and their thumbnails, and downloads for the reports.

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * A folder (no `arquivo_id`) or a file (an uploaded `arquivos` row, placed once). `publico` is the
 * visibility of the item's tree, kept on every item of it (a top-level folder is public when its
 * permission list has a group; below it, inherited): set when created, and for a whole subtree by
 * concederAcesso and moverItemBiblioteca.
 */
export const bibliotecaItens = pgTable(
  'biblioteca_itens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    nome: text().notNull(),
    isPasta: boolean().notNull(),
    /** Null: at the root. Removing a folder removes what is inside it (cascade). */
    pastaPaiId: integer().references((): AnyPgColumn => bibliotecaItens.id, { onDelete: 'cascade' }),
    arquivoId: integer().references(() => arquivos.id),
    proprietarioId: integer()
      .notNull()
      .references(() => usuarios.id),
    publico: boolean().notNull().default(false),
    createdAt: now(),
    updatedAt: now(),
    version: version(),
  },
  (t) => [
    // One name per folder, without case or accents ("Relatório" and "relatorio" clash); at the root,
    // one per owner: a root shared by every brand would refuse a name another brand's private folder
    // holds, and so tell it (migration 0035).
    uniqueIndex('biblioteca_itens_nome_key').on(
      sql`coalesce(${t.pastaPaiId}, 0)`,
      sql`(case when ${t.pastaPaiId} is null then ${t.proprietarioId} else 0 end)`,
      foldedName(t.nome),
    ),
    uniqueIndex('biblioteca_itens_arquivo_key').on(t.arquivoId),
    // A folder's children in the listing's order (folders and files each by folded name, then id),
    // so its page is read from the index in either direction and stops at the page's end.
    index('biblioteca_itens_pasta_pai').on(t.pastaPaiId, t.isPasta, foldedName(t.nome), t.id),
    // The latest modified files, newest first.
    index('biblioteca_itens_recentes')
      .on(t.updatedAt.desc(), t.id.desc())
      .where(sql`not ${t.isPasta}`),
    // The search by name (`fold(nome) like '%term%'`), as the users search.
    index('biblioteca_itens_nome_trgm').using('gin', sql`fold(${t.nome}) gin_trgm_ops`),
    index().on(t.proprietarioId),
    check('biblioteca_itens_pasta_ou_arquivo', sql`${t.isPasta} = (${t.arquivoId} is null)`),
    check('biblioteca_itens_arquivo_em_pasta', sql`${t.isPasta} or ${t.pastaPaiId} is not null`),
  ],
);

/** A folder's own permission list: each user group's level (LEITURA or LEITURA_ESCRITA). */
export const bibliotecaPermissoes = pgTable(
  'biblioteca_permissoes',
  {
    pastaId: integer()
      .notNull()
      .references(() => bibliotecaItens.id, { onDelete: 'cascade' }),
    grupoUsuariosId: integer()
      .notNull()
      .references(() => gruposUsuarios.id, { onDelete: 'cascade' }),
    permissao: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.pastaId, t.grupoUsuariosId] }),
    index().on(t.grupoUsuariosId, t.pastaId),
    check('biblioteca_permissoes_nivel', sql`${t.permissao} in ('LEITURA', 'LEITURA_ESCRITA')`),
  ],
);

/**
 * What the jobs made of an uploaded library file: the text extraction's state (PENDENTE, EXTRAIDO,
 * SEM_TEXTO, FALHOU) and an image's thumbnail (a key of the file store's `miniaturas` area).
 */
export const bibliotecaConteudos = pgTable('biblioteca_conteudos', {
  arquivoId: integer()
    .primaryKey()
    .references(() => arquivos.id, { onDelete: 'cascade' }),
  status: text().notNull().default('PENDENTE'),
  erro: text(),
  miniaturaChave: text(),
  updatedAt: now(),
});

/**
 * The text inside a file, in chunks of a few thousand characters: each with its full-text vector
 * (Portuguese, Spanish and English stemming, accents folded: the `biblioteca_*` text search
 * configurations of migration 0025), so a match finds its chunk and the snippet is made from that
 * chunk alone.
 */
export const bibliotecaTrechos = pgTable(
  'biblioteca_trechos',
  {
    arquivoId: integer()
      .notNull()
      .references(() => arquivos.id, { onDelete: 'cascade' }),
    ordem: integer().notNull(),
    texto: text().notNull(),
    documento: tsvector()
      .notNull()
      .generatedAlwaysAs(documentoBusca(sql`texto`)),
  },
  (t) => [
    primaryKey({ columns: [t.arquivoId, t.ordem] }),
    index('biblioteca_trechos_documento').using('gin', t.documento),
  ],
);

/** A download of a library file a user asked to be counted (linkDownloadByArquivo with registrarDownload). */
export const bibliotecaDownloads = pgTable(
  'biblioteca_downloads',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer().references(() => bibliotecaItens.id, { onDelete: 'set null' }),
    /** The file's name then (the item may be renamed or removed later). */
    nome: text().notNull(),
    tamanho: bigint({ mode: 'number' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id),
    createdAt: now(),
  },
  (t) => [index().on(t.itemId, t.createdAt), index().on(t.createdAt)],
);
