import { createServer, type IncomingMessage, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/**
 * A stand-in for a Keycloak realm: discovery and keys (it is the portal's issuer here), the
 * client-credentials token endpoint and the admin API's user search, update and creation.
 */
export async function startFakeKeycloak() {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const requests: { method: string; path: string; auth?: string; body: string }[] = [];
  const users = new Map<string, Record<string, unknown>>();
  let failWrites = false;
  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => resolve(body));
    });
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://x');
    const body = await readBody(req);
    requests.push({ method: req.method!, path: url.pathname + url.search, auth: req.headers.authorization, body });
    const json = (status: number, value?: unknown) => {
      res.writeHead(status, value === undefined ? {} : { 'content-type': 'application/json' });
      res.end(value === undefined ? undefined : JSON.stringify(value));
    };
    const issuer = `${base}/realms/portal`;
    const admin = '/admin/realms/portal/users';
    const authorized = req.headers.authorization === 'Bearer admin-token';
    if (url.pathname === '/realms/portal/.well-known/openid-configuration') {
      return json(200, { issuer, jwks_uri: `${issuer}/protocol/openid-connect/certs` });
    }
    if (url.pathname === '/realms/portal/protocol/openid-connect/certs') return json(200, { keys: [jwk] });
    if (url.pathname === '/realms/portal/protocol/openid-connect/token' && req.method === 'POST') {
      const form = new URLSearchParams(body);
      const ok =
        form.get('grant_type') === 'client_credentials' &&
        form.get('client_id') === 'portal-admin' &&
        form.get('client_secret') === 's3cret';
      return ok
        ? json(200, { access_token: 'admin-token', token_type: 'Bearer' })
        : json(401, { error: 'unauthorized' });
    }
    if (!authorized) return json(401);
    if (url.pathname === admin && req.method === 'GET') {
      const email = url.searchParams.get('email');
      return json(
        200,
        [...users.values()].filter((u) => u.email === email),
      );
    }
    if (failWrites) return json(500, { error: 'boom' });
    if (url.pathname === admin && req.method === 'POST') {
      const id = `kc-${users.size + 1}`;
      users.set(id, { ...JSON.parse(body), id });
      res.writeHead(201, { location: `${base}${admin}/${id}` });
      return res.end();
    }
    const match = url.pathname.match(/^\/admin\/realms\/portal\/users\/([\w-]+)$/);
    if (match && req.method === 'PUT' && users.has(match[1])) {
      users.set(match[1], { ...users.get(match[1]), ...JSON.parse(body) });
      return json(204);
    }
    return json(404);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    base,
    requests,
    users,
    failWrites: (value: boolean) => (failWrites = value),
    /** An access token of the realm for a portal user, as Keycloak would issue it. */
    token: (email: string) =>
      new SignJWT({ email })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(`${base}/realms/portal`)
        .setSubject(email)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
