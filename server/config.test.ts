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
