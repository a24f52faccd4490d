import sanitizeHtml from 'sanitize-html';
import {
  HTML_ALLOWED_ATTRIBUTES,
  HTML_ALLOWED_SCHEMES,
  HTML_ALLOWED_TAGS,
  HTML_IMAGE_ATTRIBUTES,
  HTML_IMAGE_SIZE_MAX,
  HTML_TABLE_CELL_ATTRIBUTES,
  HTML_TABLE_SPAN_MAX,
  HTML_TABLE_TAGS,
  isComunicadoImagemSrc,
} from '../domain/html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...HTML_ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(HTML_ALLOWED_ATTRIBUTES).map(([tag, attrs]) => [tag, [...attrs]]),
  ),
  allowedSchemes: [...HTML_ALLOWED_SCHEMES],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, { href, ...attribs }) => ({
      tagName,
      attribs: {
        // Placeholders are filled with the reader's own values as text, never into an address: a
        // name like `javascript:...` must not become a link.
        ...(href !== undefined && !href.includes('{') ? { href } : {}),
        ...attribs,
        // A link that opens elsewhere never hands the portal's window to the page it opens.
        ...(attribs.target ? { target: '_blank', rel: 'noopener noreferrer' } : {}),
      },
    }),
  },
};

/** An attribute's whole number of up to 4 digits, from 1 (a span, a size in pixels), or nothing. */
function inteiro(value: string | undefined): number | undefined {
  const n = /^\d{1,4}$/.test(value?.trim() ?? '') ? Number(value) : 0;
  return n >= 1 ? n : undefined;
}

/** A cell's span as a whole number from 1 to HTML_TABLE_SPAN_MAX, or nothing. */
function span(value: string | undefined): string | undefined {
  const n = inteiro(value);
  return n === undefined ? undefined : String(Math.min(n, HTML_TABLE_SPAN_MAX));
}

function cell(tagName: string, { colspan, rowspan }: sanitizeHtml.Attributes) {
  const attribs: sanitizeHtml.Attributes = {};
  const col = span(colspan);
  const row = span(rowspan);
  if (col && col !== '1') attribs.colspan = col;
  if (row && row !== '1') attribs.rowspan = row;
  return { tagName, attribs };
}

/** An image's width and height only as whole pixels up to HTML_IMAGE_SIZE_MAX (no '99999', no CSS). */
function image(tagName: string, { width, height, ...attribs }: sanitizeHtml.Attributes) {
  for (const [name, value] of [
    ['width', width],
    ['height', height],
  ] as const) {
    const n = inteiro(value);
    if (n !== undefined && n <= HTML_IMAGE_SIZE_MAX) attribs[name] = String(n);
  }
  return { tagName, attribs };
}

/**
 * An announcement's message: the same allowlist, plus images of the portal's own store and tables
 * (domain/html.ts), a cell keeping only a valid span, an image only a valid size.
 */
const ANNOUNCEMENT: sanitizeHtml.IOptions = {
  ...OPTIONS,
  allowedTags: [...HTML_ALLOWED_TAGS, 'img', ...HTML_TABLE_TAGS],
  allowedAttributes: {
    ...OPTIONS.allowedAttributes,
    img: [...HTML_IMAGE_ATTRIBUTES],
    th: [...HTML_TABLE_CELL_ATTRIBUTES],
    td: [...HTML_TABLE_CELL_ATTRIBUTES],
  },
  transformTags: { ...OPTIONS.transformTags, th: cell, td: cell, img: image },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isComunicadoImagemSrc(frame.attribs.src ?? ''),
};

/** A rich text as it may be stored: only the allowlist of domain/html.ts is kept (an announcement's: with images and tables). */
export function sanitizeRichText(html: string, { comunicado = false } = {}): string {
  return sanitizeHtml(html, comunicado ? ANNOUNCEMENT : OPTIONS).trim();
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** A plain value for an HTML text (a placeholder's value). */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
