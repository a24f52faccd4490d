import { LOCALE_OF } from '../../domain/enums';
import { getStoredIdioma } from '../language';
import { semRespostaError, toHttpError, type GraphQLErrorLike } from './errors';

export interface GraphQLResult<T = Record<string, unknown>> {
  data?: T | null;
  errors?: GraphQLErrorLike[];
}

export type AccessTokenGetter = () => Promise<string | null | undefined>;

let getAccessToken: AccessTokenGetter = async () => null;

/** Called once at start-up with `authProvider.getAccessToken`, so every GraphQL call is authorised. */
export function setAccessTokenGetter(getter: AccessTokenGetter): void {
  getAccessToken = getter;
}

/** The API is served on the same origin (the dev server proxies it). */
export function graphqlEndpoint(): string {
  return new URL('/graphql', window.location.origin).href;
}

const JSON_TYPES = ['application/json', 'application/graphql-response+json'];

/**
 * POSTs one GraphQL operation with the bearer token and returns the raw `{ data, errors }`.
 * Throws an HttpError only when the answer is not a GraphQL response (network failure, proxy page).
 * Every call of the portal goes through it (graphqlRequest, the data provider), so errors map alike.
 */
export async function fetchGraphql<T = Record<string, unknown>>(
  query: string,
  variables?: Record<string, unknown>,
  init: { signal?: AbortSignal; operationName?: string } = {},
): Promise<{ result: GraphQLResult<T>; status: number }> {
  const token = await getAccessToken();
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/graphql-response+json, application/json',
    // Signed out, the API words its messages in this language (signed in, in the user's).
    'accept-language': LOCALE_OF[getStoredIdioma()],
  };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(graphqlEndpoint(), {
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables: variables ?? {}, operationName: init.operationName }),
    signal: init.signal,
  });
  const type = response.headers.get('content-type') ?? '';
  if (!JSON_TYPES.some((t) => type.includes(t))) {
    throw semRespostaError(response.status);
  }
  const result = (await response.json()) as GraphQLResult<T>;
  return { result, status: response.status };
}

/**
 * A small client for operations that are not react-admin resources (`usuarioLogado`,
 * `mudarLinguaUsuario`, `i18nLabels`, ...). Resolves with `data`; GraphQL errors become HttpError
 * exactly as in the data provider (BAD_USER_INPUT field errors, 401, 403).
 */
export async function graphqlRequest<T = Record<string, unknown>>(
  query: string,
  variables?: Record<string, unknown>,
  init: { signal?: AbortSignal } = {},
): Promise<T> {
  const { result, status } = await fetchGraphql<T>(query, variables, init);
  if (result.errors && result.errors.length > 0) throw toHttpError(result.errors, status);
  if (status >= 400 || result.data == null) {
    throw semRespostaError(status);
  }
  return result.data;
}

/** The headers of a call of the API's REST routes: the language and the bearer token. */
export async function authHeaders(): Promise<Record<string, string>> {
  const token = await getAccessToken();
  return { 'accept-language': LOCALE_OF[getStoredIdioma()], ...(token ? { authorization: `Bearer ${token}` } : {}) };
}

/** A call of one of the API's REST routes with the bearer token (a GET by default, e.g. a list export). */
export async function authorizedFetch(pathAndQuery: string, init: { method?: string } = {}): Promise<Response> {
  return fetch(new URL(pathAndQuery, window.location.origin).href, { ...init, headers: await authHeaders() });
}
