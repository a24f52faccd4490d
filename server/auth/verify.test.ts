import { exportJWK, generateKeyPair, jwtVerify, SignJWT, createLocalJWKSet } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { rememberingVerified, type TokenVerifier } from './verify';

const issuer = 'http://127.0.0.1/oidc';
const audience = 'portal';
let sign: (email: string, expiresInSeconds: number) => Promise<string>;
let checkSignature: TokenVerifier;

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' }] });
  sign = (email, expiresInSeconds) =>
    new SignJWT({ email })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(issuer)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
      .sign(privateKey);
  checkSignature = async (token) =>
    (await jwtVerify(token, jwks, { issuer, audience, requiredClaims: ['exp'] })).payload;
});

/** The signature check, counting how often it runs. */
function counted() {
  const calls: string[] = [];
  const verify: TokenVerifier = (token) => {
    calls.push(token);
    return checkSignature(token);
  };
  return { verify, calls };
}

describe('verified tokens', () => {
  it('are checked once and then answered from memory with the same claims', async () => {
    const { verify, calls } = counted();
    const remembering = rememberingVerified(verify);
    const token = await sign('ana@portal.test', 300);
    const first = await remembering(token);
    expect(first.email).toBe('ana@portal.test');
    expect(await remembering(token)).toEqual(first);
    expect(await remembering(token)).toEqual(first);
    expect(calls).toHaveLength(1);
  });

  it('never stand in for another token: a forged signature on the same claims is refused', async () => {
    const { verify, calls } = counted();
    const remembering = rememberingVerified(verify);
    const token = await sign('ana@portal.test', 300);
    await remembering(token);
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    await expect(remembering(forged)).rejects.toThrow();
    await expect(remembering(forged)).rejects.toThrow();
    expect(calls).toEqual([token, forged, forged]);
  });

  it('keep a refused token refused, checking it each time (nothing refused is remembered)', async () => {
    const { verify, calls } = counted();
    const remembering = rememberingVerified(verify);
    await expect(remembering('not.a.token')).rejects.toThrow();
    await expect(remembering('not.a.token')).rejects.toThrow();
    expect(calls).toHaveLength(2);
  });

  it('are checked again once their expiry has passed, and then refused', async () => {
    const { verify, calls } = counted();
    let now = performance.now();
    const remembering = rememberingVerified(verify, { clock: { now: () => now } });
    const token = await sign('ana@portal.test', 2);
    await remembering(token);
    now += 1_000;
    await remembering(token);
    expect(calls).toHaveLength(1);
    now += 2_000;
    await new Promise((resolve) => setTimeout(resolve, 2_100)); // the signature check reads the real clock
    await expect(remembering(token)).rejects.toThrow(/exp/);
    expect(calls).toHaveLength(2);
  });

  it('hold at most `max` tokens, forgetting the least recently used', async () => {
    const { verify, calls } = counted();
    const remembering = rememberingVerified(verify, { max: 2 });
    const [a, b, c] = await Promise.all(['a', 'b', 'c'].map((name) => sign(`${name}@portal.test`, 300)));
    await remembering(a);
    await remembering(b);
    await remembering(a);
    await remembering(c); // b is forgotten, a was used more recently
    await remembering(a);
    await remembering(b);
    expect(calls).toEqual([a, b, c, b]);
  });
});
