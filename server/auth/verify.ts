import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { publicJwks, signingKeys } from './secrets';

export type TokenVerifier = (token: string) => Promise<JWTPayload & { email?: string }>;

/**
 * Verifies bearer tokens against the issuer's keys. The embedded provider's keys are read
 * locally; any other issuer (a Keycloak realm) is reached through its discovery document.
 */
export async function createTokenVerifier(config: Config, db: Db): Promise<TokenVerifier> {
  // A token without `exp` would be valid for ever: refuse it (jose checks exp only when present).
  const options = { issuer: config.oidcIssuer, audience: config.oidcAudience, requiredClaims: ['exp'] };
  if (config.embeddedOidc) {
    const jwks = createLocalJWKSet(publicJwks(await signingKeys(db)));
    return async (token) => (await jwtVerify(token, jwks, options)).payload;
  }
  let remote: ReturnType<typeof createRemoteJWKSet> | undefined;
  return async (token) => {
    if (!remote) {
      const response = await fetch(`${config.oidcIssuer}/.well-known/openid-configuration`);
      if (!response.ok) throw new Error(`OpenID discovery failed: ${response.status}`);
      const { jwks_uri } = (await response.json()) as { jwks_uri: string };
      remote = createRemoteJWKSet(new URL(jwks_uri));
    }
    return (await jwtVerify(token, remote, options)).payload;
  };
}
