import { availableParallelism } from 'node:os';
import path from 'node:path';
import { isThemeId, THEME_IDS, type ThemeId } from '../domain/themes';

/**
 * Every setting comes from the environment; the README's configuration table lists them.
 * Defaults give a working single-process portal with embedded database and identity provider.
 */
export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  filesDir: string;
  databaseUrl?: string;
  /** External OpenID Connect issuer (e.g. a Keycloak realm); unset = embedded provider. */
  oidcIssuer: string;
  oidcClientId: string;
  /** Expected `aud` of access tokens; unset = not checked (external issuers only). */
  oidcAudience?: string;
  embeddedOidc: boolean;
  realm: string;
  logApiKey: string;
  smtpUrl?: string;
  mailFrom: string;
  /**
   * Load the demo data into a database without users: 'yes' (SEED_DEMO true), 'no', or
   * 'ifNewEmbedded' (SEED_DEMO unset without DATABASE_URL: only into a PGlite database this very
   * start creates, so `npm install && npm start` shows the demo and a real server never gets it).
   */
  seedDemo: SeedDemo;
  logLevel: string;
  serveClient: boolean;
  portalName: string;
  /** Colour theme of this client's portal, unless the `propriedades` table sets one. */
  theme: ThemeId;
  environment: string;
  trustProxy: boolean;
  /** Origins allowed by CORS (with credentials): PUBLIC_URL's and those of CORS_ORIGINS. */
  corsOrigins: string[];
  databasePoolSize: number;
  accessTokenTtl: number;
  loginRateLimit: number;
  /** Failed sign-ins of one e-mail (from any address) before it must wait. */
  loginAccountFailures: number;
  /** First wait after those failures, doubled for each further failure, up to the max. */
  loginAccountBackoffSeconds: number;
  loginAccountBackoffMaxSeconds: number;
  forgotPasswordRateLimit: number;
  /** scrypt hashes running at once in this process (each holds 128 MiB of memory). */
  passwordHashConcurrency: number;
  /** Calls per minute per address to /sendLogs and /createGroupAndLogStream. */
  logRateLimit: number;
  /** Bearer token of /metrics (Prometheus); unset = no /metrics route. */
  metricsToken?: string;
  /** Keycloak's admin REST API, used by the super-admin's identity-provider synchronisation. */
  keycloakAdmin?: KeycloakAdminConfig;
  /** Limits of one GraphQL request (server/graphql/limits.ts). */
  graphqlLimits: GraphqlLimits;
}

export interface GraphqlLimits {
  /** Largest request body of /graphql, in bytes. */
  bodyLimit: number;
  /** Most tokens (names, punctuation, values) in one query document. */
  maxTokens: number;
  /** Most aliased fields in one operation. */
  maxAliases: number;
  /** Deepest nesting of selections. */
  maxDepth: number;
  /** Highest cost (graphql-armor: 1 per scalar, 2 per object, times 1.5 per level) of one operation. */
  maxCost: number;
}

export interface KeycloakAdminConfig {
  /** The realm's admin API, e.g. https://sso.example/admin/realms/portal. */
  url: string;
  /** The realm's token endpoint (client-credentials grant), derived from `url`. */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

export type SeedDemo = 'yes' | 'no' | 'ifNewEmbedded';

export const EMBEDDED_AUDIENCE = 'portal-api';

const TRUE_WORDS = ['true', '1', 'yes'];
const FALSE_WORDS = ['false', '0', 'no'];

/** A boolean variable: true/false/1/0/yes/no (any case), the default when unset or empty. */
export function booleanOf(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean;
export function booleanOf(env: NodeJS.ProcessEnv, name: string): boolean | undefined;
export function booleanOf(env: NodeJS.ProcessEnv, name: string, fallback?: boolean): boolean | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = raw.toLowerCase();
  if (TRUE_WORDS.includes(value)) return true;
  if (FALSE_WORDS.includes(value)) return false;
  throw new Error(`${name} must be one of true, false, 1, 0, yes, no; got '${raw}'`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  const embeddedOidc = !env.OIDC_ISSUER;
  const databaseUrl = env.DATABASE_URL || undefined;
  const seedDemo = booleanOf(env, 'SEED_DEMO');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl,
    dataDir,
    filesDir: path.resolve(env.FILES_DIR ?? path.join(dataDir, 'files')),
    databaseUrl,
    oidcIssuer: (env.OIDC_ISSUER ?? `${publicUrl}/oidc`).replace(/\/$/, ''),
    oidcClientId: env.OIDC_CLIENT_ID ?? 'portal',
    oidcAudience: env.OIDC_AUDIENCE || (embeddedOidc ? EMBEDDED_AUDIENCE : undefined),
    embeddedOidc,
    realm: env.OIDC_REALM ?? 'portal',
    logApiKey: env.LOG_API_KEY ?? 'dev-log-api-key',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Portal <no-reply@portal.test>',
    seedDemo: seedDemo === undefined ? (databaseUrl ? 'no' : 'ifNewEmbedded') : seedDemo ? 'yes' : 'no',
    logLevel: env.LOG_LEVEL ?? 'info',
    serveClient: booleanOf(env, 'SERVE_CLIENT', true),
    portalName: env.PORTAL_NAME ?? 'Portal Rede',
    theme: themeOf(env.PORTAL_THEME),
    environment: env.APP_ENV ?? 'prod',
    trustProxy: booleanOf(env, 'TRUST_PROXY', false),
    corsOrigins: corsOriginsOf(publicUrl, env.CORS_ORIGINS),
    databasePoolSize: Number(env.DATABASE_POOL_SIZE ?? 10),
    accessTokenTtl: Number(env.ACCESS_TOKEN_TTL ?? 300),
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT ?? 10),
    loginAccountFailures: Number(env.LOGIN_ACCOUNT_FAILURES ?? 5),
    loginAccountBackoffSeconds: Number(env.LOGIN_ACCOUNT_BACKOFF ?? 30),
    loginAccountBackoffMaxSeconds: Number(env.LOGIN_ACCOUNT_BACKOFF_MAX ?? 900),
    forgotPasswordRateLimit: Number(env.FORGOT_PASSWORD_RATE_LIMIT ?? 5),
    passwordHashConcurrency: Number(env.PASSWORD_HASH_CONCURRENCY ?? Math.min(2, availableParallelism())),
    logRateLimit: Number(env.LOG_RATE_LIMIT ?? 60),
    metricsToken: env.METRICS_TOKEN || undefined,
    keycloakAdmin: keycloakAdminOf(env),
    graphqlLimits: {
      bodyLimit: positiveInteger(env, 'GRAPHQL_BODY_LIMIT_KB', 256) * 1024,
      maxTokens: positiveInteger(env, 'GRAPHQL_MAX_TOKENS', 1000),
      maxAliases: positiveInteger(env, 'GRAPHQL_MAX_ALIASES', 15),
      maxDepth: positiveInteger(env, 'GRAPHQL_MAX_DEPTH', 7),
      maxCost: positiveInteger(env, 'GRAPHQL_MAX_COST', 1000),
    },
  };
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`${name} must be a positive integer; got '${value}'`);
  return number;
}

/** KEYCLOAK_ADMIN_URL (the realm's admin API) with the id and secret of a service-account client. */
function keycloakAdminOf(env: NodeJS.ProcessEnv): KeycloakAdminConfig | undefined {
  const url = env.KEYCLOAK_ADMIN_URL?.replace(/\/$/, '');
  if (!url) return undefined;
  const realm = url.match(/^(https?:\/\/.+)\/admin\/realms\/([^/]+)$/);
  if (!realm) throw new Error(`KEYCLOAK_ADMIN_URL must look like https://host/admin/realms/<realm>; got '${url}'`);
  const clientId = env.KEYCLOAK_ADMIN_CLIENT_ID;
  const clientSecret = env.KEYCLOAK_ADMIN_SECRET;
  if (!clientId || !clientSecret) {
    throw new Error('KEYCLOAK_ADMIN_URL needs KEYCLOAK_ADMIN_CLIENT_ID and KEYCLOAK_ADMIN_SECRET');
  }
  return {
    url,
    tokenUrl: `${realm[1]}/realms/${realm[2]}/protocol/openid-connect/token`,
    clientId,
    clientSecret,
  };
}

/** PUBLIC_URL's origin and each origin of CORS_ORIGINS (comma-separated URLs, paths ignored). */
function corsOriginsOf(publicUrl: string, extra: string | undefined): string[] {
  const origins = [new URL(publicUrl).origin];
  for (const item of (extra ?? '').split(',')) {
    const value = item.trim();
    if (!value) continue;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new Error(`CORS_ORIGINS must list URLs such as https://admin.example; got '${value}'`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error(`CORS_ORIGINS must list http or https origins; got '${value}'`);
    }
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}

function themeOf(value: string | undefined): ThemeId {
  if (value === undefined || value === '') return 'default';
  if (!isThemeId(value)) throw new Error(`PORTAL_THEME must be one of ${THEME_IDS.join(', ')}; got '${value}'`);
  return value;
}
