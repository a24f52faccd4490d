import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

// Products the portal gives access to, their access types (profiles) and function keys.

const id = () => integer().primaryKey().generatedAlwaysAsIdentity();

export const produtos = pgTable('produtos', {
  id: id(),
  nome: text().notNull().unique(),
  uri: text(),
  baseUriHomolog: text(),
});

export const tiposAcesso = pgTable('tipos_acesso', {
  id: id(),
  nome: text().notNull(),
  produtoId: integer()
    .notNull()
    .references(() => produtos.id),
});

export const funcionalidades = pgTable('funcionalidades', {
  id: id(),
  chave: text().notNull().unique(),
  nome: text().notNull(),
  descricao: text(),
  produtoId: integer()
    .notNull()
    .references(() => produtos.id),
});

/** The default function keys an access type grants when selected (funcionalidadesPadrao). */
export const tipoAcessoFuncionalidades = pgTable(
  'tipo_acesso_funcionalidades',
  {
    tipoAcessoId: integer()
      .notNull()
      .references(() => tiposAcesso.id),
    funcionalidadeId: integer()
      .notNull()
      .references(() => funcionalidades.id),
  },
  (t) => [primaryKey({ columns: [t.tipoAcessoId, t.funcionalidadeId] })],
);
