import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { produtos } from './produtos';

// Manufacturer brands, dealer groups (economic groups), dealers and their classification.

const id = () => integer().primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
/** Optimistic concurrency: bumped by every write (server/audit/write.ts); a save names the version it read. */
export const version = () => integer().notNull().default(1);
/** Names are unique without case or accents (fold() is in migration 0001). */
export const foldedName = (column: AnyPgColumn) => sql`fold(${column})`;

export const marcas = pgTable(
  'marcas',
  {
    id: id(),
    nome: text().notNull(),
    descricao: text(),
    facebookId: text(),
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [uniqueIndex('marcas_nome_fold_key').on(foldedName(t.nome))],
);

export const redesSociais = pgTable(
  'redes_sociais',
  {
    id: id(),
    marcaId: integer()
      .notNull()
      .references(() => marcas.id),
    nome: text().notNull(),
    url: text().notNull(),
    /** Icon pack and icon name separated by a pipe, e.g. `fab|facebook`. */
    icone: text().notNull(),
    version: version(),
  },
  (t) => [uniqueIndex('redes_sociais_nome_fold_key').on(t.marcaId, foldedName(t.nome))],
);

export const divisoes = pgTable(
  'divisoes',
  {
    id: id(),
    nome: text().notNull(),
    version: version(),
  },
  (t) => [uniqueIndex('divisoes_nome_fold_key').on(foldedName(t.nome))],
);

export const setores = pgTable(
  'setores',
  {
    id: id(),
    nome: text().notNull(),
    divisaoId: integer()
      .notNull()
      .references(() => divisoes.id),
    version: version(),
  },
  (t) => [uniqueIndex('setores_nome_fold_key').on(t.divisaoId, foldedName(t.nome))],
);

export const grupos = pgTable(
  'grupos',
  {
    id: id(),
    nome: text().notNull(),
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [index().on(t.nome), uniqueIndex('grupos_nome_fold_key').on(foldedName(t.nome))],
);

export const grupoMarcas = pgTable(
  'grupo_marcas',
  {
    grupoId: integer()
      .notNull()
      .references(() => grupos.id),
    marcaId: integer()
      .notNull()
      .references(() => marcas.id),
  },
  (t) => [primaryKey({ columns: [t.grupoId, t.marcaId] }), index().on(t.marcaId)],
);

export const dealers = pgTable(
  'dealers',
  {
    id: id(),
    nomeExibicao: text().notNull(),
    razaoSocial: text().notNull(),
    cnpj: text().notNull().unique(),
    cnpjsAdicionais: text().array().notNull().default([]),
    codigos: text().array().notNull().default([]),
    divisaoId: integer().references(() => divisoes.id),
    setorId: integer().references(() => setores.id),
    telefones: text().array().notNull().default([]),
    celulares: text().array().notNull().default([]),
    logradouro: text(),
    complemento: text(),
    bairro: text(),
    cidade: text(),
    estado: text(),
    cep: text(),
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
    version: version(),
    /**
     * What the list's search looks in, folded (lower case, no accents; fold() and codigos_texto()
     * are in migration 0002) and computed once per write instead of once per row per search.
     * Fields are joined with U+001F so that a search never matches across two of them.
     */
    busca: text().generatedAlwaysAs(
      sql`fold(nome_exibicao || chr(31) || razao_social || chr(31) || cnpj || chr(31) || coalesce(cidade, '') || chr(31) || codigos_texto(codigos))`,
    ),
  },
  (t) => [uniqueIndex('dealers_nome_exibicao_fold_key').on(foldedName(t.nomeExibicao))],
);

/**
 * Every CNPJ of every dealer, main and additional, kept by a trigger on dealers (migration 0004):
 * its primary key is what makes a CNPJ belong to one dealer only, also under concurrent saves.
 */
export const dealerCnpjs = pgTable(
  'dealer_cnpjs',
  {
    cnpj: text().primaryKey(),
    dealerId: integer()
      .notNull()
      .references(() => dealers.id, { onDelete: 'cascade' }),
  },
  (t) => [index().on(t.dealerId)],
);

export const dealerMarcas = pgTable(
  'dealer_marcas',
  {
    dealerId: integer()
      .notNull()
      .references(() => dealers.id),
    marcaId: integer()
      .notNull()
      .references(() => marcas.id),
  },
  (t) => [primaryKey({ columns: [t.dealerId, t.marcaId] }), index().on(t.marcaId, t.dealerId)],
);

export const dealerGrupos = pgTable(
  'dealer_grupos',
  {
    dealerId: integer()
      .notNull()
      .references(() => dealers.id),
    grupoId: integer()
      .notNull()
      .references(() => grupos.id),
  },
  (t) => [primaryKey({ columns: [t.dealerId, t.grupoId] }), index().on(t.grupoId, t.dealerId)],
);

/** A dealer's complementary data: the URI of each product the dealer uses (dadosComplementares). */
export const dealerProdutos = pgTable(
  'dealer_produtos',
  {
    dealerId: integer()
      .notNull()
      .references(() => dealers.id),
    produtoId: integer()
      .notNull()
      .references(() => produtos.id),
    uri: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.dealerId, t.produtoId] })],
);
