import { AUTH_PAGE_LOOK } from '../../domain/authPage';
import { LOCALE_OF, type Idioma } from '../../domain/enums';

/** Escapes text for HTML element and attribute content. */
export function esc(value: unknown): string {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const L = AUTH_PAGE_LOOK;
const STYLE = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
background:${L.background};font-family:${L.fontFamily};color:${L.ink}}
main{width:100%;max-width:${L.cardMaxWidthPx}px;background:#fff;border-radius:${L.cardRadiusPx}px;box-shadow:${L.cardShadow};padding:${L.cardPaddingPx}px}
h1{font-size:${L.titleSize};font-weight:500;margin:0 0 24px}label{display:block;font-size:.85rem;margin:16px 0 6px}
input{width:100%;padding:10px 12px;font-size:1rem;border:1px solid #b8c2cc;border-radius:4px}
button{margin-top:24px;width:100%;padding:11px;font-size:1rem;border:0;border-radius:4px;background:${L.primary};color:#fff;cursor:pointer}
button.secondary{background:#e3e8ee;color:${L.ink};margin-top:8px}
.error{background:#fdecea;color:#8a1c1c;padding:10px 12px;border-radius:4px;font-size:.9rem}
.info{background:#e8f4fd;color:#0b4a75;padding:10px 12px;border-radius:4px;font-size:.9rem}
nav{margin-top:20px;display:flex;justify-content:space-between;font-size:.85rem}a{color:${L.primary}}
.langs a{margin-left:8px}`;

/** A small standalone page of the identity server, in the visitor's language. */
export function page(idioma: Idioma, title: string, body: string): string {
  return `<!DOCTYPE html><html lang="${LOCALE_OF[idioma]}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${esc(title)}</title>
<style>${STYLE}</style></head><body><main><h1>${esc(title)}</h1>${body}</main></body></html>`;
}
