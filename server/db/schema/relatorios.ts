import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { version } from './organizacao';

// Report definitions (issue #31), kept by the provider's staff on the super-admin page: the menu's
// "Reports" entries and what /relatorio/{slug} shows. EMBUTIDO frames an external report's `url`
// (with a signed token of the user's scope when `tokenAssinado`); INTERNO draws one of the portal's
// built-in reports (`interno`). Who may open it: the access rule of spec section 6 over
// `funcionalidades` and `tiposUsuario` (both empty: every signed-in user).
export const relatorios = pgTable(
  'relatorios',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    slug: text().notNull(),
    tituloPtBr: text().notNull(),
    tituloEs: text().notNull(),
    tituloEn: text().notNull(),
    tipo: text().notNull(),
    url: text(),
    tokenAssinado: boolean().notNull().default(false),
    interno: text(),
    funcionalidades: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tiposUsuario: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Order in the menu (smaller first, then by title). */
    posicao: integer().notNull().default(0),
    version: version(),
  },
  (t) => [
    uniqueIndex('relatorios_slug_key').on(t.slug),
    check(
      'relatorios_tipo_check',
      sql`(${t.tipo} = 'EMBUTIDO' and ${t.url} is not null and ${t.interno} is null)
        or (${t.tipo} = 'INTERNO' and ${t.interno} is not null and ${t.url} is null)`,
    ),
  ],
);
