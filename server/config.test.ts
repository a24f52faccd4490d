import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { ENVIRONMENT, envExample, loadConfig } from './config';

describe('configuration', () => {
  it('defaults to an embedded provider at PUBLIC_URL/oidc and the default theme', () => {
    const config = loadConfig({ PORT: '4000' });
    expect(config.publicUrl).toBe('http://localhost:4000');
    expect(config.oidcIssuer).toBe('http://localhost:4000/oidc');
    expect(config.embeddedOidc).toBe(true);
    expect(config.oidcAudience).toBe('portal-api');
    expect(config.theme).toBe('default');
  });

  it('uses an external issuer without an audience check unless one is given', () => {
    const config = loadConfig({ OIDC_ISSUER: 'https://sso.example/realms/portal/' });
    expect(config.embeddedOidc).toBe(false);
    expect(config.oidcIssuer).toBe('https://sso.example/realms/portal');
    expect(config.oidcAudience).toBeUndefined();
  });

  it('takes a known theme and refuses an unknown one with a clear message', () => {
    expect(loadConfig({ PORTAL_THEME: 'boreal' }).theme).toBe('boreal');
    expect(() => loadConfig({ PORTAL_THEME: 'rosa' })).toThrow(/PORTAL_THEME must be one of default, aurora/);
  });

  it('runs in Brasília time unless told another IANA time zone, and refuses what is none (or would inject SQL)', () => {
    expect(loadConfig({}).timeZone).toBe('America/Sao_Paulo');
    expect(loadConfig({ PORTAL_TIME_ZONE: 'America/Mexico_City' }).timeZone).toBe('America/Mexico_City');
    expect(() => loadConfig({ PORTAL_TIME_ZONE: 'Brasil/Sul' })).toThrow(/PORTAL_TIME_ZONE must be an IANA time zone/);
    expect(() => loadConfig({ PORTAL_TIME_ZONE: "UTC' -c x=1" })).toThrow(/PORTAL_TIME_ZONE must be an IANA/);
  });

  it('reads boolean variables strictly: true/false/1/0/yes/no in any case, anything else stops the start', () => {
    for (const yes of ['true', 'TRUE', '1', 'yes', 'Yes']) {
      expect(loadConfig({ TRUST_PROXY: yes, SERVE_CLIENT: yes, SEED_DEMO: yes })).toMatchObject({
        trustProxy: true,
        serveClient: true,
        seedDemo: 'yes',
      });
    }
    for (const no of ['false', 'False', '0', 'no', 'NO']) {
      expect(loadConfig({ TRUST_PROXY: no, SERVE_CLIENT: no, SEED_DEMO: no })).toMatchObject({
        trustProxy: false,
        serveClient: false,
        seedDemo: 'no',
      });
    }
    expect(() => loadConfig({ SEED_DEMO: 'flase' })).toThrow(
      "SEED_DEMO must be one of true, false, 1, 0, yes, no; got 'flase'",
    );
    expect(() => loadConfig({ SERVE_CLIENT: 'off' })).toThrow(/^SERVE_CLIENT must be one of/);
    expect(() => loadConfig({ TRUST_PROXY: 'on' })).toThrow(/^TRUST_PROXY must be one of/);
    expect(loadConfig({})).toMatchObject({ trustProxy: false, serveClient: true });
  });

  it('keeps files on the disk by default, in an S3-compatible store with FILE_STORE=s3 and its bucket', () => {
    expect(loadConfig({}).storage).toEqual({});
    expect(
      loadConfig({
        FILE_STORE: 's3',
        S3_BUCKET: 'portal',
        S3_ENDPOINT: 'http://minio:9000/',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage,
    ).toEqual({
      s3: {
        bucket: 'portal',
        endpoint: 'http://minio:9000',
        region: 'us-east-1',
        credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
        forcePathStyle: true,
        partSize: 8 * 1024 * 1024,
      },
    });
    // No keys: the AWS SDK's own credential chain (an instance role, say).
    expect(loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'b', S3_REGION: 'sa-east-1' }).storage.s3).toMatchObject({
      region: 'sa-east-1',
      credentials: undefined,
      endpoint: undefined,
      forcePathStyle: false,
    });
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow('FILE_STORE=s3 needs S3_BUCKET');
    expect(() => loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
    expect(() => loadConfig({ FILE_STORE: 'gcs' })).toThrow(/FILE_STORE must be one of disk, s3/);
    expect(() => loadConfig({ S3_PART_SIZE_MB: '4' })).toThrow(/S3_PART_SIZE_MB must be a whole number from 5 to 512/);
  });

  it('signs download links with DOWNLOAD_LINK_SECRET when set, of at least 32 characters', () => {
    expect(loadConfig({}).downloadLinkSecret).toBeUndefined();
    expect(loadConfig({ DOWNLOAD_LINK_SECRET: 'x'.repeat(32) }).downloadLinkSecret).toBe('x'.repeat(32));
    expect(() => loadConfig({ DOWNLOAD_LINK_SECRET: 'short' })).toThrow(/at least 32 characters/);
  });

  it('loads the demo only into a new embedded database unless SEED_DEMO says otherwise', () => {
    expect(loadConfig({}).seedDemo).toBe('ifNewEmbedded');
    expect(loadConfig({ DATABASE_URL: 'postgres://portal@db:5432/portal' }).seedDemo).toBe('no');
    expect(loadConfig({ DATABASE_URL: 'postgres://portal@db:5432/portal', SEED_DEMO: 'true' }).seedDemo).toBe('yes');
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe('no');
  });

  it("allows PUBLIC_URL's origin and those of CORS_ORIGINS", () => {
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example/' }).corsOrigins).toEqual(['https://portal.example']);
    expect(
      loadConfig({
        PUBLIC_URL: 'https://portal.example',
        CORS_ORIGINS: ' https://admin.example/app , http://localhost:5173,https://portal.example',
      }).corsOrigins,
    ).toEqual(['https://portal.example', 'https://admin.example', 'http://localhost:5173']);
    expect(() => loadConfig({ CORS_ORIGINS: 'admin.example' })).toThrow(/^CORS_ORIGINS must list URLs/);
  });

  it('reads the GraphQL request limits, with defaults, and refuses a limit that is not a positive integer', () => {
    expect(loadConfig({}).graphqlLimits).toEqual({
      bodyLimit: 256 * 1024,
      maxTokens: 1000,
      maxAliases: 15,
      maxDepth: 7,
      maxCost: 1000,
      refusalsPerMinute: 30,
    });
    expect(loadConfig({ GRAPHQL_MAX_ALIASES: '30', GRAPHQL_BODY_LIMIT_KB: '64' }).graphqlLimits).toMatchObject({
      maxAliases: 30,
      bodyLimit: 64 * 1024,
    });
    expect(() => loadConfig({ GRAPHQL_MAX_DEPTH: '0' })).toThrow(/GRAPHQL_MAX_DEPTH must be a positive integer/);
  });
});

describe('the configuration schema', () => {
  it('names every bad variable in one start-up error', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow("PORT must be a whole number from 1 to 65535; got 'abc'");
    let message = '';
    try {
      loadConfig({ PORT: '70000', LOG_LEVEL: 'loud', SERVE_CLIENT: 'maybe', PUBLIC_URL: 'portal.example' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n').sort()).toEqual([
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
      "PORT must be a whole number from 1 to 65535; got '70000'",
      'PUBLIC_URL must be an http(s) URL',
      "SERVE_CLIENT must be one of true, false, 1, 0, yes, no; got 'maybe'",
    ]);
  });

  it('reads the dormant-user job settings, refusing a bad schedule or a warning not before inactivation', () => {
    expect(loadConfig({}).dormantUsers).toEqual({ cron: '0 3 * * *', days: 90, warningDays: 7, warningsPerRun: 5000 });
    expect(
      loadConfig({ DORMANT_USERS_CRON: '30 1 * * 1-5', DORMANT_USER_DAYS: '30', DORMANT_USER_WARNING_DAYS: '0' })
        .dormantUsers,
    ).toMatchObject({ cron: '30 1 * * 1-5', days: 30, warningDays: 0 });
    expect(() => loadConfig({ DORMANT_USERS_CRON: 'daily' })).toThrow(/^DORMANT_USERS_CRON must be a cron expression/);
    expect(() => loadConfig({ DORMANT_USERS_CRON: '0 3 * * * *' })).toThrow(/^DORMANT_USERS_CRON/);
    expect(() => loadConfig({ DORMANT_USER_DAYS: '10', DORMANT_USER_WARNING_DAYS: '10' })).toThrow(
      /^DORMANT_USER_WARNING_DAYS must be less than DORMANT_USER_DAYS/,
    );
    expect(() => loadConfig({ DORMANT_WARNINGS_PER_RUN: '0' })).toThrow(/^DORMANT_WARNINGS_PER_RUN/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', LOG_LEVEL: ' ' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      logLevel: 'info',
    });
  });

  it('is listed whole in .env.example (npm run config:example) and in the README table', () => {
    expect(readFileSync(new URL('../.env.example', import.meta.url), 'utf8')).toBe(envExample());
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const documented = [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]*)` +\|/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual(Object.keys(ENVIRONMENT).sort());
  });
});
