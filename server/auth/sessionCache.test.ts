import { describe, expect, it } from 'vitest';
import { SessionUserCache } from './sessionCache';

describe('SessionUserCache', () => {
  it('reads a user once until something changes', async () => {
    const cache = new SessionUserCache<{ n: number }>();
    let reads = 0;
    const load = async () => ({ n: ++reads });
    expect(await cache.get('a', load)).toEqual({ n: 1 });
    expect(await cache.get('a', load)).toEqual({ n: 1 });
    cache.changed();
    expect(await cache.get('a', load)).toEqual({ n: 2 });
  });

  it('does not keep what was read while a change committed', async () => {
    const cache = new SessionUserCache<{ n: number }>();
    let reads = 0;
    await cache.get('a', async () => {
      cache.changed();
      return { n: ++reads };
    });
    expect(await cache.get('a', async () => ({ n: ++reads }))).toEqual({ n: 2 });
  });

  it('keeps no missing user, at most `max` users, each for `ttlMs`', async () => {
    const cache = new SessionUserCache<{ e: string }>(2, 0);
    let reads = 0;
    await cache.get('nobody', async () => (reads++, undefined));
    await cache.get('nobody', async () => (reads++, undefined));
    expect(reads).toBe(2);
    const bounded = new SessionUserCache<{ e: string }>(2);
    for (const e of ['a', 'b', 'c']) await bounded.get(e, async () => ({ e }));
    let again = 0;
    await bounded.get('a', async () => (again++, { e: 'a' }));
    await bounded.get('c', async () => (again++, { e: 'c' }));
    expect(again).toBe(1);
    await cache.get('x', async () => (reads++, { e: 'x' }));
    await cache.get('x', async () => (reads++, { e: 'x' }));
    expect(reads).toBe(4);
  });

  it('changes a kept user in place', async () => {
    const cache = new SessionUserCache<{ recente: boolean }>();
    await cache.get('a', async () => ({ recente: false }));
    cache.update('a', { recente: true });
    expect(await cache.get('a', async () => ({ recente: false }))).toEqual({ recente: true });
  });
});
