import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { usuarios } from './usuarios';

/**
 * Uploaded files kept in the file store (server/files): the store's key, what the uploader called
 * the file, its type as read from its content, size and SHA-256. Records that use a file (a
 * temporary absence's document) point here; only its uploader may attach it.
 */
export const arquivos = pgTable(
  'arquivos',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Key in the file store (`documentos/<uuid>`), never derived from the file's name. */
    chave: text().notNull().unique(),
    nome: text().notNull(),
    tipoMime: text().notNull(),
    tamanho: bigint({ mode: 'number' }).notNull(),
    sha256: text().notNull(),
    autorId: integer()
      .notNull()
      .references(() => usuarios.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.autorId)],
);
