// What the bell, its panel and /notificacoes read (server/features/notificacoes; operations in
// domain/operations.ts). Small on purpose: the bell, on every page, imports it.

/** A notification as its recipient reads it. */
export interface Notificacao {
  id: string;
  titulo: string;
  /** Sanitised HTML (render it with RichText). */
  texto: string;
  /** ISO 8601. */
  data: string;
  /** The product's name, if any. */
  produto: string | null;
  /** A portal path (`/...`) or an http(s) address. */
  link: string | null;
  /** Not seen in the panel yet. */
  recente: boolean;
  lida: boolean;
}

export interface NotificacaoPage {
  content: Notificacao[];
  totalElements: number;
}

/** react-query keys; everything under `notificacoes` is refetched after a change. */
export const NOTIFICACOES_KEY = ['notificacoes'] as const;
export const NAO_LIDAS_KEY = ['notificacoes', 'naoLidas'] as const;
export const MENU_KEY = ['notificacoes', 'menu'] as const;

/** A link of the portal itself (opened by the router), not an address elsewhere. */
export const isPortalPath = (link: string) => /^\/(?!\/)/.test(link);
