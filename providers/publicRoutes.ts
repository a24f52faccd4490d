import { LOCALE_OF, type Idioma } from '../domain/enums';

/**
 * The API's routes called before there is a session (the start-up's configuration, the password
 * pages): no token, so not through the data provider. The transport stays here (providers/).
 */

/** GETs a public JSON document (config.json, portalProperties); any failure throws. */
export async function getPublicJson(path: string, signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(new URL(path, window.location.origin).href, {
    headers: { accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return response.json();
}

/** The error body of the password routes. */
export interface PasswordRouteError {
  code?: string;
  fieldErrors?: Record<string, string>;
}

/**
 * POSTs to a password route (/api/senha/esqueci, /api/senha/redefinir) with the page's language,
 * in which the server words its field errors. Answers whether it was accepted and, on a 400, the
 * error body.
 */
export async function postPasswordRoute(
  path: '/api/senha/esqueci' | '/api/senha/redefinir',
  body: unknown,
  idioma: Idioma,
): Promise<{ ok: boolean; error: PasswordRouteError }> {
  const response = await fetch(new URL(path, window.location.origin).href, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-language': LOCALE_OF[idioma] },
    body: JSON.stringify(body),
  });
  if (response.ok || response.status !== 400) return { ok: response.ok, error: {} };
  try {
    return { ok: false, error: ((await response.json()) ?? {}) as PasswordRouteError };
  } catch {
    return { ok: false, error: {} };
  }
}
