import sanitizeHtml from 'sanitize-html';

/** What the service worker (server/push/sw.js) shows: a title, plain text and the link to open. */
export interface PushPayload {
  titulo: string;
  texto: string;
  link: string;
}

// A push message is at most about 4 KB once encrypted (RFC 8291): the text is cut well before.
const TITULO_MAX = 120;
const TEXTO_MAX = 400;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The notification's sanitised HTML as plain text: tags dropped, entities decoded, spaces folded. */
export function plainText(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(p|div|li|h[1-6])>|<br\s*\/?>/gi, ' '), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return text
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return NAMED[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

const cut = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

/**
 * The push of one notification to one reader: the placeholders hold the reader's own name and
 * e-mail (as on the bell), and without a link the click opens /notificacoes.
 */
export function pushPayload(
  notification: { titulo: string; texto: string; link: string | null },
  reader: { nome: string; email: string },
): PushPayload {
  const values: Record<string, string> = { nome: reader.nome, email: reader.email };
  const fill = (value: string) => value.replace(/\{(nome|email)\}/g, (_match, key: string) => values[key]!);
  return {
    titulo: cut(fill(notification.titulo), TITULO_MAX),
    texto: cut(fill(plainText(notification.texto)), TEXTO_MAX),
    link: notification.link || '/notificacoes',
  };
}
