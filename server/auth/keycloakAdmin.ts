import type { KeycloakAdminConfig } from '../config';

/** A Keycloak admin API call answered with an unexpected status, or not answered at all. */
export class KeycloakError extends Error {}

export interface ContaPortal {
  email: string;
  nome: string;
  active: boolean;
}

const TIMEOUT_MS = 10_000;

/** Splits the portal's single name field into Keycloak's first and last names. */
export function nomes(nome: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = nome.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

async function call(url: string, init: RequestInit, expected: number[]): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new KeycloakError(`${init.method ?? 'GET'} ${url} failed: ${String(error)}`);
  }
  if (!expected.includes(response.status)) {
    const body = await response.text().catch(() => '');
    throw new KeycloakError(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${body.slice(0, 300)}`);
  }
  return response;
}

/** A token of the service-account client (client-credentials grant). */
async function adminToken(settings: KeycloakAdminConfig): Promise<string> {
  const response = await call(
    settings.tokenUrl,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
      }).toString(),
    },
    [200],
  );
  const { access_token } = (await response.json()) as { access_token?: string };
  if (!access_token) throw new KeycloakError('the token endpoint answered without an access_token');
  return access_token;
}

/**
 * Creates or updates the user's account in the Keycloak realm (username = e-mail, names, enabled =
 * active in the portal). Returns what happened.
 */
export async function syncKeycloakUser(
  settings: KeycloakAdminConfig,
  conta: ContaPortal,
): Promise<'CRIADO' | 'ATUALIZADO'> {
  const token = await adminToken(settings);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const search = new URLSearchParams({ email: conta.email, exact: 'true' });
  const found = await call(`${settings.url}/users?${search}`, { headers }, [200]);
  const existing = ((await found.json()) as { id: string; email?: string }[]).find(
    (u) => u.email?.toLowerCase() === conta.email,
  );
  const representation = {
    username: conta.email,
    email: conta.email,
    ...nomes(conta.nome),
    enabled: conta.active,
  };
  if (existing) {
    await call(
      `${settings.url}/users/${encodeURIComponent(existing.id)}`,
      { method: 'PUT', headers, body: JSON.stringify(representation) },
      [204, 200],
    );
    return 'ATUALIZADO';
  }
  await call(`${settings.url}/users`, { method: 'POST', headers, body: JSON.stringify(representation) }, [201]);
  return 'CRIADO';
}
