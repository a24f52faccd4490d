import { availableParallelism } from 'node:os';
import path from 'node:path';
import { CronExpressionParser } from 'cron-parser';
import { z } from 'zod';
import { MB } from '../domain/limits';
import { THEME_IDS, type ThemeId } from '../domain/themes';
import { MIN_PRODUCTION_HASH_COST } from './auth/passwords';
import { isTimeZone, PORTAL_TIME_ZONE_DEFAULT } from './db/timeZone';
import type { S3Options } from './files/s3';

/**
 * Every setting comes from the environment; the README's configuration table lists them.
 * Defaults give a working single-process portal with embedded database and identity provider.
 */
export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** Uploaded files on the disk; with the object store, only scratch files (server/files). */
  filesDir: string;
  /** Where files are kept: the disk under filesDir, or an S3-compatible object store when `s3` is set. */
  storage: { s3?: S3Options };
  /** Secret of signed download links (server/files/links.ts); unset: generated once, kept in the database. */
  downloadLinkSecret?: string;
  databaseUrl?: string;
  /** External OpenID Connect issuer (e.g. a Keycloak realm); unset = embedded provider. */
  oidcIssuer: string;
  oidcClientId: string;
  /** Expected `aud` of access tokens; unset = not checked (external issuers only). */
  oidcAudience?: string;
  embeddedOidc: boolean;
  /** The database sessions' time zone (IANA): where a report's or a filter's day begins and ends. */
  timeZone: string;
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
  /** `auto`: text when stdout is a terminal, JSON otherwise (logFormatOf). */
  logFormat: 'auto' | 'json' | 'pretty';
  serveClient: boolean;
  portalName: string;
  /** Colour theme of this client's portal, unless the `propriedades` table sets one. */
  theme: ThemeId;
  environment: string;
  trustProxy: boolean;
  /** Origins allowed by CORS (with credentials): PUBLIC_URL's and those of CORS_ORIGINS. */
  corsOrigins: string[];
  /** Origins whose reports the portal may show in a frame (REPORT_FRAME_ORIGINS): the CSP's frame-src. */
  reportFrameOrigins: string[];
  /** Secret signing the tokens given to embedded reports (HS256); unset: no signed tokens. */
  reportTokenSecret?: string;
  databasePoolSize: number;
  pgliteSharedBuffersMb: number;
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
  /** log2 of scrypt's N for new password hashes (server/auth/passwords.ts). */
  passwordHashCost: number;
  /** Calls per minute per address to /sendLogs and /createGroupAndLogStream. */
  logRateLimit: number;
  /** Bearer token of /metrics (Prometheus); unset = no /metrics route. */
  metricsToken?: string;
  /** Keycloak's admin REST API, used by the super-admin's identity-provider synchronisation. */
  keycloakAdmin?: KeycloakAdminConfig;
  /** Limits of one GraphQL request (server/graphql/limits.ts). */
  graphqlLimits: GraphqlLimits;
  /** The dormant-user job (server/features/usuarios/inatividade.ts). */
  dormantUsers: DormantUsersConfig;
  /** The daily removal of stored files nothing uses (server/files/sweep.ts). */
  fileSweep: { cron: string; graceHours: number };
  /** When the embedded database is vacuumed and analysed (server/db/manutencao.ts). */
  dbMaintenanceCron: string;
  notificacoes: { pruneCron: string; retentionDays: number };
  /** The daily removal of client logs past their retention (server/features/logs). */
  logs: { pruneCron: string; retentionDays: number };
  /** Announcements' attachments (issue #28): bytes per file and in total per announcement. */
  comunicados: { anexoMaxBytes: number; anexosTotalMaxBytes: number };
  /** Web Push (server/push): VAPID keys (absent: generated once and kept in the database) and delivery. */
  push: PushConfig;
  /** Bulk user import (issue #15). */
  importacao: {
    maxBytes: number;
    maxRows: number;
    batchSize: number;
    /** Most bytes the .xlsx may unpack to (a zip bomb is refused before it is read). */
    maxUnpackedBytes: number;
  };
}

export interface DormantUsersConfig {
  /** When the job runs: a 5-field cron expression, UTC. */
  cron: string;
  /** Days without access after which an active user is inactivated. */
  days: number;
  /** Days before that inactivation a user is warned by e-mail (0: no warning). */
  warningDays: number;
  /** Most warning e-mails one run queues; the rest wait for the next run. */
  warningsPerRun: number;
}

export interface PushConfig {
  vapid?: { publicKey: string; privateKey: string };
  /** Who runs this server, for the push services (VAPID `sub`): a mailto: or https: address. */
  subject: string;
  /** Seconds a push service keeps a message for a browser that is offline. */
  ttlSeconds: number;
  /** Pushes one job sends at once. */
  concurrency: number;
  /** Hosts a subscription's endpoint may name (`*.` = any subdomain): the browsers' push services. */
  serviceHosts: string[];
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
  /** Refused requests per minute an address may send before it must wait (server/graphql/refusals.ts). */
  refusalsPerMinute: number;
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

// The environment, variable by variable: type, range or choices, default (as the README shows it)
// and meaning. loadConfig parses it at once and names every bad variable; `.env.example` is
// printed from it (`npm run config:example`) and a test keeps it and the README table in step.

const blankAsUnset = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const text = () => z.preprocess(blankAsUnset, z.string().optional());
const textOr = (fallback: string) => z.preprocess(blankAsUnset, z.string().default(fallback));

/** A whole number (digits only) that `valid` accepts, or `fallback` when unset. */
const wholeNumber = (fallback: number, valid: (value: number) => boolean, expected: string) =>
  z.preprocess(
    blankAsUnset,
    z
      .string()
      .default(String(fallback))
      .transform((raw, ctx) => {
        const value = Number(raw);
        if (!/^\s*\d+\s*$/.test(raw) || !valid(value)) {
          ctx.addIssue({ code: 'custom', message: `must be ${expected}; got '${raw}'` });
          return z.NEVER;
        }
        return value;
      }),
  );

const integer = (fallback: number, min = 1, max = Number.MAX_SAFE_INTEGER) =>
  wholeNumber(fallback, (value) => value >= min && value <= max, `a whole number from ${min} to ${max}`);

const positive = (fallback: number) => wholeNumber(fallback, (value) => value >= 1, 'a positive integer');

const boolean = () =>
  z.preprocess(
    blankAsUnset,
    z
      .string()
      .optional()
      .transform((raw, ctx) => {
        if (raw === undefined) return undefined;
        const value = raw.trim().toLowerCase();
        if (TRUE_WORDS.includes(value)) return true;
        if (FALSE_WORDS.includes(value)) return false;
        ctx.addIssue({ code: 'custom', message: `must be one of true, false, 1, 0, yes, no; got '${raw}'` });
        return z.NEVER;
      }),
  );

const httpUrl = () =>
  z.preprocess(
    blankAsUnset,
    z
      .string()
      .optional()
      .refine((raw) => raw === undefined || /^https?:\/\/[^\s/]+/.test(raw), { message: 'must be an http(s) URL' }),
  );

/** A 5-field cron expression (minute resolution, as pg-boss schedules). */
const cron = (fallback: string) =>
  z.preprocess(
    blankAsUnset,
    z
      .string()
      .default(fallback)
      .refine(
        (raw) => {
          if (raw.trim().split(/\s+/).length !== 5) return false;
          try {
            CronExpressionParser.parse(raw);
            return true;
          } catch {
            return false;
          }
        },
        { message: 'must be a cron expression of 5 fields, e.g. 0 3 * * *' },
      ),
  );

/** The push services of Chrome/Edge/Opera (FCM), Firefox (autopush), Windows (WNS) and Apple. */
const DEFAULT_PUSH_SERVICE_HOSTS =
  'fcm.googleapis.com,*.push.services.mozilla.com,*.notify.windows.com,*.push.apple.com';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;

export const ENVIRONMENT = {
  PORT: { schema: integer(3000, 1, 65535), default: '3000', meaning: 'HTTP port' },
  HOST: { schema: textOr('0.0.0.0'), default: '0.0.0.0', meaning: 'interface to listen on' },
  PUBLIC_URL: {
    schema: httpUrl(),
    default: 'http://localhost:$PORT',
    meaning: 'address users reach the portal at (redirect URIs, e-mail links, issuer)',
  },
  DATA_DIR: { schema: textOr('data'), default: './data', meaning: 'embedded database (data/pgdata) and files' },
  FILES_DIR: {
    schema: text(),
    default: '$DATA_DIR/files',
    meaning: 'uploaded files (with FILE_STORE=s3: scratch files only)',
  },
  FILE_STORE: {
    schema: z.preprocess(blankAsUnset, z.enum(['disk', 's3'], { message: 'must be one of disk, s3' }).default('disk')),
    default: 'disk',
    meaning:
      'where files are kept: `disk` (FILES_DIR) or `s3`, an S3-compatible object store shared by several processes',
  },
  S3_BUCKET: { schema: text(), default: 'unset', meaning: 'bucket of the object store (required with FILE_STORE=s3)' },
  S3_ENDPOINT: {
    schema: httpUrl(),
    default: "unset (AWS's endpoint for S3_REGION)",
    meaning: 'address of an S3-compatible store, e.g. http://minio:9000',
  },
  S3_REGION: { schema: textOr('us-east-1'), default: 'us-east-1', meaning: 'region of the bucket' },
  S3_ACCESS_KEY_ID: {
    schema: text(),
    default: "unset (the AWS SDK's credential chain: environment, profile, instance role)",
    meaning: 'access key of the object store, with S3_SECRET_ACCESS_KEY',
  },
  S3_SECRET_ACCESS_KEY: { schema: text(), default: 'unset', meaning: 'secret key of the object store' },
  S3_FORCE_PATH_STYLE: {
    schema: boolean(),
    default: 'false',
    meaning: 'address the bucket in the path (host/bucket/key), as MinIO and most self-hosted stores need',
  },
  S3_PART_SIZE_MB: {
    schema: integer(8, 5, 512),
    default: '8',
    meaning: 'MB per part of a multipart upload; an upload holds about 3 parts in memory',
  },
  DOWNLOAD_LINK_SECRET: {
    schema: text(),
    default: 'unset (generated once, kept in the database)',
    meaning: 'secret signing the short-lived download links (at least 32 characters)',
  },
  DATABASE_URL: {
    schema: text(),
    default: 'unset (PGlite)',
    meaning: 'PostgreSQL server, e.g. postgres://user@host:5432/portal',
  },
  DATABASE_POOL_SIZE: {
    schema: integer(10, 1, 1000),
    default: '10',
    meaning: 'connections per process to the PostgreSQL server',
  },
  PGLITE_SHARED_BUFFERS_MB: {
    schema: integer(512, 16, 1024),
    default: '512',
    meaning: "most the embedded database's buffer cache takes, in MB: half the database's size, PGlite's 128 at least",
  },
  SEED_DEMO: {
    schema: boolean(),
    default: 'unset: only into an embedded database this start creates',
    meaning: "load the demo data into an empty database (never a server's unless set)",
  },
  OIDC_ISSUER: {
    schema: httpUrl(),
    default: 'unset (embedded provider at $PUBLIC_URL/oidc)',
    meaning: 'external OpenID Connect issuer, e.g. a Keycloak realm',
  },
  OIDC_CLIENT_ID: {
    schema: textOr('portal'),
    default: 'portal',
    meaning: 'client id of the single-page app (public client, PKCE S256)',
  },
  OIDC_AUDIENCE: {
    schema: text(),
    default: 'portal-api with the embedded provider, unchecked otherwise',
    meaning: 'expected aud of access tokens',
  },
  OIDC_REALM: { schema: textOr('portal'), default: 'portal', meaning: 'realm name reported by /portalProperties' },
  ACCESS_TOKEN_TTL: {
    schema: integer(300, 10, 86_400),
    default: '300',
    meaning: 'access-token lifetime in seconds (embedded provider)',
  },
  LOGIN_RATE_LIMIT: {
    schema: positive(10),
    default: '10',
    meaning: 'sign-in attempts per minute per address and e-mail',
  },
  LOGIN_ACCOUNT_FAILURES: {
    schema: positive(5),
    default: '5',
    meaning: 'sign-in attempts of one e-mail, from any address, before it must wait',
  },
  LOGIN_ACCOUNT_BACKOFF: {
    schema: positive(30),
    default: '30',
    meaning: 'first wait in seconds, doubled at each further attempt',
  },
  LOGIN_ACCOUNT_BACKOFF_MAX: { schema: positive(900), default: '900', meaning: 'longest wait in seconds' },
  PASSWORD_HASH_CONCURRENCY: {
    schema: integer(Math.min(2, availableParallelism()), 1, 64),
    default: '2 (fewer with 1 CPU)',
    meaning: 'password hashes (scrypt, 128 MiB each) running at once per process',
  },
  PASSWORD_HASH_COST: {
    schema: integer(MIN_PRODUCTION_HASH_COST, 12, 20),
    default: String(MIN_PRODUCTION_HASH_COST),
    meaning: 'cost of password hashes (log2 of scrypt N; others are redone at sign-in); below 17 in tests only',
  },
  FORGOT_PASSWORD_RATE_LIMIT: {
    schema: positive(5),
    default: '5',
    meaning: 'forgot-password requests per minute per address',
  },
  SMTP_URL: {
    schema: text(),
    default: 'unset (outbox only)',
    meaning: 'SMTP server for e-mail, e.g. smtp://user:pass@host:587',
  },
  MAIL_FROM: {
    schema: textOr('Portal <no-reply@portal.test>'),
    default: 'Portal <no-reply@portal.test>',
    meaning: 'sender of e-mails',
  },
  LOG_API_KEY: {
    schema: textOr('dev-log-api-key'),
    default: 'dev-log-api-key',
    meaning: 'api-key of non-browser /sendLogs, /createGroupAndLogStream',
  },
  LOG_RATE_LIMIT: { schema: positive(60), default: '60', meaning: 'calls per minute per address to those two routes' },
  METRICS_TOKEN: {
    schema: text(),
    default: 'unset (no /metrics)',
    meaning: 'bearer token Prometheus sends to scrape /metrics',
  },
  LOG_LEVEL: {
    schema: z.preprocess(
      blankAsUnset,
      z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    ),
    default: 'info',
    meaning: 'server log level (pino)',
  },
  LOG_FORMAT: {
    schema: z.preprocess(
      blankAsUnset,
      z.enum(LOG_FORMATS, { message: `must be one of ${LOG_FORMATS.join(', ')}` }).default('auto'),
    ),
    default: 'auto',
    meaning: 'server log as text (`pretty`) or one JSON line per entry (`json`); `auto`: text on a terminal',
  },
  PORTAL_NAME: {
    schema: textOr('Portal Rede'),
    default: 'Portal Rede',
    meaning: 'portal name (title) unless set in the propriedades table',
  },
  PORTAL_TIME_ZONE: {
    schema: z.preprocess(
      blankAsUnset,
      z
        .string()
        .default(PORTAL_TIME_ZONE_DEFAULT)
        .refine(isTimeZone, { message: 'must be an IANA time zone, e.g. America/Sao_Paulo' }),
    ),
    default: PORTAL_TIME_ZONE_DEFAULT,
    meaning: "the portal's time zone: where its days begin for reports, date filters and per-day figures",
  },
  PORTAL_THEME: {
    schema: z.preprocess(
      blankAsUnset,
      z.enum(THEME_IDS, { message: `must be one of ${THEME_IDS.join(', ')}` }).default('default'),
    ),
    default: 'default',
    meaning: 'colour theme unless set in the propriedades table',
  },
  APP_ENV: {
    schema: textOr('prod'),
    default: 'prod',
    meaning: 'log group and stream names; prod: no GraphQL introspection, hints',
  },
  SERVE_CLIENT: {
    schema: boolean(),
    default: 'true',
    meaning: 'serve the built front end (dist/) from the same process',
  },
  TRUST_PROXY: { schema: boolean(), default: 'false', meaning: 'trust X-Forwarded-* headers behind a load balancer' },
  CORS_ORIGINS: {
    schema: text(),
    default: "unset (only PUBLIC_URL's origin)",
    meaning: 'more origins allowed by CORS, comma-separated, e.g. https://a.example',
  },
  REPORT_FRAME_ORIGINS: {
    schema: text(),
    default: 'unset (no embedded reports)',
    meaning: 'origins of the external reports shown in a frame, comma-separated, e.g. https://bi.example',
  },
  REPORT_TOKEN_SECRET: {
    schema: text(),
    default: 'unset (no signed report tokens)',
    meaning: 'secret (32+ characters) signing the short-lived token an embedded report receives (HS256)',
  },
  KEYCLOAK_ADMIN_URL: {
    schema: text(),
    default: 'unset (identity-provider sync with the embedded provider)',
    meaning: 'Keycloak realm admin API, e.g. https://sso/admin/realms/portal',
  },
  KEYCLOAK_ADMIN_CLIENT_ID: {
    schema: text(),
    default: 'unset',
    meaning: "client (client credentials) allowed to manage the realm's users",
  },
  KEYCLOAK_ADMIN_SECRET: { schema: text(), default: 'unset', meaning: "that client's secret" },
  GRAPHQL_BODY_LIMIT_KB: {
    schema: positive(256),
    default: '256',
    meaning: 'largest /graphql request body in KB (413 beyond)',
  },
  GRAPHQL_MAX_TOKENS: { schema: positive(1000), default: '1000', meaning: 'most tokens in one GraphQL document' },
  GRAPHQL_MAX_ALIASES: { schema: positive(15), default: '15', meaning: 'most aliased fields in one GraphQL operation' },
  GRAPHQL_MAX_DEPTH: { schema: positive(7), default: '7', meaning: 'deepest nesting of selections in one operation' },
  GRAPHQL_MAX_COST: { schema: positive(1000), default: '1000', meaning: 'highest graphql-armor cost of one operation' },
  GRAPHQL_REFUSALS_PER_MINUTE: {
    schema: positive(30),
    default: '30',
    meaning: 'refused GraphQL requests per minute from one address before it gets 429',
  },
  DORMANT_USERS_CRON: {
    schema: cron('0 3 * * *'),
    default: '0 3 * * *',
    meaning: 'when the dormant-user job runs (cron, 5 fields, UTC)',
  },
  DORMANT_USER_DAYS: {
    schema: integer(90, 1, 3650),
    default: '90',
    meaning: 'days without access after which a user is inactivated (unless given special activation)',
  },
  DORMANT_USER_WARNING_DAYS: {
    schema: integer(7, 0, 3649),
    default: '7',
    meaning: 'days before that inactivation the user is warned by e-mail (0: no warning)',
  },
  DORMANT_WARNINGS_PER_RUN: {
    schema: integer(5000, 1, 10000),
    default: '5000',
    meaning: 'most inactivity warnings one run of the job queues',
  },
  FILE_SWEEP_CRON: {
    schema: cron('30 3 * * *'),
    default: '30 3 * * *',
    meaning: 'when the job removing stored files that nothing uses runs (cron, 5 fields, UTC)',
  },
  FILE_SWEEP_GRACE_HOURS: {
    schema: integer(24, 1, 8760),
    default: '24',
    meaning: 'hours a stored file (or an unattached document) is kept before that job may remove it',
  },
  DB_MAINTENANCE_CRON: {
    schema: cron('15 4 * * *'),
    default: '15 4 * * *',
    meaning: 'when the embedded database (no DATABASE_URL) is vacuumed and analysed (cron, 5 fields, UTC)',
  },
  NOTIFICATION_PRUNE_CRON: {
    schema: cron('45 3 * * *'),
    default: '45 3 * * *',
    meaning: 'when the job removing notifications past their retention runs (cron, 5 fields, UTC)',
  },
  NOTIFICATION_RETENTION_DAYS: {
    schema: integer(180, 1, 3650),
    default: '180',
    meaning: 'days a notification is kept for its recipients before that job removes it',
  },
  LOG_PRUNE_CRON: {
    schema: cron('50 3 * * *'),
    default: '50 3 * * *',
    meaning: 'when the job removing client log events past their retention runs (cron, 5 fields, UTC)',
  },
  LOG_RETENTION_DAYS: {
    schema: integer(30, 1, 3650),
    default: '30',
    meaning: 'days a client log event (/sendLogs) is kept before that job removes it',
  },
  COMUNICADO_ANEXO_MAX_MB: {
    schema: integer(25, 1, 900),
    default: '25',
    meaning: 'largest attachment of an announcement, in MB (refused while it is uploaded)',
  },
  COMUNICADO_ANEXOS_TOTAL_MAX_MB: {
    schema: integer(50, 1, 900),
    default: '50',
    meaning: 'most MB of attachments one announcement may carry in all',
  },
  VAPID_PUBLIC_KEY: {
    schema: text(),
    default: 'unset (generated once, kept in the database)',
    meaning: 'Web Push VAPID public key (base64url); set it with VAPID_PRIVATE_KEY to keep one pair across databases',
  },
  VAPID_PRIVATE_KEY: {
    schema: text(),
    default: 'unset (generated once, kept in the database)',
    meaning: 'Web Push VAPID private key (base64url), with VAPID_PUBLIC_KEY',
  },
  VAPID_SUBJECT: {
    schema: text(),
    default: "mailto: MAIL_FROM's address",
    meaning: 'contact the push services see for this server: a mailto: or https: address',
  },
  PUSH_TTL_SECONDS: {
    schema: integer(86400, 0, 2419200),
    default: '86400',
    meaning: 'seconds a push service keeps a notification for an offline browser',
  },
  PUSH_CONCURRENCY: {
    schema: integer(10, 1, 100),
    default: '10',
    meaning: 'pushes the delivery job sends at once',
  },
  PUSH_SERVICE_HOSTS: {
    schema: textOr(DEFAULT_PUSH_SERVICE_HOSTS),
    default: DEFAULT_PUSH_SERVICE_HOSTS.replaceAll(',', ', '),
    meaning: 'hosts a browser subscription may point the server at (`*.` any subdomain); others are refused',
  },
  IMPORT_MAX_MB: {
    schema: integer(20, 1, 900),
    default: '20',
    meaning: 'largest .xlsx accepted by the user import (POST /import/users), in MB (413 beyond)',
  },
  IMPORT_MAX_ROWS: {
    schema: integer(50000, 1, 1000000),
    default: '50000',
    meaning: 'most user rows one import sheet may hold (more: the file is refused as a whole)',
  },
  IMPORT_MAX_UNPACKED_MB: {
    schema: integer(100, 1, 4000),
    default: '100',
    meaning: 'most MB an import .xlsx may unpack to, all its parts together (more: refused before it is read)',
  },
  // On PGlite a batch holds the one connection (1,000 rows about 0.4 s) and requests wait for it;
  // batches of 25 cut that wait but each costs a fixed ~28 ms, so the import fell to 464 rows/s
  // (issue #15's goal is 1,000). 1,000 until that fixed cost comes down (docs/benchmarks.md).
  IMPORT_BATCH_SIZE: {
    schema: integer(1000, 1, 5000),
    default: '1000',
    meaning:
      'most rows the import job validates and writes per transaction (its checkpoint); fewer when a batch would last over 100 ms or requests are coming',
  },
} as const;

const environmentSchema = z.object(
  Object.fromEntries(Object.entries(ENVIRONMENT).map(([name, variable]) => [name, variable.schema])) as {
    [K in keyof typeof ENVIRONMENT]: (typeof ENVIRONMENT)[K]['schema'];
  },
);

/** Parses the environment; one start-up error lists every bad variable, each by name. */
function parseEnvironment(env: NodeJS.ProcessEnv) {
  const parsed = environmentSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
  throw new Error(problems.join('\n'));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = parseEnvironment(env);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const dataDir = path.resolve(e.DATA_DIR);
  const embeddedOidc = !e.OIDC_ISSUER;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    filesDir: path.resolve(e.FILES_DIR ?? path.join(dataDir, 'files')),
    storage: storageOf(e),
    downloadLinkSecret: downloadLinkSecretOf(e.DOWNLOAD_LINK_SECRET),
    databaseUrl: e.DATABASE_URL,
    oidcIssuer: (e.OIDC_ISSUER ?? `${publicUrl}/oidc`).replace(/\/$/, ''),
    oidcClientId: e.OIDC_CLIENT_ID,
    oidcAudience: e.OIDC_AUDIENCE ?? (embeddedOidc ? EMBEDDED_AUDIENCE : undefined),
    embeddedOidc,
    realm: e.OIDC_REALM,
    logApiKey: e.LOG_API_KEY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO === undefined ? (e.DATABASE_URL ? 'no' : 'ifNewEmbedded') : e.SEED_DEMO ? 'yes' : 'no',
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    serveClient: e.SERVE_CLIENT ?? true,
    portalName: e.PORTAL_NAME,
    theme: e.PORTAL_THEME,
    timeZone: e.PORTAL_TIME_ZONE,
    environment: e.APP_ENV,
    trustProxy: e.TRUST_PROXY ?? false,
    corsOrigins: corsOriginsOf(publicUrl, e.CORS_ORIGINS),
    reportFrameOrigins: originsOf('REPORT_FRAME_ORIGINS', e.REPORT_FRAME_ORIGINS),
    reportTokenSecret: reportTokenSecretOf(e.REPORT_TOKEN_SECRET),
    databasePoolSize: e.DATABASE_POOL_SIZE,
    pgliteSharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    loginAccountFailures: e.LOGIN_ACCOUNT_FAILURES,
    loginAccountBackoffSeconds: e.LOGIN_ACCOUNT_BACKOFF,
    loginAccountBackoffMaxSeconds: e.LOGIN_ACCOUNT_BACKOFF_MAX,
    forgotPasswordRateLimit: e.FORGOT_PASSWORD_RATE_LIMIT,
    passwordHashConcurrency: e.PASSWORD_HASH_CONCURRENCY,
    passwordHashCost: e.PASSWORD_HASH_COST,
    logRateLimit: e.LOG_RATE_LIMIT,
    metricsToken: e.METRICS_TOKEN,
    keycloakAdmin: keycloakAdminOf(e),
    graphqlLimits: {
      bodyLimit: e.GRAPHQL_BODY_LIMIT_KB * 1024,
      maxTokens: e.GRAPHQL_MAX_TOKENS,
      maxAliases: e.GRAPHQL_MAX_ALIASES,
      maxDepth: e.GRAPHQL_MAX_DEPTH,
      maxCost: e.GRAPHQL_MAX_COST,
      refusalsPerMinute: e.GRAPHQL_REFUSALS_PER_MINUTE,
    },
    dormantUsers: dormantUsersOf(e),
    fileSweep: { cron: e.FILE_SWEEP_CRON.trim(), graceHours: e.FILE_SWEEP_GRACE_HOURS },
    dbMaintenanceCron: e.DB_MAINTENANCE_CRON.trim(),
    notificacoes: { pruneCron: e.NOTIFICATION_PRUNE_CRON.trim(), retentionDays: e.NOTIFICATION_RETENTION_DAYS },
    logs: { pruneCron: e.LOG_PRUNE_CRON.trim(), retentionDays: e.LOG_RETENTION_DAYS },
    comunicados: {
      anexoMaxBytes: e.COMUNICADO_ANEXO_MAX_MB * MB,
      anexosTotalMaxBytes: e.COMUNICADO_ANEXOS_TOTAL_MAX_MB * MB,
    },
    push: pushOf(e),
    importacao: {
      maxBytes: e.IMPORT_MAX_MB * MB,
      maxRows: e.IMPORT_MAX_ROWS,
      batchSize: e.IMPORT_BATCH_SIZE,
      maxUnpackedBytes: e.IMPORT_MAX_UNPACKED_MB * MB,
    },
  };
}

function storageOf(e: ReturnType<typeof parseEnvironment>): Config['storage'] {
  if (e.FILE_STORE === 'disk') return {};
  if (!e.S3_BUCKET) throw new Error('FILE_STORE=s3 needs S3_BUCKET');
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  return {
    s3: {
      bucket: e.S3_BUCKET,
      endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
      region: e.S3_REGION,
      credentials:
        e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
          : undefined,
      forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
      partSize: e.S3_PART_SIZE_MB * 1024 * 1024,
    },
  };
}

function downloadLinkSecretOf(secret: string | undefined): string | undefined {
  if (secret !== undefined && secret.length < 32) {
    throw new Error('DOWNLOAD_LINK_SECRET must have at least 32 characters');
  }
  return secret;
}

function dormantUsersOf(e: ReturnType<typeof parseEnvironment>): DormantUsersConfig {
  if (e.DORMANT_USER_WARNING_DAYS >= e.DORMANT_USER_DAYS) {
    throw new Error(
      `DORMANT_USER_WARNING_DAYS must be less than DORMANT_USER_DAYS (${e.DORMANT_USER_DAYS}); got '${e.DORMANT_USER_WARNING_DAYS}'`,
    );
  }
  return {
    cron: e.DORMANT_USERS_CRON.trim(),
    days: e.DORMANT_USER_DAYS,
    warningDays: e.DORMANT_USER_WARNING_DAYS,
    warningsPerRun: e.DORMANT_WARNINGS_PER_RUN,
  };
}

function pushOf(e: ReturnType<typeof parseEnvironment>): PushConfig {
  const publicKey = e.VAPID_PUBLIC_KEY?.trim();
  const privateKey = e.VAPID_PRIVATE_KEY?.trim();
  if (!publicKey !== !privateKey) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
  const subject = e.VAPID_SUBJECT?.trim() || `mailto:${e.MAIL_FROM.match(/<([^>]+)>/)?.[1] ?? e.MAIL_FROM.trim()}`;
  if (!/^(mailto:|https:\/\/)/.test(subject)) {
    throw new Error(`VAPID_SUBJECT must be a mailto: or https: address; got '${subject}'`);
  }
  return {
    vapid: publicKey && privateKey ? { publicKey, privateKey } : undefined,
    subject,
    ttlSeconds: e.PUSH_TTL_SECONDS,
    concurrency: e.PUSH_CONCURRENCY,
    serviceHosts: e.PUSH_SERVICE_HOSTS.split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  };
}

/** KEYCLOAK_ADMIN_URL (the realm's admin API) with the id and secret of a service-account client. */
function keycloakAdminOf(env: {
  KEYCLOAK_ADMIN_URL?: string;
  KEYCLOAK_ADMIN_CLIENT_ID?: string;
  KEYCLOAK_ADMIN_SECRET?: string;
}): KeycloakAdminConfig | undefined {
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

/** The origins of a comma-separated list of http(s) URLs (paths ignored), each once, after `first`. */
function originsOf(name: string, list: string | undefined, first: string[] = []): string[] {
  const origins = [...first];
  for (const item of (list ?? '').split(',')) {
    const value = item.trim();
    if (!value) continue;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new Error(`${name} must list URLs such as https://admin.example; got '${value}'`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error(`${name} must list http or https origins; got '${value}'`);
    }
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}

/** PUBLIC_URL's origin and each origin of CORS_ORIGINS. */
const corsOriginsOf = (publicUrl: string, extra: string | undefined) =>
  originsOf('CORS_ORIGINS', extra, [new URL(publicUrl).origin]);

function reportTokenSecretOf(secret: string | undefined): string | undefined {
  if (secret !== undefined && secret.length < 32)
    throw new Error('REPORT_TOKEN_SECRET must have at least 32 characters');
  return secret;
}

/** Every variable, commented out at its default, with its meaning: the text of `.env.example`. */
export function envExample(): string {
  const lines = [
    '# Settings of the portal (server/config.ts; the README explains each). Every one is optional:',
    '# unset, it takes the default shown. Copy to .env or set them in the environment.',
  ];
  for (const [name, variable] of Object.entries(ENVIRONMENT)) {
    lines.push('', `# ${variable.meaning} (default: ${variable.default})`, `# ${name}=`);
  }
  return `${lines.join('\n')}\n`;
}
