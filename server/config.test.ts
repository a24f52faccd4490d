import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

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
    });
    expect(loadConfig({ GRAPHQL_MAX_ALIASES: '30', GRAPHQL_BODY_LIMIT_KB: '64' }).graphqlLimits).toMatchObject({
      maxAliases: 30,
      bodyLimit: 64 * 1024,
    });
    expect(() => loadConfig({ GRAPHQL_MAX_DEPTH: '0' })).toThrow(/GRAPHQL_MAX_DEPTH must be a positive integer/);
  });
});
