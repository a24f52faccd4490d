/**
 * The HTML a rich text may hold (notification texts, announcements): the server sanitises what it
 * stores to this allowlist (server/html.ts) and the browser renders through the same allowlist.
 * Anything else (scripts, styles, event handlers, iframes, `javascript:` links) is removed.
 */
export const HTML_ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'h2',
  'h3',
  'h4',
  'code',
  'pre',
  'hr',
  'span',
] as const;

/** Attributes allowed per tag. */
export const HTML_ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'target', 'rel'],
};

/**
 * An announcement's message may also hold tables (made in the editor or pasted from a spreadsheet
 * or a document), a cell spanning columns or rows; `thead` comes only from pasted HTML.
 */
export const HTML_TABLE_TAGS = ['table', 'thead', 'tbody', 'tr', 'th', 'td'] as const;
export const HTML_TABLE_CELL_ATTRIBUTES = ['colspan', 'rowspan'] as const;
/** The widest span a cell may declare (the browser's own limit is 1,000 columns). */
export const HTML_TABLE_SPAN_MAX = 100;
/**
 * The cells a message's tables may hold in all, a merged cell counting each one it covers (its
 * column span times its row span): 100 rows of 50 columns. Thousands of readers lay the message out.
 */
export const HTML_TABLE_CELLS_MAX = 5_000;

const spanOf = (attributes: string, name: string) =>
  Math.max(1, Number(new RegExp(`\\b${name}\\s*=\\s*["']?(\\d{1,4})`, 'i').exec(attributes)?.[1] ?? 1));

/** The cells of the message's tables, each merged cell counted by the cells it covers. */
export function celulasDasTabelas(html: string): number {
  let celulas = 0;
  for (const [, attributes] of html.matchAll(/<t[dh](?=[\s>/])([^>]*)>/gi))
    celulas += spanOf(attributes!, 'colspan') * spanOf(attributes!, 'rowspan');
  return celulas;
}

/** An image's width or height as stored: a whole number of pixels up to this, or nothing. */
export const HTML_IMAGE_SIZE_MAX = 4_000;

/**
 * An announcement's message may also show images of the file store (uploaded with the editor):
 * `img` with these attributes, its `src` a path of the portal under COMUNICADO_IMAGEM_PATH only.
 */
export const HTML_IMAGE_ATTRIBUTES = ['src', 'alt', 'width', 'height'] as const;
export const COMUNICADO_IMAGEM_PATH = '/api/comunicados/';
export const isComunicadoImagemSrc = (src: string) =>
  src.startsWith(COMUNICADO_IMAGEM_PATH) && /^[\w/.-]+$/.test(src) && !src.includes('..');

/** URL schemes a link may use. */
export const HTML_ALLOWED_SCHEMES = ['http', 'https', 'mailto'] as const;

/** Placeholders a notification text may hold, filled with the recipient's own values. */
export const NOTIFICACAO_PLACEHOLDERS = ['nome', 'email'] as const;
