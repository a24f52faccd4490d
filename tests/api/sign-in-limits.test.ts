import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordStats } from '../../server/auth/passwords';
import { beginSignIn, CookieJar, DEMO, DEMO_PASSWORD, fetchWithJar, startPortal, type TestPortal } from './portal';

// Sign-in limits: the per-address-and-account rate limit (LOGIN_RATE_LIMIT), the per-account
// limit across addresses (LOGIN_ACCOUNT_FAILURES, with backoff) and the timing of unknown e-mails.

/** A sign-in page ready to post to, and a poster that may claim a client address. */
async function signInPage(portal: TestPortal, lang = 'pt-BR') {
  const jar = new CookieJar();
  const { interactionUrl } = await beginSignIn(portal, jar, { ui_locales: lang });
  await fetchWithJar(jar, interactionUrl);
  return (email: string, password: string, forwardedFor?: string) =>
    fetchWithJar(jar, `${interactionUrl}/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      },
      body: new URLSearchParams({ email, password }).toString(),
    });
}

describe('per address and account (default: X-Forwarded-For ignored)', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal({ LOGIN_RATE_LIMIT: '3', LOGIN_ACCOUNT_FAILURES: '100' });
  });
  afterAll(() => portal?.close());

  it('counts an e-mail padded with spaces or in other case as the same account', async () => {
    const post = await signInPage(portal);
    const statuses = [];
    for (const email of ['case@portal.test', '  case@portal.test  ', 'CASE@Portal.Test']) {
      statuses.push((await post(email, 'wrong')).status);
    }
    expect(statuses).toEqual([401, 401, 401]);
    const limited = await post(' Case@PORTAL.test ', 'wrong');
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain('Muitas tentativas');
  });

  it('ignores a spoofed X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const post = await signInPage(portal);
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push((await post('spoof@portal.test', 'wrong', `203.0.113.${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('verifies a dummy hash for an unknown e-mail, as it verifies the hash of a known one', async () => {
    const post = await signInPage(portal, 'en');
    const before = passwordStats.verifications;
    const unknown = await post('nobody-here@portal.test', 'Whatever#2026');
    expect(unknown.status).toBe(401);
    expect(passwordStats.verifications - before).toBe(1);
    const known = await post(DEMO.super, 'Whatever#2026');
    expect(known.status).toBe(401);
    expect(passwordStats.verifications - before).toBe(2);
    // Same page, same words: nothing but the e-mail tells the two apart.
    const text = (html: string) => html.replace(/value="[^"]*@portal\.test"/, '');
    expect(text(await unknown.text())).toBe(text(await known.text()));
  });
});

describe('per account across addresses (TRUST_PROXY=true)', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startPortal({
      TRUST_PROXY: 'true',
      LOGIN_RATE_LIMIT: '100',
      LOGIN_ACCOUNT_FAILURES: '3',
      LOGIN_ACCOUNT_BACKOFF: '60',
    });
  });
  afterAll(() => portal?.close());

  it('makes one account wait after repeated failures from many addresses, even with the right password', async () => {
    const post = await signInPage(portal, 'es');
    const statuses = [];
    for (let i = 1; i <= 3; i++) statuses.push((await post(DEMO.montadora, 'wrong', `198.51.100.${i}`)).status);
    expect(statuses).toEqual([401, 401, 401]);
    const limited = await post(` ${DEMO.montadora.toUpperCase()}`, 'wrong', '198.51.100.4');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await limited.text()).toContain(
      'Demasiados intentos para este correo electrónico. Espere 1 min e inténtelo de nuevo.',
    );
    const right = await post(DEMO.montadora, DEMO_PASSWORD, '198.51.100.5');
    expect(right.status).toBe(429);
  });

  it('limits an unknown e-mail exactly like a known one', async () => {
    const post = await signInPage(portal);
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push((await post('ghost@portal.test', 'wrong', `192.0.2.${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('starts afresh after a successful sign-in', async () => {
    const post = await signInPage(portal);
    expect((await post(DEMO.dealer, 'wrong', '192.0.2.10')).status).toBe(401);
    expect((await post(DEMO.dealer, 'wrong', '192.0.2.11')).status).toBe(401);
    expect((await post(DEMO.dealer, DEMO_PASSWORD, '192.0.2.12')).status).toBe(303);
    const after = await signInPage(portal);
    const statuses = [];
    for (let i = 13; i <= 16; i++) statuses.push((await after(DEMO.dealer, 'wrong', `192.0.2.${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
