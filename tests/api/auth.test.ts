import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { hashPassword, setPasswordHashCost, verifyPassword } from '../../server/auth/passwords';
import { usuarios } from '../../server/db/schema';
import { createUsuario } from '../../server/db/seed/builders';
import {
  beginSignIn,
  CookieJar,
  DEMO,
  DEMO_PASSWORD,
  errorCode,
  fetchWithJar,
  gql,
  signIn,
  startPortal,
  submitLogin,
  TEST_PASSWORD_HASH_COST,
  type TestPortal,
} from './portal';

let portal: TestPortal;
beforeAll(async () => {
  portal = await startPortal({ LOGIN_RATE_LIMIT: '3' });
});
afterAll(() => portal?.close());

describe('embedded OpenID Connect provider', () => {
  it('publishes discovery with PKCE S256, refresh tokens and end session', async () => {
    const discovery = await (await fetch(`${portal.url}/oidc/.well-known/openid-configuration`)).json();
    expect(discovery.issuer).toBe(`${portal.config.publicUrl}/oidc`);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.grant_types_supported).toContain('refresh_token');
    expect(discovery.end_session_endpoint).toBe(`${portal.config.publicUrl}/oidc/session/end`);
    const jwks = await (await fetch(discovery.jwks_uri)).json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256' });
    expect(jwks.keys[0].d).toBeUndefined();
  });

  it('signs a demo user in with authorization code + PKCE and issues a JWT for the API', async () => {
    const tokens = await signIn(portal, DEMO.montadora);
    const claims = decodeJwt(tokens.access_token);
    expect(claims.iss).toBe(portal.config.oidcIssuer);
    expect(claims.aud).toBe('portal-api');
    expect(claims.email).toBe(DEMO.montadora);
    expect(tokens.refresh_token).toBeTruthy();
    const idClaims = decodeJwt(tokens.id_token);
    expect(idClaims.name).toBe('Marina Montadora');
    const me = await gql<{ usuarioLogado: { email: string } }>(
      portal,
      '{ usuarioLogado { email } }',
      {},
      tokens.access_token,
    );
    expect(me.data?.usuarioLogado.email).toBe(DEMO.montadora);
  });

  it('refreshes tokens with grant_type refresh_token', async () => {
    const tokens = await signIn(portal, DEMO.dealer);
    const refreshed = await fetch(`${portal.url}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: portal.config.oidcClientId,
      }).toString(),
    });
    expect(refreshed.status).toBe(200);
    const body = await refreshed.json();
    expect(decodeJwt(body.access_token).email).toBe(DEMO.dealer);
    const me = await gql(portal, '{ usuarioLogado { id } }', {}, body.access_token);
    expect(me.errors).toBeUndefined();
  });

  it('after a replayed refresh token revokes the grant, the same browser signs in again with its password', async () => {
    const jar = new CookieJar();
    const tokens = await signIn(portal, DEMO.dealer, undefined, jar);
    const refresh = () =>
      fetch(`${portal.url}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token,
          client_id: portal.config.oidcClientId,
        }).toString(),
      });
    expect((await refresh()).status).toBe(200);
    const replayed = await refresh();
    expect(replayed.status).toBe(400);
    expect(await replayed.json()).toMatchObject({ error: 'invalid_grant' });
    // The session cookie still names the revoked grant: the password is asked for (signIn expects the
    // sign-in page), and the sign-in then reaches the callback with a code for a new grant.
    const again = await signIn(portal, DEMO.dealer, undefined, jar);
    expect(decodeJwt(again.access_token).email).toBe(DEMO.dealer);
    const me = await gql(portal, '{ usuarioLogado { id } }', {}, again.access_token);
    expect(me.errors).toBeUndefined();
  });

  it('renders the sign-in page in the language asked by ui_locales', async () => {
    const jar = new CookieJar();
    const { interactionUrl } = await beginSignIn(portal, jar, { ui_locales: 'es' });
    const page = await (await fetchWithJar(jar, interactionUrl)).text();
    expect(page).toContain('Iniciar sesión en el portal');
    expect(page).toContain('href="/olvide-contrasena"');
    const pt = await (await fetchWithJar(jar, `${interactionUrl}?lang=pt-BR`)).text();
    expect(pt).toContain('Entrar no portal');
  });

  it('refuses a wrong password with a translated message and no code', async () => {
    const jar = new CookieJar();
    const { interactionUrl } = await beginSignIn(portal, jar, { ui_locales: 'en' });
    await fetchWithJar(jar, interactionUrl);
    const response = await submitLogin(jar, interactionUrl, DEMO.super, 'wrong-password');
    expect(response.status).toBe(401);
    expect(await response.text()).toContain('Invalid e-mail or password.');
  });

  it('stores a password hashed more cheaply than configured again at the configured cost, on a good sign-in only', async () => {
    const { db } = portal.database;
    setPasswordHashCost(10);
    const cheap = await hashPassword(DEMO_PASSWORD);
    setPasswordHashCost(Number(TEST_PASSWORD_HASH_COST));
    const email = 'rehash@portal.test';
    const { id } = await createUsuario(db, { nome: 'Rehash', email, tipo: 'TECSINAPSE', senhaHash: cheap });
    const stored = async () => (await db.select().from(usuarios).where(eq(usuarios.id, id)))[0].senhaHash!;

    const jar = new CookieJar();
    const { interactionUrl } = await beginSignIn(portal, jar);
    await fetchWithJar(jar, interactionUrl);
    expect((await submitLogin(jar, interactionUrl, email, 'wrong-password')).status).toBe(401);
    expect(await stored()).toBe(cheap);

    await signIn(portal, email);
    const rehashed = await stored();
    expect(rehashed.split('$')[1]).toBe(String(2 ** Number(TEST_PASSWORD_HASH_COST)));
    expect(await verifyPassword(DEMO_PASSWORD, rehashed)).toBe(true);
    // Made at the configured cost: the next sign-in leaves it as it is.
    await signIn(portal, email);
    expect(await stored()).toBe(rehashed);
  });

  it('rate-limits repeated sign-in attempts for one account', async () => {
    const jar = new CookieJar();
    const { interactionUrl } = await beginSignIn(portal, jar, { ui_locales: 'pt-BR' });
    await fetchWithJar(jar, interactionUrl);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await submitLogin(jar, interactionUrl, 'limit@portal.test', 'x')).status);
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    const limited = await submitLogin(jar, interactionUrl, 'limit@portal.test', 'x');
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain('Muitas tentativas');
  });

  it('says the sign-in session expired for an unknown interaction', async () => {
    const response = await fetch(`${portal.url}/interaction/unknown-uid`, { headers: { 'accept-language': 'en' } });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Your sign-in session expired');
  });

  it('rejects forged, foreign and missing bearer tokens as UNAUTHENTICATED', async () => {
    const tokens = await signIn(portal, DEMO.super);
    const [header, payload] = tokens.access_token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(342)}`;
    expect(errorCode(await gql(portal, '{ usuarioLogado { id } }', {}, forged))).toBe('UNAUTHENTICATED');
    expect(errorCode(await gql(portal, '{ usuarioLogado { id } }'))).toBe('UNAUTHENTICATED');
  });

  it('ends the session at the end-session endpoint and returns to the portal', async () => {
    const jar = new CookieJar();
    const tokens = await signIn(portal, DEMO.super, undefined, jar);
    const params = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${portal.config.publicUrl}/`,
      client_id: portal.config.oidcClientId,
    });
    const confirm = await fetchWithJar(jar, `${portal.url}/oidc/session/end?${params}`);
    const html = await confirm.text();
    expect(html).toContain('op.logoutForm');
    const xsrf = html.match(/name="xsrf" value="([^"]+)"/)?.[1];
    const done = await fetchWithJar(jar, `${portal.url}/oidc/session/end/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${portal.config.publicUrl}/`);
    // The identity server no longer knows the browser: a new authorization asks for sign-in again.
    const again = await beginSignIn(portal, jar);
    expect(again.interactionUrl).toContain('/interaction/');
  });
});
