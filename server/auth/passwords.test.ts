import { beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import {
  hashPassword,
  MIN_PRODUCTION_HASH_COST,
  needsRehash,
  passwordStats,
  setPasswordHashCost,
  verifyPassword,
} from './passwords';

const costOf = (stored: string) => Number(stored.split('$')[1]);

describe('password hashes', () => {
  // Test files may share a worker's modules (vitest.config.ts): start from the production cost.
  beforeEach(() => setPasswordHashCost(MIN_PRODUCTION_HASH_COST));

  it('are made at OWASP’s minimum cost unless configured otherwise', async () => {
    expect(loadConfig({}).passwordHashCost).toBe(17);
    setPasswordHashCost(loadConfig({}).passwordHashCost);
    const stored = await hashPassword('Segredo#2026');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('Segredo#2026', stored)).toBe(true);
    expect(await verifyPassword('segredo#2026', stored)).toBe(false);
  });

  it('keep verifying with the cost they were made with after the configured cost changes', async () => {
    setPasswordHashCost(12);
    const cheap = await hashPassword('Segredo#2026');
    expect(costOf(cheap)).toBe(4096);
    setPasswordHashCost(MIN_PRODUCTION_HASH_COST);
    expect(await verifyPassword('Segredo#2026', cheap)).toBe(true);
    expect(await verifyPassword('Outro#2026', cheap)).toBe(false);
  });

  it('need re-hashing when made with other parameters than new hashes get', async () => {
    setPasswordHashCost(12);
    const cheap = await hashPassword('Segredo#2026');
    expect(needsRehash(cheap)).toBe(false);
    setPasswordHashCost(13);
    expect(needsRehash(cheap)).toBe(true);
    expect(needsRehash(cheap.replace('$8$1$', '$4$1$'))).toBe(true);
    expect(needsRehash('bcrypt$whatever')).toBe(true);
  });

  it('still run one scrypt for an account without a usable hash, and answer false', async () => {
    setPasswordHashCost(12);
    const before = passwordStats.verifications;
    expect(await verifyPassword('Segredo#2026', null)).toBe(false);
    expect(await verifyPassword('Segredo#2026', 'bcrypt$whatever')).toBe(false);
    expect(passwordStats.verifications - before).toBe(2);
  });

  it('take a configured cost from 12 to 20 and name the variable otherwise', () => {
    expect(loadConfig({ PASSWORD_HASH_COST: '12' }).passwordHashCost).toBe(12);
    expect(loadConfig({ PASSWORD_HASH_COST: '20' }).passwordHashCost).toBe(20);
    for (const bad of ['11', '21', 'high']) {
      expect(() => loadConfig({ PASSWORD_HASH_COST: bad })).toThrow(
        `PASSWORD_HASH_COST must be a whole number from 12 to 20; got '${bad}'`,
      );
    }
  });
});
