import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { oidcPayloads } from '../db/schema';
import { pgAdapterFactory, pruneExpired } from './oidcAdapter';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ pgliteDir: 'memory://' });
});
afterAll(() => database?.close());

describe('oidc-provider storage in PostgreSQL', () => {
  it('stores, finds by id and uid, consumes, revokes by grant and forgets expired records', async () => {
    const Adapter = pgAdapterFactory(database.db);
    const sessions = new Adapter('Session');
    const codes = new Adapter('AuthorizationCode');
    await sessions.upsert('s1', { uid: 'u1', accountId: '7' }, 60);
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: '7' });
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: '7' });
    expect(await codes.find('s1')).toBeUndefined();

    await codes.consume('c1');
    expect((await codes.find('c1'))?.consumed).toEqual(expect.any(Number));
    await codes.revokeByGrantId('g1');
    expect(await codes.find('c1')).toBeUndefined();

    await sessions.upsert('old', { uid: 'u2' }, 1);
    expect(await pruneExpired(database.db, new Date(Date.now() + 5_000))).toBe(1);
    expect((await database.db.select().from(oidcPayloads)).map((row) => row.id)).toEqual(['s1']);
  });
});
