import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { cspDirectives } from './security';

describe('content security policy', () => {
  it('lets the browser reach an external OpenID issuer, and nothing else outside the portal', () => {
    const csp = cspDirectives(
      loadConfig({ PUBLIC_URL: 'https://portal.example', OIDC_ISSUER: 'https://sso.example/realms/portal' }),
    );
    expect(csp['connect-src']).toEqual(["'self'", 'https://sso.example']);
    expect(csp['frame-src']).toEqual(["'self'", 'https://sso.example']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['upgrade-insecure-requests']).toEqual([]);
  });

  it('keeps connections on the portal with the embedded provider, without upgrades over http', () => {
    const csp = cspDirectives(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }));
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp).not.toHaveProperty('upgrade-insecure-requests');
    expect(Object.values(csp).flat()).not.toContain("'unsafe-eval'");
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
  });
});
