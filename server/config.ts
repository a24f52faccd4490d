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
  seedDemo: boolean;
  logLevel: string;
  serveClient: boolean;
  portalName: string;
  /** Colour theme of this client's portal, unless the `propriedades` table sets one. */
  theme: ThemeId;
  environment: string;
  trustProxy: boolean;
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
  /** Keycloak's admin REST API, used by the super-admin's identity-provider synchronisation. */
  keycloakAdmin?: KeycloakAdminConfig;
}

export interface KeycloakAdminConfig {
  /** The realm's admin API, e.g. https://sso.example/admin/realms/portal. */
  url: string;
  /** The realm's token endpoint (client-credentials grant), derived from `url`. */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

export const EMBEDDED_AUDIENCE = 'portal-api';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  const embeddedOidc = !env.OIDC_ISSUER;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl,
    dataDir,
    filesDir: path.resolve(env.FILES_DIR ?? path.join(dataDir, 'files')),
    databaseUrl: env.DATABASE_URL || undefined,
    oidcIssuer: (env.OIDC_ISSUER ?? `${publicUrl}/oidc`).replace(/\/$/, ''),
    oidcClientId: env.OIDC_CLIENT_ID ?? 'portal',
    oidcAudience: env.OIDC_AUDIENCE || (embeddedOidc ? EMBEDDED_AUDIENCE : undefined),
    embeddedOidc,
    realm: env.OIDC_REALM ?? 'portal',
    logApiKey: env.LOG_API_KEY ?? 'dev-log-api-key',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Portal <no-reply@portal.test>',
    seedDemo: (env.SEED_DEMO ?? 'true') !== 'false',
    logLevel: env.LOG_LEVEL ?? 'info',
    serveClient: (env.SERVE_CLIENT ?? 'true') !== 'false',
    portalName: env.PORTAL_NAME ?? 'Portal Rede',
    theme: themeOf(env.PORTAL_THEME),
    environment: env.APP_ENV ?? 'prod',
    trustProxy: env.TRUST_PROXY === 'true',
    databasePoolSize: Number(env.DATABASE_POOL_SIZE ?? 10),
    accessTokenTtl: Number(env.ACCESS_TOKEN_TTL ?? 300),
    loginRateLimit: Number(env.LOGIN_RATE_LIMIT ?? 10),
    loginAccountFailures: Number(env.LOGIN_ACCOUNT_FAILURES ?? 5),
    loginAccountBackoffSeconds: Number(env.LOGIN_ACCOUNT_BACKOFF ?? 30),
    loginAccountBackoffMaxSeconds: Number(env.LOGIN_ACCOUNT_BACKOFF_MAX ?? 900),
    forgotPasswordRateLimit: Number(env.FORGOT_PASSWORD_RATE_LIMIT ?? 5),
    passwordHashConcurrency: Number(env.PASSWORD_HASH_CONCURRENCY ?? Math.min(2, availableParallelism())),
    keycloakAdmin: keycloakAdminOf(env),
  };
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

function themeOf(value: string | undefined): ThemeId {
  if (value === undefined || value === '') return 'default';
  if (!isThemeId(value)) throw new Error(`PORTAL_THEME must be one of ${THEME_IDS.join(', ')}; got '${value}'`);
  return value;
}
