import { describe, expect, it } from 'vitest';
import { parserAndValidationCache } from './limits';

describe("Yoga's parse caches", () => {
  it('keep short documents, leave long ones out and forget the least recently used past 1,024', () => {
    const { errorCache } = parserAndValidationCache();
    errorCache.set('{ a }', 'short');
    errorCache.set(`{ ${'a '.repeat(10_000)}}`, 'long');
    expect(errorCache.get('{ a }')).toBe('short');
    expect(errorCache.get(`{ ${'a '.repeat(10_000)}}`)).toBeUndefined();
    for (let i = 0; i < 1024; i++) errorCache.set(`{ b${i} }`, i);
    expect(errorCache.get('{ a }')).toBeUndefined();
    expect(errorCache.get('{ b0 }')).toBe(0);
    errorCache.set('{ c }', 'c');
    expect(errorCache.get('{ b0 }')).toBe(0);
    expect(errorCache.get('{ b1 }')).toBeUndefined();
  });
});
