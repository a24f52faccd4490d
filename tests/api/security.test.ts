import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_REQUEST_MAX_BYTES } from '../../domain/limits';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { cargos, logEventos, usuarios } from '../../server/db/schema';
import { CookieJar, DEMO, fetchWithJar, beginSignIn, signIn, startPortal, type TestPortal } from './portal';

// Security headers, CORS, log shipping and export escaping, through real HTTP.

const FOREIGN = 'https://evil.example';
const EXTRA = 'https://admin.example';

let portal: TestPortal;
let clientDir: string;
let token: string;

beforeAll(async () => {
  // A stand-in for the built front end (dist/): the shell and one hashed asset.
  clientDir = mkdtempSync(path.join(tmpdir(), 'portal-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script></head><body></body></html>',
  );
  writeFileSync(path.join(clientDir, 'assets', 'index-abc.js'), 'console.log(1);');
  portal = await startPortal(
    {
      SERVE_CLIENT: 'true',
      LOG_API_KEY: 'server-key',
      LOG_RATE_LIMIT: '5',
      CORS_ORIGINS: `${EXTRA}/`,
      // Each test says which address it comes from (X-Forwarded-For): the log rate limit is per address.
      TRUST_PROXY: 'true',
    },
    { clientDir },
  );
  token = (await signIn(portal, DEMO.super)).access_token;
});
afterAll(async () => {
  await portal?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

function directives(response: Response): Map<string, string[]> {
  const csp = response.headers.get('content-security-policy');
  expect(csp, `no CSP on ${response.url}`).toBeTruthy();
  return new Map(
    csp!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );
}

/** The headers every answer carries (over http: no HSTS). */
function expectSecurityHeaders(response: Response) {
  const csp = directives(response);
  const scriptSrc = csp.get('script-src') ?? csp.get('default-src');
  expect(scriptSrc).toEqual(["'self'"]);
  expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.has('upgrade-insecure-requests')).toBe(false);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
  expect(response.headers.get('referrer-policy')).toBe('same-origin');
  expect(response.headers.get('strict-transport-security')).toBeNull();
}

describe('security headers', () => {
  it('are on the app shell, its assets and a client route', async () => {
    const shell = await fetch(`${portal.url}/`);
    expect(shell.status).toBe(200);
    expect(await shell.text()).toContain('/assets/index-abc.js');
    expectSecurityHeaders(shell);
    expectSecurityHeaders(await fetch(`${portal.url}/assets/index-abc.js`));
    const route = await fetch(`${portal.url}/dealers/12`, { headers: { accept: 'text/html' } });
    expect(route.status).toBe(200);
    expectSecurityHeaders(route);
  });

  it('are on /graphql, /config.json and /portalProperties', async () => {
    const graphql = await fetch(`${portal.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: '{ usuarioLogado { id } }' }),
    });
    expect(graphql.status).toBe(200);
    expectSecurityHeaders(graphql);
    expectSecurityHeaders(await fetch(`${portal.url}/config.json`));
    expectSecurityHeaders(await fetch(`${portal.url}/portalProperties`));
  });

  it("are on the sign-in page and oidc-provider's own answers", async () => {
    const jar = new CookieJar();
    const discovery = await fetch(`${portal.url}/oidc/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    expectSecurityHeaders(discovery);
    const { interactionUrl } = await beginSignIn(portal, jar);
    const signInPage = await fetchWithJar(jar, interactionUrl);
    expect(signInPage.status).toBe(200);
    expectSecurityHeaders(signInPage);
    expect(await signInPage.text()).not.toMatch(/<script/i);
    // A redirect of the authorization endpoint (a hijacked raw answer).
    const authorize = await fetchWithJar(jar, `${portal.url}/oidc/auth?client_id=portal`);
    expectSecurityHeaders(authorize);
  });

  it('let the sign-out confirmation submit itself with an external script, no inline one', async () => {
    const jar = new CookieJar();
    const tokens = await signIn(portal, DEMO.montadora, undefined, jar);
    const params = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${portal.config.publicUrl}/`,
    });
    const end = await fetchWithJar(jar, `${portal.url}/oidc/session/end?${params}`);
    expect(end.status).toBe(200);
    expectSecurityHeaders(end);
    const html = await end.text();
    expect(html).toContain('id="op.logoutForm"');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.map(([, attributes, body]) => [attributes.match(/src="([^"]+)"/)?.[1], body.trim()])).toEqual([
      ['/auth/sign-out.js', ''],
    ]);
    const script = await fetch(`${portal.url}/auth/sign-out.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain("getElementById('op.logoutForm').submit()");
    expectSecurityHeaders(script);
  });

  it('add HSTS and upgrade-insecure-requests only when PUBLIC_URL is https', async () => {
    const https = await startPortal({ PUBLIC_URL: 'https://portal.example', SEED_DEMO: 'false' });
    try {
      for (const response of [
        await fetch(`${https.url}/config.json`),
        await fetch(`${https.url}/oidc/.well-known/openid-configuration`),
      ]) {
        expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000');
        expect(directives(response).has('upgrade-insecure-requests')).toBe(true);
        expect(directives(response).get('frame-ancestors')).toEqual(["'none'"]);
      }
    } finally {
      await https.close();
    }
  });
});

describe('CORS', () => {
  const withOrigin = (origin: string, init: RequestInit = {}) =>
    fetch(`${portal.url}/graphql`, {
      method: 'POST',
      ...init,
      headers: { 'content-type': 'application/json', origin, ...(init.headers as Record<string, string>) },
      body: init.method === 'OPTIONS' ? undefined : JSON.stringify({ query: '{ __typename }' }),
    });

  it("allows PUBLIC_URL's origin and a configured extra one, with credentials", async () => {
    for (const origin of [new URL(portal.config.publicUrl).origin, EXTRA]) {
      const response = await withOrigin(origin);
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
      expect(response.headers.get('access-control-allow-credentials')).toBe('true');
      expect(response.headers.get('vary')).toMatch(/origin/i);
      const preflight = await withOrigin(origin, {
        method: 'OPTIONS',
        headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    }
  });

  it('never allows a foreign origin, on the API, the preflight or /config.json', async () => {
    expect((await withOrigin(FOREIGN)).headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await withOrigin(FOREIGN, {
      method: 'OPTIONS',
      headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const config = await fetch(`${portal.url}/config.json`, { headers: { origin: FOREIGN } });
    expect(config.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('client log shipping', () => {
  const stream = { logGroupName: 'portal-logs-prod', logStreamName: 'prod-2026-11-24' };
  const send = (from: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${portal.url}/sendLogs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const entry = (message: string) => ({ ...stream, logs: [{ type: 'error', message }] });

  it('publishes no log API key to browsers', async () => {
    const text = await (await fetch(`${portal.url}/config.json`)).text();
    expect(text).not.toContain('server-key');
    expect(JSON.parse(text).properties).not.toHaveProperty('logApiKey');
  });

  it("takes a signed-in user's bearer token, and the api-key of non-browser callers", async () => {
    const created = await fetch(`${portal.url}/createGroupAndLogStream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.0.0.1', authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...stream, tags: { appVersion: '2.15.1' } }),
    });
    expect(created.status).toBe(201);
    expect((await send('10.0.0.1', entry('from the browser'), { authorization: `Bearer ${token}` })).status).toBe(202);
    expect((await send('10.0.0.1', entry('from a service'), { 'api-key': 'server-key' })).status).toBe(202);
    const messages = (await portal.database.db.select().from(logEventos)).map((e) => e.mensagem);
    expect(messages).toEqual(expect.arrayContaining(['from the browser', 'from a service']));
  });

  it('refuses a call without key or token, or with a bad one, storing nothing', async () => {
    const before = (await portal.database.db.select().from(logEventos)).length;
    const none = await send('10.0.0.2', entry('anonymous'), { 'accept-language': 'en' });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await send('10.0.0.2', entry('forged'), { authorization: 'Bearer not.a.token' })).status).toBe(401);
    expect((await send('10.0.0.2', entry('old key'), { 'api-key': 'dev-log-api-key' })).status).toBe(401);
    expect(await portal.database.db.select().from(logEventos)).toHaveLength(before);
  });

  it('refuses a body over the limit with 413', async () => {
    const body = JSON.stringify(entry('x'.repeat(LOG_REQUEST_MAX_BYTES)));
    const response = await send('10.0.0.3', body, { authorization: `Bearer ${token}` });
    expect(response.status).toBe(413);
    const stream = await fetch(`${portal.url}/createGroupAndLogStream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.0.0.3', 'api-key': 'server-key' },
      body: JSON.stringify({ logGroupName: 'g', logStreamName: 's', tags: { big: 'y'.repeat(LOG_REQUEST_MAX_BYTES) } }),
    });
    expect(stream.status).toBe(413);
  });

  it('refuses more calls than LOG_RATE_LIMIT per minute from one address with 429, not from another', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await send('10.0.0.4', entry(`burst ${i}`), { authorization: `Bearer ${token}` })).status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    // Even with the right key: the limit counts calls, whoever makes them.
    expect((await send('10.0.0.4', entry('keyed'), { 'api-key': 'server-key' })).status).toBe(429);
    expect((await send('10.0.0.5', entry('elsewhere'), { authorization: `Bearer ${token}` })).status).toBe(202);
  });
});

describe('export escaping', () => {
  const TRICKY = ['=1+2', '+SUM(1;2)', '-3+4', '@A1', '\tTAB', '\rRETURN'];

  beforeAll(async () => {
    await portal.database.db.insert(cargos).values([...TRICKY, 'Plain name'].map((nome) => ({ nome })));
  });

  const exportar = (formato: string) =>
    fetch(`${portal.url}/api/exportar/cargos?formato=${formato}`, { headers: { authorization: `Bearer ${token}` } });

  it('prefixes a formula-looking text with a single quote in CSV', async () => {
    const response = await exportar('csv');
    expect(response.status).toBe(200);
    const csv = await response.text();
    for (const nome of TRICKY) expect(csv).toContain(`'${nome}`);
    expect(csv).toContain('\nPlain name');
    expect(csv).not.toContain("'Plain name");
    // No field (unquoted or quoted) starts with a formula character.
    expect(csv.replace(/^\uFEFF/, '')).not.toMatch(/(^|[\n;])"?[=+\-@]/);
  });

  it('prefixes a formula-looking text with a single quote in XLSX', async () => {
    const response = await exportar('xlsx');
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const values = (workbook.worksheets[0].getColumn(1).values as unknown[]).slice(2).map(String);
    // XML reading turns a carriage return into a line feed.
    for (const nome of TRICKY) expect(values).toContain(`'${nome.replace(/\r/g, '\n')}`);
    expect(values).toContain('Plain name');
    expect(values.filter((v) => /^[=+\-@\t\r]/.test(v))).toEqual([]);
  });
});

describe('the demo seed', () => {
  it('is not loaded into a PostgreSQL server unless SEED_DEMO=true', async ({ skip }) => {
    if (!process.env.DATABASE_URL) skip('needs DATABASE_URL (a PostgreSQL server)');
    const server = await startPortal({ SEED_DEMO: '' });
    try {
      expect(server.config.seedDemo).toBe('no');
      expect(await server.database.db.select().from(usuarios)).toEqual([]);
    } finally {
      await server.close();
    }
  });

  // Three cold starts of an embedded database (each migrates it): over 30 s on a loaded machine.
  it(
    'is loaded into the embedded database this start creates, and not into an existing one',
    { timeout: 120_000 },
    async ({ skip }) => {
      if (process.env.DATABASE_URL) skip('the PostgreSQL run has no embedded database');
      expect(portal.config.seedDemo).toBe('ifNewEmbedded');
      expect((await portal.database.db.select().from(usuarios)).length).toBeGreaterThan(0);
      const dir = mkdtempSync(path.join(tmpdir(), 'portal-pgdata-'));
      try {
        const usersAfterStart = async (env: Record<string, string>) => {
          const app = await buildApp(loadConfig({ ...env, SERVE_CLIENT: 'false' }), { pgliteDir: dir, logger: false });
          try {
            return (await app.database.db.select().from(usuarios)).length;
          } finally {
            await app.close();
          }
        };
        // Created without the demo; a later start with SEED_DEMO unset leaves it without.
        expect(await usersAfterStart({ SEED_DEMO: 'no' })).toBe(0);
        expect(await usersAfterStart({})).toBe(0);
        expect(await usersAfterStart({ SEED_DEMO: 'YES' })).toBeGreaterThan(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
