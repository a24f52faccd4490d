import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { produtos } from './produtos';

// Manufacturer brands, dealer groups (economic groups), dealers and their classification.

const id = () => integer().primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const marcas = pgTable('marcas', {
  id: id(),
  nome: text().notNull().unique(),
  descricao: text(),
  facebookId: text(),
  active: boolean().notNull().default(true),
  createdAt: createdAt(),
});

export const redesSociais = pgTable('redes_sociais', {
  id: id(),
  marcaId: integer()
    .notNull()
    .references(() => marcas.id),
  nome: text().notNull(),
  url: text().notNull(),
  /** Icon pack and icon name separated by a pipe, e.g. `fab|facebook`. */
  icone: text().notNull(),
});

export const divisoes = pgTable('divisoes', {
  id: id(),
  nome: text().notNull().unique(),
});

export const setores = pgTable('setores', {
  id: id(),
  nome: text().notNull(),
  divisaoId: integer()
    .notNull()
    .references(() => divisoes.id),
});

export const grupos = pgTable(
  'grupos',
  {
    id: id(),
    nome: text().notNull(),
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.nome)],
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
    nomeExibicao: text().notNull().unique(),
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
    /**
     * What the list's search looks in, folded (lower case, no accents; fold() and codigos_texto()
     * are in migration 0002) and computed once per write instead of once per row per search.
     * Fields are joined with U+001F so that a search never matches across two of them.
     */
    busca: text().generatedAlwaysAs(
      sql`fold(nome_exibicao || chr(31) || razao_social || chr(31) || cnpj || chr(31) || coalesce(cidade, '') || chr(31) || codigos_texto(codigos))`,
    ),
  },
  (t) => [index().on(t.active)],
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
  (t) => [primaryKey({ columns: [t.dealerId, t.marcaId] }), index().on(t.marcaId)],
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
  (t) => [primaryKey({ columns: [t.dealerId, t.grupoId] }), index().on(t.grupoId)],
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
