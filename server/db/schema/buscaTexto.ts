import { sql, type SQL } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

// The portal's full-text search (migration 0025; named for the library, which came first, and used
// by announcements since 0033): accents folded by unaccent, then Portuguese, Spanish and English
// stemming, one configuration each. A document's vector holds all three; a query matches in any.

export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The vector of a text (for a generated column: `texto` an expression over the row's columns). */
export const documentoBusca = (texto: SQL) =>
  sql`to_tsvector('biblioteca_pt', ${texto}) || to_tsvector('biblioteca_es', ${texto}) || to_tsvector('biblioteca_en', ${texto})`;

/** What a user typed as a query in the three languages (websearch syntax: "quoted phrases", -word, or). */
export const consultaBusca = (texto: string) =>
  sql`(websearch_to_tsquery('biblioteca_pt', ${texto}) || websearch_to_tsquery('biblioteca_es', ${texto}) || websearch_to_tsquery('biblioteca_en', ${texto}))`;
