import { HTML_ALLOWED_SCHEMES } from '../../domain/html';

const COM_ESQUEMA = /^(https?:\/\/|mailto:)/i;
const EMAIL = /^[^\s@/:]+@[^\s@/]+\.[^\s@/]+$/;

/**
 * The address a link of the rich text editor gets from what its author typed, or null when it is
 * not one the portal keeps (domain/html.ts): `https://`, `http://` and `mailto:` as typed, a path of
 * the portal (`/comunicados`) as is, an e-mail address as `mailto:`, and a bare host (`www.a.com.br/x`)
 * as `https://`. A bare word without a dot (`teste`) is taken for a typing slip, not a host.
 */
export function enderecoDoLink(digitado: string): string | null {
  const texto = digitado.trim();
  if (!texto || /\s/.test(texto) || /^(\/[/\\]|\\)/.test(texto)) return null;
  if (texto.startsWith('/')) return texto;
  if (EMAIL.test(texto)) return `mailto:${texto}`;
  const explicito = COM_ESQUEMA.test(texto);
  const endereco = explicito ? texto : `https://${texto}`;
  let url: URL;
  try {
    url = new URL(endereco);
  } catch {
    return null;
  }
  const esquema = url.protocol.slice(0, -1).toLowerCase();
  if (!(HTML_ALLOWED_SCHEMES as readonly string[]).includes(esquema)) return null;
  if (esquema === 'mailto') return url.pathname.includes('@') ? endereco : null;
  if (!url.hostname || (!explicito && !url.hostname.includes('.'))) return null;
  return endereco;
}
