// The sign-in of a user through the portal's OpenID provider as a browser does it (authorization
// code with PKCE S256), and a GraphQL call with the token: plain fetch and nothing of the server, so
// the API tests (tests/api/portal.ts) and the journeys' seeding (tests/e2e) share it.
import { createHash, randomBytes } from 'node:crypto';

/** Where a portal answers and what its single-page client is called. */
export interface PortalAddress {
  url: string;
  config: { oidcClientId: string; publicUrl: string };
}

export const DEMO_PASSWORD = 'Portal@2026';

/** A tiny cookie jar: every cookie the server sets is sent back (names are unique in our flows). */
export class CookieJar {
  private cookies = new Map<string, string>();
  store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (value) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export async function fetchWithJar(jar: CookieJar, url: string, init: RequestInit = {}) {
  const response = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
  });
  jar.store(response);
  return response;
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  id_token: string;
  expires_in: number;
}

/** Starts the authorization-code flow with PKCE S256 and returns the sign-in page's URL. */
export async function beginSignIn(portal: PortalAddress, jar: CookieJar, extra: Record<string, string> = {}) {
  const verifier = randomBytes(48).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const params = new URLSearchParams({
    client_id: portal.config.oidcClientId,
    response_type: 'code',
    redirect_uri: `${portal.config.publicUrl}/auth/callback`,
    scope: 'openid profile email offline_access',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    ...extra,
  });
  const auth = await fetchWithJar(jar, `${portal.url}/oidc/auth?${params}`);
  const location = auth.headers.get('location');
  if (auth.status !== 303 || !location?.includes('/interaction/')) {
    throw new Error(`authorization did not lead to sign-in: ${auth.status} ${await auth.text()}`);
  }
  return { interactionUrl: new URL(location, portal.url).toString(), verifier };
}

export async function submitLogin(jar: CookieJar, interactionUrl: string, email: string, password: string) {
  return fetchWithJar(jar, `${interactionUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
}

/** The whole sign-in of a user through the embedded OpenID provider, as the browser does it. */
export async function signIn(
  portal: PortalAddress,
  email: string,
  password = DEMO_PASSWORD,
  jar = new CookieJar(),
): Promise<Tokens> {
  const { interactionUrl, verifier } = await beginSignIn(portal, jar);
  await fetchWithJar(jar, interactionUrl);
  const login = await submitLogin(jar, interactionUrl, email, password);
  if (login.status !== 303) throw new Error(`sign-in refused: ${login.status}`);
  let location = new URL(login.headers.get('location')!, portal.url).toString();
  while (!location.startsWith(`${portal.config.publicUrl}/auth/callback`)) {
    const next = await fetchWithJar(jar, location);
    const to = next.headers.get('location');
    if (!to) throw new Error(`sign-in flow stopped at ${location}: ${next.status} ${await next.text()}`);
    location = new URL(to, portal.url).toString();
  }
  const code = new URL(location).searchParams.get('code');
  if (!code) throw new Error(`no code in ${location}`);
  const token = await fetch(`${portal.url}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${portal.config.publicUrl}/auth/callback`,
      client_id: portal.config.oidcClientId,
      code_verifier: verifier,
    }).toString(),
  });
  if (!token.ok) throw new Error(`token exchange failed: ${token.status} ${await token.text()}`);
  return (await token.json()) as Tokens;
}

export interface GraphQLResponse<T = Record<string, unknown>> {
  data?: T | null;
  errors?: {
    message: string;
    extensions?: { code?: string; messageKey?: string; fieldErrors?: Record<string, string> };
  }[];
}

export async function gql<T = Record<string, unknown>>(
  portal: PortalAddress,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
  headers: Record<string, string> = {},
): Promise<GraphQLResponse<T>> {
  const response = await fetch(`${portal.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GraphQLResponse<T>;
}
