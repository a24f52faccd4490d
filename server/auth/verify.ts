import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { LRUCache, type Perf } from 'lru-cache';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { publicJwks, signingKeys } from './secrets';

export type TokenPayload = JWTPayload & { email?: string };
export type TokenVerifier = (token: string) => Promise<TokenPayload>;

/** Tokens remembered at most: a national network's users signed in at once, about 1 KB each. */
const VERIFIED_TOKENS = 10_000;

/**
 * Verifies bearer tokens against the issuer's keys. The embedded provider's keys are read
 * locally; any other issuer (a Keycloak realm) is reached through its discovery document.
 */
export async function createTokenVerifier(config: Config, db: Db): Promise<TokenVerifier> {
  // A token without `exp` would be valid for ever: refuse it (jose checks exp only when present).
  const options = { issuer: config.oidcIssuer, audience: config.oidcAudience, requiredClaims: ['exp'] };
  if (config.embeddedOidc) {
    const jwks = createLocalJWKSet(publicJwks(await signingKeys(db)));
    return rememberingVerified(async (token) => (await jwtVerify(token, jwks, options)).payload);
  }
  let remote: ReturnType<typeof createRemoteJWKSet> | undefined;
  return rememberingVerified(async (token) => {
    if (!remote) {
      const response = await fetch(`${config.oidcIssuer}/.well-known/openid-configuration`);
      if (!response.ok) throw new Error(`OpenID discovery failed: ${response.status}`);
      const { jwks_uri } = (await response.json()) as { jwks_uri: string };
      remote = createRemoteJWKSet(new URL(jwks_uri));
    }
    return (await jwtVerify(token, remote, options)).payload;
  });
}

/**
 * `verify`, remembering each token it accepted until the token's `exp`: a user's later calls with
 * the same token skip the signature check (an RSA verification on libuv's thread pool, ~0.3 ms of
 * every request). Only accepted tokens are kept, so made-up tokens cannot fill it, and never past
 * their expiry. Whether the user is still active is not the token's business: the session query
 * reads it on every request.
 */
export function rememberingVerified(
  verify: TokenVerifier,
  { max = VERIFIED_TOKENS, clock = performance }: { max?: number; clock?: Perf } = {},
): TokenVerifier {
  const verified = new LRUCache<string, TokenPayload>({ max, perf: clock });
  return async (token) => {
    const known = verified.get(token);
    if (known) return known;
    const payload = await verify(token);
    const ttl = payload.exp! * 1000 - Date.now();
    if (ttl > 0) verified.set(token, payload, { ttl });
    return payload;
  };
}
