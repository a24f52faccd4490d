import { sql, type SQL } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

// The portal's full-text search (migration 0025; named for the library, which came first, and used
// by announcements since 0033): accents folded by unaccent, then Portuguese, Spanish and English
// stemming, one configuration each. A document's vector holds all three; a query matches in any.

export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A sanitised HTML's text for the search (its tags taken out; the entities stay, see textoDoHtml). */
export const semMarcacao = (html: SQL) => sql`regexp_replace(${html}, '<[^>]*>', ' ', 'g')`;

const ENTIDADES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};
/**
 * A snippet of a sanitised HTML's text as a reader reads it: the entities it writes (server/html.ts)
 * back to their characters, the spaces where tags were taken out made one.
 */
export const textoDoHtml = (texto: string) =>
  texto.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (e) => ENTIDADES[e]!).replace(/\s+/g, ' ');

/**
 * Portuguese plurals in -ões, -ães and -ãos (accents or not) written as their singular in -ao, for
 * the Portuguese vector and query only. The Portuguese stemmer reads words with their accents
 * already folded (unaccent comes first), and folded it takes "informações" and "informação"
 * ('informaco', 'informaca'), "revisões" and "revisão", for different words (migration 0034).
 */
const singularEmAo = (texto: SQL) =>
  sql`regexp_replace(${texto}, '([õÕoO][eE]|[ãÃaA][eE]|[ãÃaA][oO])[sS]\\M', 'ao', 'g')`;

/** The vector of a text (for a generated column: `texto` an expression over the row's columns). */
export const documentoBusca = (texto: SQL) =>
  sql`to_tsvector('biblioteca_pt', ${singularEmAo(texto)}) || to_tsvector('biblioteca_es', ${texto}) || to_tsvector('biblioteca_en', ${texto})`;

/** What a user typed as a query in the three languages (websearch syntax: "quoted phrases", -word, or). */
export const consultaBusca = (texto: string) =>
  sql`(websearch_to_tsquery('biblioteca_pt', ${singularEmAo(sql`${texto}`)}) || websearch_to_tsquery('biblioteca_es', ${texto}) || websearch_to_tsquery('biblioteca_en', ${texto}))`;

/**
 * The query a snippet marks its words by: any word of consultaBusca's (its "and"s made "or"s, so a
 * fragment need not hold them all), and its words in -ão as the text may write them in the plural
 * (-ões, -ães, -ãos), since the snippet reads the text as written, plurals and all.
 */
export const consultaTrecho = (texto: string) => {
  const plural = (fim: string) =>
    sql`websearch_to_tsquery('biblioteca_pt', regexp_replace(${texto}, '([ãÃ][oO]|ao)\\M', ${fim}, 'g'))`;
  const todas = sql`(${consultaBusca(texto)} || ${plural('oes')} || ${plural('aes')} || ${plural('aos')})`;
  return sql`replace(${todas}::text, ' & ', ' | ')::tsquery`;
};

/** Markers of the matched words in a snippet (never in a text: extracted or sanitised text has no control characters). */
export const INICIO_DESTAQUE = '\u0002';
export const FIM_DESTAQUE = '\u0003';
const OPCOES_TRECHO = `StartSel=${INICIO_DESTAQUE}, StopSel=${FIM_DESTAQUE}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * A snippet of `texto` around the words of query `q` (ts_headline), in the first language
 * (Portuguese, Spanish, English) whose stemming marks a word, each headline made only if the one
 * before marked none. For a page's few rows only: a headline reads the whole text.
 */
export function trechoBusca(texto: SQL, q: SQL): SQL {
  const headline = (cfg: string) => sql`ts_headline(${sql.raw(`'${cfg}'`)}, ${texto}, ${q}, ${OPCOES_TRECHO})`;
  return sql`coalesce(
    (select h from (select ${headline('biblioteca_pt')} as h) x where strpos(h, ${INICIO_DESTAQUE}) > 0),
    (select h from (select ${headline('biblioteca_es')} as h) x where strpos(h, ${INICIO_DESTAQUE}) > 0),
    ${headline('biblioteca_en')})`;
}

/** A snippet cut into plain and marked parts, as the API's TrechoBusca answers it. */
export function partesDoTrecho(trecho: string): { texto: string; destaque: boolean }[] {
  const partes: { texto: string; destaque: boolean }[] = [];
  for (const [i, pedaco] of trecho.split(INICIO_DESTAQUE).entries()) {
    const [marcado, resto] = i === 0 ? [null, pedaco] : pedaco.split(FIM_DESTAQUE);
    if (marcado) partes.push({ texto: marcado, destaque: true });
    if (resto) partes.push({ texto: resto, destaque: false });
  }
  return partes;
}
