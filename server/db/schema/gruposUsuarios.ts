import { boolean, index, integer, pgTable, primaryKey, timestamp, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tipoUsuarioEnum } from './enums';
import { dealers, foldedName, grupos, marcas, setores, version } from './organizacao';
import { tiposAcesso } from './produtos';
import { cargos, usuarios } from './usuarios';

// Recipient user groups (issue #14). A group names its recipients by blocks (server/audience):
// each block's values live in a link table of their own, so a group follows the live network.

export const gruposUsuarios = pgTable(
  'grupos_usuarios',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    nome: text().notNull(),
    /** Public groups are read by everyone who sees their creator; private ones by the access lists. Fixed once saved. */
    publico: boolean().notNull().default(true),
    active: boolean().notNull().default(true),
    criadorId: integer()
      .notNull()
      .references(() => usuarios.id),
    possuiPerfil: boolean().notNull().default(false),
    possuiCargos: boolean().notNull().default(false),
    possuiSetores: boolean().notNull().default(false),
    possuiGrupos: boolean().notNull().default(false),
    possuiUsuariosManuais: boolean().notNull().default(false),
    /** Profile block: every dealer of the chosen brands instead of a list of dealers. */
    todosDealers: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    version: version(),
  },
  (t) => [uniqueIndex('grupos_usuarios_nome_fold_key').on(foldedName(t.nome)), index().on(t.criadorId)],
);

const grupoUsuariosRef = () =>
  integer()
    .notNull()
    .references(() => gruposUsuarios.id, { onDelete: 'cascade' });

/** Profile block: brands. */
export const grupoUsuariosMarcas = pgTable(
  'grupo_usuarios_marcas',
  {
    grupoUsuariosId: grupoUsuariosRef(),
    marcaId: integer()
      .notNull()
      .references(() => marcas.id),
  },
  (t) => [primaryKey({ columns: [t.grupoUsuariosId, t.marcaId] }), index().on(t.marcaId)],
);

/** Profile block: user types. */
export const grupoUsuariosTiposUsuario = pgTable(
  'grupo_usuarios_tipos_usuario',
  { grupoUsuariosId: grupoUsuariosRef(), tipo: tipoUsuarioEnum().notNull() },
  (t) => [primaryKey({ columns: [t.grupoUsuariosId, t.tipo] }), index().on(t.tipo)],
);

/** Profile block: access types (of dealer-group users). */
export const grupoUsuariosTiposAcesso = pgTable(
  'grupo_usuarios_tipos_acesso',
  {
    grupoUsuariosId: grupoUsuariosRef(),
    tipoAcessoId: integer()
      .notNull()
      .references(() => tiposAcesso.id),
  },
  (t) => [primaryKey({ columns: [t.grupoUsuariosId, t.tipoAcessoId] }), index().on(t.tipoAcessoId)],
);

/** Profile block: dealers (of dealer-group users), unless todosDealers. */
export const grupoUsuariosDealers = pgTable(
  'grupo_usuarios_dealers',
  {
    grupoUsuariosId: grupoUsuariosRef(),
    dealerId: integer()
      .notNull()
      .references(() => dealers.id),
  },
  (t) => [primaryKey({ columns: [t.grupoUsuariosId, t.dealerId] }), index().on(t.dealerId)],
);

/** Positions block. */
export const grupoUsuariosCargos = pgTable(
  'grupo_usuarios_cargos',
  {
    grupoUsuariosId: grupoUsuariosRef(),
    cargoId: integer()
      .notNull()
      .references(() => cargos.id),
  },
  (t) => [primaryKey({ columns: [t.grupoUsuariosId, t.cargoId] }), index().on(t.cargoId)],
);

/** Sectors block: users of the active dealers in these sectors. */
export const grupoUsuariosSetores = pgTable(
  'grupo_usuarios_setores',
  {
    grupoUsuariosId: grupoUsuariosRef(),
    setorId: integer()
      .notNull()
      .references(() => setores.id),
  },
  (t) => [primaryKey({ columns: [t.grupoUsuariosId, t.setorId] }), index().on(t.setorId)],
);

/** Dealer groups block: users of the groups and of their active dealers. */
export const grupoUsuariosGrupos = pgTable(
  'grupo_usuarios_grupos',
  {
    grupoUsuariosId: grupoUsuariosRef(),
    grupoId: integer()
      .notNull()
      .references(() => grupos.id),
  },
  (t) => [primaryKey({ columns: [t.grupoUsuariosId, t.grupoId] }), index().on(t.grupoId)],
);

/** Manual users block: these users, whatever the other blocks say. */
export const grupoUsuariosManuais = pgTable(
  'grupo_usuarios_manuais',
  {
    grupoUsuariosId: grupoUsuariosRef(),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id),
  },
  (t) => [primaryKey({ columns: [t.grupoUsuariosId, t.usuarioId] }), index().on(t.usuarioId)],
);

/** Users explicitly excluded from the recipients. */
export const grupoUsuariosRemovidos = pgTable(
  'grupo_usuarios_removidos',
  {
    grupoUsuariosId: grupoUsuariosRef(),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id),
  },
  (t) => [primaryKey({ columns: [t.grupoUsuariosId, t.usuarioId] }), index().on(t.usuarioId)],
);

/** Who marked the group as a favourite (listed first for them). */
export const grupoUsuariosFavoritos = pgTable(
  'grupo_usuarios_favoritos',
  {
    grupoUsuariosId: grupoUsuariosRef(),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id),
  },
  (t) => [primaryKey({ columns: [t.grupoUsuariosId, t.usuarioId] }), index().on(t.usuarioId)],
);

/** Read access list: who may see and use a private group. */
export const grupoUsuariosLeitores = pgTable(
  'grupo_usuarios_leitores',
  {
    grupoUsuariosId: grupoUsuariosRef(),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id),
  },
  (t) => [primaryKey({ columns: [t.grupoUsuariosId, t.usuarioId] }), index().on(t.usuarioId)],
);

/** Edit access list: who may change the group besides its creator. */
export const grupoUsuariosEditores = pgTable(
  'grupo_usuarios_editores',
  {
    grupoUsuariosId: grupoUsuariosRef(),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id),
  },
  (t) => [primaryKey({ columns: [t.grupoUsuariosId, t.usuarioId] }), index().on(t.usuarioId)],
);
