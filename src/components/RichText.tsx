import Box, { type BoxProps } from '@mui/material/Box';
import { createElement, Fragment, useMemo, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import {
  HTML_ALLOWED_ATTRIBUTES,
  HTML_ALLOWED_SCHEMES,
  HTML_ALLOWED_TAGS,
  HTML_IMAGE_ATTRIBUTES,
  HTML_TABLE_SPAN_MAX,
  HTML_TABLE_TAGS,
  isComunicadoImagemSrc,
} from '../../domain/html';
import { CaixaRolavel } from './CaixaRolavel';

const TAGS = new Set<string>(HTML_ALLOWED_TAGS);
const TABLE_TAGS = new Set<string>(HTML_TABLE_TAGS);
/** Table parts that hold only rows or cells: a text between those (a pasted table's new lines) is not valid there. */
const ONLY_ELEMENTS = new Set(['table', 'thead', 'tbody', 'tr']);
/** Elements whose content is not text to show: dropped whole (as sanitize-html does on the server). */
const DROPPED = new Set(['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'template', 'title', 'object']);
const VOID = new Set(['br', 'hr']);

/** An address a link may keep: a relative one, or an allowed scheme (no `javascript:`, no `//host`). */
export function isAllowedHref(href: string): boolean {
  // Browsers ignore tabs, new lines and leading controls and spaces in a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex
  const compact = href.replace(/[\u0000-\u0020]/g, '');
  if (compact.startsWith('//') || compact.startsWith('\\')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  return !scheme || (HTML_ALLOWED_SCHEMES as readonly string[]).includes(scheme[1].toLowerCase());
}

/** An announcement's image (the server keeps only those of the portal's store): its allowed attributes. */
function imagem(element: Element, key: number): ReactNode {
  const src = element.getAttribute('src') ?? '';
  if (!isComunicadoImagemSrc(src)) return null;
  const props: Record<string, string | number> = { key };
  for (const name of HTML_IMAGE_ATTRIBUTES) {
    const value = element.getAttribute(name);
    if (value !== null) props[name] = value;
  }
  return createElement('img', { ...props, alt: props.alt ?? '' });
}

/** A cell's span as the server keeps it (server/html.ts): a whole number up to HTML_TABLE_SPAN_MAX. */
function span(value: string | null): number | undefined {
  const n = value && /^\d{1,4}$/.test(value.trim()) ? Number(value) : 0;
  return n > 1 ? Math.min(n, HTML_TABLE_SPAN_MAX) : undefined;
}

/**
 * An announcement's table, scrolling sideways inside its own box when wider than the text (a phone):
 * then the box takes the keyboard's focus and a name, so arrow keys scroll it.
 */
function TabelaTexto({ children }: { children?: ReactNode }) {
  const translate = useTranslate();
  return (
    <CaixaRolavel className="rich-text-table" rotulo={translate('richText.tabela')}>
      <table>{children}</table>
    </CaixaRolavel>
  );
}

function toReact(node: Node, key: number, comunicado: boolean): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) {
    const parent = node.parentElement?.localName ?? '';
    return comunicado && ONLY_ELEMENTS.has(parent) ? null : node.textContent;
  }
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.localName;
  if (DROPPED.has(tag)) return null;
  if (tag === 'img') return comunicado ? imagem(element, key) : null;
  const children = [...element.childNodes].map((child, i) => toReact(child, i, comunicado));
  const table = comunicado && TABLE_TAGS.has(tag);
  // A tag outside the allowlist goes, its text stays.
  if (!TAGS.has(tag) && !table) return createElement(Fragment, { key }, ...children);
  if (tag === 'table') return createElement(TabelaTexto, { key }, ...children);
  const props: Record<string, string | number> = { key };
  if (tag === 'td' || tag === 'th') {
    const colSpan = span(element.getAttribute('colspan'));
    const rowSpan = span(element.getAttribute('rowspan'));
    if (colSpan) props.colSpan = colSpan;
    if (rowSpan) props.rowSpan = rowSpan;
  }
  for (const name of HTML_ALLOWED_ATTRIBUTES[tag] ?? []) {
    const value = element.getAttribute(name);
    if (value !== null) props[name] = value;
  }
  if (tag === 'a') {
    if (typeof props.href === 'string' && !isAllowedHref(props.href)) delete props.href;
    // A link opening elsewhere never hands the portal's window to the page it opens.
    if (props.target) Object.assign(props, { target: '_blank', rel: 'noopener noreferrer' });
  }
  return VOID.has(tag) ? createElement(tag, props) : createElement(tag, props, ...children);
}

/**
 * A rich text (HTML) as React elements, through the allowlist of domain/html.ts that the server
 * sanitised it to (server/html.ts): anything else is dropped again here, and no HTML string reaches
 * the page (no innerHTML). DOMParser's document is inert: nothing in it runs or loads. `comunicado`:
 * an announcement's message, whose images of the portal's store and tables are kept (as the server
 * keeps them).
 */
export function richTextNodes(html: string, { comunicado = false } = {}): ReactNode[] {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return [...body.childNodes].map((node, i) => toReact(node, i, comunicado));
}

/** A link inside rich text (the reader's and the editor's): the theme's colour, at least a 24 px target. */
export const RICH_TEXT_LINK = { color: 'primary.main', paddingBlock: '4px' } as const;

/**
 * A message's section headings (the reader's and the editor's): below the page's title, which is
 * an h5 in size (the browser's own h2 was as large, and read as a second title).
 */
export const RICH_TEXT_HEADINGS = {
  '& h2': { typography: 'h6', mt: 2, mb: 1 },
  '& h3': { typography: 'subtitle1', fontWeight: 'fontWeightBold', mt: 1.5, mb: 0.5 },
} as const;

/**
 * A table inside rich text (the reader's and the editor's): ruled cells, a header row shaded, and
 * sideways scrolling in its own box on a narrow screen instead of widening the page.
 */
export const RICH_TEXT_TABLE = {
  overflowX: 'auto',
  my: 1,
  '& table': { borderCollapse: 'collapse', minWidth: '50%' },
  '& th, & td': {
    border: 1,
    borderColor: 'divider',
    px: 1,
    py: 0.5,
    verticalAlign: 'top',
    textAlign: 'start',
    overflowWrap: 'normal',
    minWidth: '4em',
  },
  '& th': { bgcolor: 'action.hover', fontWeight: 'fontWeightMedium' },
  '& th > p, & td > p': { my: 0 },
  // An empty cell keeps a line's height, as in the editor (where ProseMirror fills it with a <br>).
  '& th:empty::before, & td:empty::before, & th > p:empty::before, & td > p:empty::before': { content: '"\\00a0"' },
} as const;

/** A rich text, rendered through the allowlist (`richTextNodes`). */
export function RichText({
  html,
  comunicado = false,
  ...props
}: { html: string; comunicado?: boolean } & Omit<BoxProps, 'children'>) {
  const nodes = useMemo(() => richTextNodes(html, { comunicado }), [html, comunicado]);
  return (
    <Box
      {...props}
      sx={[
        {
          // The portal's type and link colour (not the browser's serif and blue); a link alone on
          // its line is still a 24 px target (WCAG 2.5.8).
          fontFamily: (theme) => theme.typography.fontFamily,
          '& > :first-of-type': { mt: 0 },
          '& > :last-child': { mb: 0 },
          overflowWrap: 'anywhere',
          '& img': { maxWidth: '100%', height: 'auto' },
          '& a': RICH_TEXT_LINK,
          ...RICH_TEXT_HEADINGS,
          '& .rich-text-table': RICH_TEXT_TABLE,
        },
        ...(Array.isArray(props.sx) ? props.sx : [props.sx]),
      ]}
    >
      {nodes}
    </Box>
  );
}
