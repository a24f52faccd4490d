import sanitizeHtml from 'sanitize-html';
import {
  HTML_ALLOWED_ATTRIBUTES,
  HTML_ALLOWED_SCHEMES,
  HTML_ALLOWED_TAGS,
  HTML_IMAGE_ATTRIBUTES,
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

/** An announcement's message: the same allowlist, plus images of the portal's own store (domain/html.ts). */
const WITH_IMAGES: sanitizeHtml.IOptions = {
  ...OPTIONS,
  allowedTags: [...HTML_ALLOWED_TAGS, 'img'],
  allowedAttributes: { ...OPTIONS.allowedAttributes, img: [...HTML_IMAGE_ATTRIBUTES] },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isComunicadoImagemSrc(frame.attribs.src ?? ''),
};

/** A rich text as it may be stored: only the allowlist of domain/html.ts is kept (with images: an announcement's). */
export function sanitizeRichText(html: string, { imagens = false } = {}): string {
  return sanitizeHtml(html, imagens ? WITH_IMAGES : OPTIONS).trim();
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** A plain value for an HTML text (a placeholder's value). */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
