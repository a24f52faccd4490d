import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/client';
import { segredos } from '../db/schema';

/** Returns the stored value of a secret, creating it once with `make` (first writer wins). */
export async function keepSecret<T>(db: Db, nome: string, make: () => Promise<T>): Promise<T> {
  const [found] = await db.select().from(segredos).where(eq(segredos.nome, nome));
  if (found) return found.valor as T;
  await db
    .insert(segredos)
    .values({ nome, valor: await make() })
    .onConflictDoNothing();
  const [stored] = await db.select().from(segredos).where(eq(segredos.nome, nome));
  return stored.valor as T;
}

/** The embedded provider's signing keys: generated once, kept in the database. */
export function signingKeys(db: Db): Promise<{ keys: JWK[] }> {
  return keepSecret(db, 'oidc.jwks', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    return { keys: [{ ...jwk, alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') }] };
  });
}

export function cookieKeys(db: Db): Promise<string[]> {
  return keepSecret(db, 'oidc.cookieKeys', async () => [randomBytes(32).toString('base64url')]);
}

/** Public half of the signing keys, for verifying our own tokens without an HTTP round trip. */
export function publicJwks(jwks: { keys: JWK[] }): { keys: JWK[] } {
  return { keys: jwks.keys.map(({ kty, n, e, alg, use, kid }) => ({ kty, n, e, alg, use, kid })) };
}
