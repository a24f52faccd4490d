import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp, type App, type BuildOptions } from '../../server/app';
import { hashPassword } from '../../server/auth/passwords';
import { loadConfig, type Config } from '../../server/config';
import type { DbOrTx } from '../../server/db/client';
import { PORTAL_TIME_ZONE_DEFAULT } from '../../server/db/timeZone';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { VersionedTable } from '../../server/audit/write';
import { notificacaoDestinatarios } from '../../server/db/schema';
import { createUsuario, type UsuarioInput } from '../../server/db/seed/builders';
import { DEMO_PASSWORD, signIn, type GraphQLResponse } from '../oidcClient';

export {
  beginSignIn,
  CookieJar,
  DEMO_PASSWORD,
  fetchWithJar,
  gql,
  signIn,
  submitLogin,
  type GraphQLResponse,
  type Tokens,
} from '../oidcClient';

/**
 * scrypt's cost in test runs (PASSWORD_HASH_COST): a sign-in hashes in milliseconds instead of half
 * a second of CPU, which was a third of the API tests' time. The production cost is the config's
 * default, checked in server/config.test.ts; the benches keep it.
 */
export const TEST_PASSWORD_HASH_COST = '12';

export const TEST_DOWNLOAD_LINK_SECRET = 'test-download-links-secret-of-32-characters-or-more';

/**
 * Starts the whole portal on a free port for API tests: PGlite in memory, or a fresh database on
 * the PostgreSQL server of DATABASE_URL (created here and dropped by close()).
 */
export interface TestPortal extends App {
  url: string;
  config: Config;
}

/** Whether a PostgreSQL server answers at `url`. */
export async function reachable(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Where global-setup.ts left the migrated, seeded database the test portals start from. */
export const SEEDED_ARCHIVE_ENV = 'PORTAL_TEST_SEEDED_ARCHIVE';
export const SEEDED_TEMPLATE_ENV = 'PORTAL_TEST_SEEDED_TEMPLATE';

let seededArchive: Blob | undefined;
function seededPgliteArchive(): Blob | undefined {
  const file = process.env[SEEDED_ARCHIVE_ENV];
  if (file) seededArchive ??= new Blob([readFileSync(file)]);
  return seededArchive;
}

/** A new database on the server of adminUrl: empty, or a copy of `template`. */
export async function createTestDatabase(
  adminUrl: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `portal_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // The portal's pool may still be closing its sockets: killing them (force) would surface as
      // an uncaught "terminating connection" error in the closing process, so wait for them first.
      for (let waited = 0; waited < 5000; waited += 50) {
        const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
          name,
        ]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * `log`: collect the server's log lines (pino JSON) there, at LOG_LEVEL (info unless set);
 * `clientDir`: serve a front end from there. The database is a copy of the one global-setup.ts
 * migrated and seeded, unless `env` says how to seed (SEED_DEMO): then it starts empty.
 */
export async function startPortal(
  env: Record<string, string> = {},
  { log, clientDir }: { log?: string[] } & Pick<BuildOptions, 'clientDir'> = {},
): Promise<TestPortal> {
  const port = await freePort();
  const fromSeeded = !('SEED_DEMO' in env);
  const testDb = process.env.DATABASE_URL
    ? await createTestDatabase(process.env.DATABASE_URL, fromSeeded ? process.env[SEEDED_TEMPLATE_ENV] : undefined)
    : undefined;
  // Each portal its own file store unless the test names one: test files run side by side, and one
  // file's sweep (grace 0) removed what another's upload had just stored in a shared ./data/files.
  const ownFiles = 'FILES_DIR' in env ? undefined : mkdtempSync(path.join(tmpdir(), 'portal-api-files-'));
  const configEnv = {
    PORT: String(port),
    ...(ownFiles ? { FILES_DIR: ownFiles } : {}),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    SERVE_CLIENT: 'false',
    LOG_LEVEL: log ? 'info' : 'warn',
    PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST,
    // Tokens outlive a test file run on a loaded machine (a file signs in once, in its beforeAll;
    // at 300 s a slow CI run saw the matrix's last calls refused as expired). Tests of expiry set it.
    ACCESS_TOKEN_TTL: '3600',
    // One secret for every portal: download links are signed by a module of the server, which the
    // portals of one test process share (each deployment has one secret, kept or configured).
    DOWNLOAD_LINK_SECRET: TEST_DOWNLOAD_LINK_SECRET,
    // The tests sign in as the demo users: a PostgreSQL server gets them only with SEED_DEMO=true
    // (PGlite in memory is new at every start, so it gets them by default).
    ...(testDb ? { DATABASE_URL: testDb.url, SEED_DEMO: 'true' } : {}),
    ...env,
  };
  const config = loadConfig(configEnv);
  const app = await buildApp(config, {
    pgliteDir: 'memory://',
    pgliteArchive: fromSeeded ? seededPgliteArchive() : undefined,
    logger: env.LOG_LEVEL === 'debug' || Boolean(log),
    logStream: log && { write: (line: string) => void log.push(line) },
    clientDir,
  });
  await app.app.listen({ port, host: '127.0.0.1' });
  keepIdleConnectionsLonger(app.app.server);
  const portal: TestPortal = {
    ...app,
    url: `http://127.0.0.1:${port}`,
    config,
    async close() {
      await app.close();
      await testDb?.drop();
      if (ownFiles) rmSync(ownFiles, { recursive: true, force: true });
    },
  };
  configEnvs.set(portal, configEnv);
  return portal;
}

const configEnvs = new WeakMap<TestPortal, Record<string, string>>();

/**
 * The test's fetch (undici) reuses an idle connection until 1 s before the server's keep-alive
 * timeout (Node's 5 s), by a timer of 1 s resolution; on a loaded machine both timers fire late and
 * the server could close a connection as the next request went out on it (a test failed with
 * ECONNRESET after a 12 s pause between two requests). Here the server waits far longer, so the
 * client always lets a connection go first.
 */
function keepIdleConnectionsLonger(server: import('node:http').Server) {
  server.keepAliveTimeout = 120_000;
}

/**
 * Another process of the same portal (PostgreSQL only): its own pools, caches and port, on the same
 * database and behind the same public address (as behind a load balancer), so the tokens the first
 * one issues are valid here too. Sign in through the first one; close this one before it.
 */
export async function startSecondProcess(portal: TestPortal): Promise<TestPortal> {
  const env = configEnvs.get(portal);
  if (!env?.DATABASE_URL) throw new Error('a second process shares a PostgreSQL database only');
  const port = await freePort();
  const config = loadConfig({ ...env, PORT: String(port) });
  const app = await buildApp(config);
  await app.app.listen({ port, host: '127.0.0.1' });
  keepIdleConnectionsLonger(app.app.server);
  return { ...app, url: `http://127.0.0.1:${port}`, config };
}

/**
 * The day `days` from today in the portal's time zone (yyyy-mm-dd): the day the server's checks and
 * SQL read (server/db/timeZone.ts), not the test machine's, which may already be tomorrow.
 */
export const diaDoPortal = (days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: PORTAL_TIME_ZONE_DEFAULT }).format(Date.now() + days * 86_400_000);

export const DEMO = {
  super: 'super@portal.test',
  montadora: 'montadora@portal.test',
  dealer: 'dealer@portal.test',
} as const;
export const errorCode = (response: GraphQLResponse) => response.errors?.[0]?.extensions?.code;

/** The first error's field errors (BAD_USER_INPUT), by field. */
export const fieldErrors = (response: GraphQLResponse) =>
  (response.errors?.[0]?.extensions?.fieldErrors ?? {}) as Record<string, string>;

/** The recipients of a notification, read back from its rows, by id. */
export async function recipientsOf(db: DbOrTx, notificacaoId: number): Promise<number[]> {
  const rows = await db
    .select({ id: notificacaoDestinatarios.usuarioId })
    .from(notificacaoDestinatarios)
    .where(eq(notificacaoDestinatarios.notificacaoId, notificacaoId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * Creates a user (builders' createUsuario, with the demo password) and signs them in: for tests
 * that need a caller with exactly these brands, dealers and function keys.
 */
export async function signInAsNew(
  portal: TestPortal,
  input: Omit<UsuarioInput, 'senhaHash'>,
): Promise<{ id: number; token: string }> {
  const usuario = await createUsuario(portal.database.db, { ...input, senhaHash: await hashPassword(DEMO_PASSWORD) });
  return { id: usuario.id, token: (await signIn(portal, input.email)).access_token };
}

/** The version a save of this record must send back (optimistic concurrency, server/audit/write.ts). */
export async function versionOf(db: DbOrTx, table: PgTable, id: number | string): Promise<number> {
  const versioned = table as VersionedTable;
  const [row] = await db
    .select({ version: versioned.version })
    .from(versioned)
    .where(eq(versioned.id, Number(id)));
  return row.version as number;
}

/**
 * A CSV export (GET /api/exportar/{lista}?formato=csv&filtro=...) as `token`'s user gets it: the
 * answer's status and, when it is 200, its lines (the byte-order mark taken off).
 */
export async function exportarCsv(
  portal: { url: string },
  lista: string,
  filtro: Record<string, unknown>,
  token: string,
): Promise<{ status: number; linhas: string[] }> {
  const res = await fetch(
    `${portal.url}/api/exportar/${lista}?formato=csv&filtro=${encodeURIComponent(JSON.stringify(filtro))}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  const texto = await res.text();
  return {
    status: res.status,
    linhas: res.ok
      ? texto
          .replace(/^\uFEFF/, '')
          .trim()
          .split('\n')
      : [],
  };
}
