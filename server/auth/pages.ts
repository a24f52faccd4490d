import { LOCALE_OF, type Idioma } from '../../domain/enums';

/** Escapes text for HTML element and attribute content. */
export function esc(value: unknown): string {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
background:#eef1f5;font-family:Roboto,Helvetica,Arial,sans-serif;color:#1f2933}
main{width:100%;max-width:380px;background:#fff;border-radius:8px;box-shadow:0 2px 12px rgba(0,0,0,.12);padding:32px}
h1{font-size:1.35rem;font-weight:500;margin:0 0 24px}label{display:block;font-size:.85rem;margin:16px 0 6px}
input{width:100%;padding:10px 12px;font-size:1rem;border:1px solid #b8c2cc;border-radius:4px}
button{margin-top:24px;width:100%;padding:11px;font-size:1rem;border:0;border-radius:4px;background:#1565c0;color:#fff;cursor:pointer}
button.secondary{background:#e3e8ee;color:#1f2933;margin-top:8px}
.error{background:#fdecea;color:#8a1c1c;padding:10px 12px;border-radius:4px;font-size:.9rem}
.info{background:#e8f4fd;color:#0b4a75;padding:10px 12px;border-radius:4px;font-size:.9rem}
nav{margin-top:20px;display:flex;justify-content:space-between;font-size:.85rem}a{color:#1565c0}
.langs a{margin-left:8px}`;

/** A small standalone page of the identity server, in the visitor's language. */
export function page(idioma: Idioma, title: string, body: string): string {
  return `<!DOCTYPE html><html lang="${LOCALE_OF[idioma]}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${esc(title)}</title>
<style>${STYLE}</style></head><body><main><h1>${esc(title)}</h1>${body}</main></body></html>`;
}
