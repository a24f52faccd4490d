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
  forgotPasswordRateLimit: number;
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
    forgotPasswordRateLimit: Number(env.FORGOT_PASSWORD_RATE_LIMIT ?? 5),
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

function themeOf(value: string | undefined): ThemeId {
  if (value === undefined || value === '') return 'default';
  if (!isThemeId(value)) throw new Error(`PORTAL_THEME must be one of ${THEME_IDS.join(', ')}; got '${value}'`);
  return value;
}
