import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { idiomaEnum, tipoUsuarioEnum } from './enums';
import { dealers, foldedName, grupos, marcas, version } from './organizacao';
import { funcionalidades, tiposAcesso } from './produtos';
import { arquivos } from './arquivos';

const id = () => integer().primaryKey().generatedAlwaysAsIdentity();
const usuarioRef = () =>
  integer()
    .notNull()
    .references(() => usuarios.id);

export const cargos = pgTable(
  'cargos',
  {
    id: id(),
    nome: text().notNull(),
    version: version(),
  },
  (t) => [uniqueIndex('cargos_nome_fold_key').on(foldedName(t.nome))],
);

export const departamentos = pgTable(
  'departamentos',
  {
    id: id(),
    nome: text().notNull(),
    sigla: text().notNull(),
    assinatura: text(),
    version: version(),
  },
  (t) => [uniqueIndex('departamentos_nome_fold_key').on(foldedName(t.nome))],
);

export const desligamentos = pgTable(
  'desligamentos',
  {
    id: id(),
    motivo: text().notNull(),
    version: version(),
  },
  (t) => [uniqueIndex('desligamentos_motivo_fold_key').on(foldedName(t.motivo))],
);

/**
 * An audience cell: the users who share a type, effective brands, dealers and the dealer groups they
 * are named in directly (each sorted, once each), hence every scope and filter of the reports
 * (usuarioScope, a brand, a dealer group through its dealers or by name, a dealer). Written by the
 * database when a user's type or links change (migrations 0030, 0032); a cell no user is in any more
 * stays, as the deliveries counted in it do.
 */
export const audienciaCelulas = pgTable(
  'audiencia_celulas',
  {
    id: id(),
    tipo: tipoUsuarioEnum().notNull(),
    marcas: integer().array().notNull(),
    dealers: integer().array().notNull(),
    grupos: integer()
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [uniqueIndex().on(t.tipo, t.marcas, t.dealers, t.grupos)],
);

export const usuarios = pgTable(
  'usuarios',
  {
    id: id(),
    nome: text().notNull(),
    /** Always stored lower-case. */
    email: text().notNull(),
    cpf: text(),
    telefones: text().array().notNull().default([]),
    celulares: text().array().notNull().default([]),
    tipo: tipoUsuarioEnum().notNull(),
    idioma: idiomaEnum().notNull().default('PT_BR'),
    avatarLink: text(),
    /** scrypt hash (see server/auth/passwords.ts); null for accounts that sign in elsewhere. */
    senhaHash: text(),
    active: boolean().notNull().default(true),
    ativacaoEspecial: boolean().notNull().default(false),
    dataAdmissao: date(),
    emailSuperior: text(),
    desligamentoId: integer().references(() => desligamentos.id),
    dataDesligamento: date(),
    ultimoAcesso: timestamp({ withTimezone: true }),
    /** Set when the dormant-user job inactivated the account; cleared when it is activated again. */
    inativadoPorInatividade: boolean().notNull().default(false),
    /**
     * When a change of the account (name, active state) started waiting for the external identity
     * provider (Keycloak): set in the change's transaction, cleared by the job that sent it
     * (server/features/usuarios/identidade.ts). Null: nothing to send.
     */
    identidadePendenteDesde: timestamp({ withTimezone: true }),
    /** Accepts announcements by e-mail as well as in the portal (comunicados' mail job reads it). */
    aceitaEmail: boolean().notNull().default(true),
    /** When the dormant-user job last warned the user that the account is about to be inactivated. */
    avisoInatividadeEm: timestamp({ withTimezone: true }),
    /**
     * When the user's sessions were last ended ("end my sessions", a password change or reset): the
     * access tokens issued before it are refused at once, in every process (server/auth/session.ts).
     */
    sessoesEncerradasEm: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    version: version(),
    /** What the user list's search looks in (name, e-mail, CPF digits), folded as dealers.busca. */
    busca: text().generatedAlwaysAs(sql`fold(nome || chr(31) || email || chr(31) || coalesce(cpf, ''))`),
    /**
     * The brands a manufacturer's sight of this user reads (usuarioScope, server/authz/scope.ts): the
     * user's own and those of every dealer they work at, sorted, once each. Kept by the database
     * (triggers of migration 0014 on usuario_marcas, usuario_dealers and dealer_marcas); never written here.
     */
    marcasEfetivas: integer().array().notNull().default([]),
    /**
     * The user's audience cell (audienciaCelulas): their type, effective brands and dealers as one
     * id. Kept by the database (migration 0030, with marcas_efetivas); never written here.
     */
    celulaId: integer().references((): AnyPgColumn => audienciaCelulas.id),
  },
  (t) => [
    uniqueIndex().on(t.email),
    uniqueIndex()
      .on(t.cpf)
      .where(sql`${t.cpf} is not null`),
    index().on(t.tipo),
    index().on(t.nome),
    // The list's search (`busca like '%term%'`) at 100,000 users: trigrams find the matches
    // instead of folding and scanning every row (pg_trgm; PGlite loads it in server/db/client.ts).
    index('usuarios_busca_trgm').using('gin', sql`${t.busca} gin_trgm_ops`),
    // A manufacturer's list without a search counts the users it sees (18,000 of 100,000 at national
    // scale): the brand overlap of its scope through this index instead of testing every row.
    index('usuarios_marcas_efetivas_gin').using('gin', t.marcasEfetivas),
    // The list sorted by last access walks this instead of sorting every visible user.
    index().on(t.ultimoAcesso, t.id),
    // The identity job reads only the accounts waiting for it.
    index('usuarios_identidade_pendente')
      .on(t.id)
      .where(sql`${t.identidadePendenteDesde} is not null`),
  ],
);

export const usuarioMarcas = pgTable(
  'usuario_marcas',
  {
    usuarioId: usuarioRef(),
    marcaId: integer()
      .notNull()
      .references(() => marcas.id),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.marcaId] }), index().on(t.marcaId, t.usuarioId)],
);

export const usuarioGrupos = pgTable(
  'usuario_grupos',
  {
    usuarioId: usuarioRef(),
    grupoId: integer()
      .notNull()
      .references(() => grupos.id),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.grupoId] }), index().on(t.grupoId, t.usuarioId)],
);

export const usuarioDealers = pgTable(
  'usuario_dealers',
  {
    usuarioId: usuarioRef(),
    dealerId: integer()
      .notNull()
      .references(() => dealers.id),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.dealerId] }), index().on(t.dealerId, t.usuarioId)],
);

export const usuarioTiposAcesso = pgTable(
  'usuario_tipos_acesso',
  {
    usuarioId: usuarioRef(),
    tipoAcessoId: integer()
      .notNull()
      .references(() => tiposAcesso.id),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.tipoAcessoId] }), index().on(t.tipoAcessoId, t.usuarioId)],
);

export const usuarioFuncionalidades = pgTable(
  'usuario_funcionalidades',
  {
    usuarioId: usuarioRef(),
    funcionalidadeId: integer()
      .notNull()
      .references(() => funcionalidades.id),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.funcionalidadeId] })],
);

export const usuarioCargos = pgTable(
  'usuario_cargos',
  {
    id: id(),
    usuarioId: usuarioRef(),
    cargoId: integer()
      .notNull()
      .references(() => cargos.id),
    dealerId: integer()
      .notNull()
      .references(() => dealers.id),
    departamentoId: integer().references(() => departamentos.id),
    dataInicio: date().notNull(),
  },
  (t) => [index().on(t.usuarioId), index().on(t.dealerId), index().on(t.cargoId, t.usuarioId)],
);

export const onboardingVistos = pgTable(
  'onboarding_vistos',
  {
    usuarioId: usuarioRef(),
    onboardingId: text().notNull(),
    vistoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.onboardingId] })],
);

/**
 * Temporary absences of a user (issue #13): from `inicio` to `retorno` (both days included). Two
 * absences of one user never overlap: an exclusion constraint of migration 0010
 * (`ausencias_temporarias_sem_sobreposicao`, btree_gist), which drizzle cannot express.
 */
export const ausenciasTemporarias = pgTable(
  'ausencias_temporarias',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    usuarioId: usuarioRef(),
    inicio: date().notNull(),
    retorno: date().notNull(),
    /** Last day the user hands over operations (optional); after `inicio` when given. */
    fimOperacao: date(),
    motivo: text().notNull(),
    justificativa: text().notNull(),
    local: text(),
    /** The supporting document (arquivos); downloadable for 6 months after the absence's creation. */
    arquivoId: integer().references(() => arquivos.id),
    /** Who holds the user's approvals meanwhile. */
    substitutoId: integer().references(() => usuarios.id),
    autorId: usuarioRef(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    version: version(),
  },
  (t) => [
    index().on(t.usuarioId, t.inicio),
    index().on(t.arquivoId),
    index().on(t.substitutoId),
    check('ausencias_temporarias_periodo', sql`${t.retorno} >= ${t.inicio}`),
  ],
);

/**
 * Who used the portal each week (the built-in Users report, issue #31): one row per user and week
 * (the Monday, UTC) they signed in or used the API, with how many times they signed in. Written by
 * one upsert at sign-in and by the hourly last-access write; at most one row per user a week.
 */
export const usuarioAcessosSemana = pgTable(
  'usuario_acessos_semana',
  {
    semana: date().notNull(),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    /** Sign-ins that week (0: only API use, e.g. signed in through an external identity provider). */
    acessos: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.semana, t.usuarioId] }), index().on(t.usuarioId)],
);
