import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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
    usuarioId: integer()
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    notificacaoId: integer()
      .notNull()
      .references(() => notificacoes.id, { onDelete: 'cascade' }),
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
