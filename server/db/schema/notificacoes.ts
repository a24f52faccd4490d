import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { gruposUsuarios } from './gruposUsuarios';
import { version } from './organizacao';
import { produtos } from './produtos';
import { usuarios } from './usuarios';

// Notifications (issue #27): the text once, a row per recipient. Every feature reaches its users
// through server/features/notificacoes (`notify`), which fills the recipients with one
// INSERT ... SELECT from the audience engine.

export const notificacoes = pgTable(
  'notificacoes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    titulo: text().notNull(),
    /** Sanitised HTML (server/html.ts); may hold the placeholders of domain/html.ts, filled per reader. */
    texto: text().notNull(),
    link: text(),
    produtoId: integer().references(() => produtos.id, { onDelete: 'set null' }),
    /** What sent it: GENERICA, COMUNICADO, BIBLIOTECA, ... and that record's id. */
    origem: text().notNull(),
    origemId: integer(),
    /** Who sent it (no foreign key: it outlives its author, like the audit). */
    autorId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.createdAt), index().on(t.origem, t.origemId)],
);

export const notificacaoDestinatarios = pgTable(
  'notificacao_destinatarios',
  {
    // Both keys are checked once per statement, not by foreign keys (a check per row was most of
    // notifying 100,000 users), and a user's or notification's deletion takes its rows: the
    // triggers of migration 0031.
    usuarioId: integer().notNull(),
    notificacaoId: integer().notNull(),
    /** Seen in the bell's panel: the unread count is of the rows not seen yet. */
    visualizada: boolean().notNull().default(false),
    /** Opened (its link followed) or marked read on /notificacoes. */
    lida: boolean().notNull().default(false),
  },
  (t) => [
    // A user's newest page: notification ids grow with time, so the key orders them.
    primaryKey({ columns: [t.usuarioId, t.notificacaoId] }),
    // The unread count reads only a user's unseen rows.
    index('notificacao_destinatarios_nao_visualizadas')
      .on(t.usuarioId)
      .where(sql`not ${t.visualizada}`),
    // Pruning a notification deletes its recipients through this index.
    index().on(t.notificacaoId),
  ],
);

/**
 * A browser's Web Push subscription (spec section 3: endpoint, auth, key) of one user: the push
 * service's address for that browser and the keys its payloads are encrypted with. The endpoint
 * is the browser's: a second user subscribing on the same browser takes the row over.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    endpoint: text().notNull().unique(),
    /** The browser's authentication secret and P-256 public key (base64url), for aes128gcm. */
    auth: text().notNull(),
    p256dh: text().notNull(),
    /** What the user sees in My account: the browser's user agent (capped). */
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ultimoSucesso: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.usuarioId)],
);

/**
 * Deliveries still to make: a row per (notification, subscription) written with the
 * notification, removed once the push service took it (or the subscription is gone). A retried
 * job sends only what is left, so nobody gets a push twice.
 */
export const pushEntregas = pgTable(
  'push_entregas',
  {
    notificacaoId: integer()
      .notNull()
      .references(() => notificacoes.id, { onDelete: 'cascade' }),
    subscriptionId: integer()
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    /** Attempts that failed so far (the push service answered neither success nor gone). */
    tentativas: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.notificacaoId, t.subscriptionId] }), index().on(t.subscriptionId)],
);

// Notification models and generic notifications (/notificacoesGenericas): what their authors write;
// a sent one becomes a `notificacoes` row (origem GENERICA) through `notify`.

export const notificacoesGenericas = pgTable(
  'notificacoes_genericas',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** `modelo` (a template) or `comModelo` (a notification people receive). */
    tipo: text().notNull(),
    /** rascunho, agendada or enviada (domain/schemas/notificacaoGenerica.ts); a model stays rascunho. */
    estado: text().notNull().default('rascunho'),
    titulo: text().notNull(),
    /** Sanitised HTML; may hold {nome} and {email}, filled for each reader. */
    texto: text().notNull(),
    link: text(),
    produtoId: integer().references(() => produtos.id, { onDelete: 'set null' }),
    /** The model it was written from, and that model's version then. */
    modeloId: integer(),
    modeloVersao: integer(),
    /** When it is to be sent (scheduled) or was sent. */
    agendadoPara: timestamp({ withTimezone: true }),
    enviadaEm: timestamp({ withTimezone: true }),
    /** Who scheduled or sent it: the recipients are those their reach allows. */
    remetenteId: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    /** The notification people received, and how many did. */
    notificacaoId: integer().references(() => notificacoes.id, { onDelete: 'set null' }),
    destinatarios: integer(),
    autorId: integer().references(() => usuarios.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    version: version(),
  },
  (t) => [index().on(t.tipo, t.createdAt), index().on(t.estado, t.agendadoPara)],
);

export const notificacaoGenericaGrupos = pgTable(
  'notificacao_generica_grupos',
  {
    notificacaoGenericaId: integer()
      .notNull()
      .references(() => notificacoesGenericas.id, { onDelete: 'cascade' }),
    grupoUsuariosId: integer()
      .notNull()
      .references(() => gruposUsuarios.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.notificacaoGenericaId, t.grupoUsuariosId] })],
);

/** Every saved state of a model or notification ("Versions"): a model edited keeps its earlier texts readable. */
export const notificacaoGenericaVersoes = pgTable(
  'notificacao_generica_versoes',
  {
    notificacaoGenericaId: integer()
      .notNull()
      .references(() => notificacoesGenericas.id, { onDelete: 'cascade' }),
    versao: integer().notNull(),
    titulo: text().notNull(),
    texto: text().notNull(),
    link: text(),
    produtoId: integer(),
    autorId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.notificacaoGenericaId, t.versao] })],
);
