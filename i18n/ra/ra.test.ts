import { describe, it, expect } from 'vitest';
import englishMessages from 'ra-language-english';
import { raPtBR } from './pt-BR';
import { raEs } from './es';

/** Flattens a nested message object into `{ 'a.b.c': 'string' }`. */
function flatten(obj: object, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(obj)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') {
      out[path] = value;
    } else if (value !== null && typeof value === 'object') {
      Object.assign(out, flatten(value, path));
    } else {
      throw new Error(`Unexpected non-string leaf at ${path}`);
    }
  }
  return out;
}

const placeholders = (s: string): string[] => [...new Set(Array.from(s.matchAll(/%\{([^}]*)\}/g), (m) => m[1]))].sort();

const separatorCount = (s: string): number => s.split('||||').length - 1;

const english = flatten(englishMessages.ra);
const englishKeys = Object.keys(english).sort();

const translations: [string, object][] = [
  ['pt-BR', raPtBR],
  ['es', raEs],
];

describe.each(translations)('ra.* messages (%s)', (_locale, messages) => {
  const flat = flatten(messages);

  it('has exactly the same key paths as ra-language-english', () => {
    expect(englishKeys.length).toBeGreaterThan(0);
    expect(Object.keys(flat).sort()).toEqual(englishKeys);
  });

  it('keeps the same %{...} placeholders as English', () => {
    const mismatches = englishKeys
      .filter((key) => key in flat)
      .filter((key) => placeholders(flat[key]).join(',') !== placeholders(english[key]).join(','))
      .map((key) => ({
        key,
        expected: placeholders(english[key]),
        actual: placeholders(flat[key]),
      }));
    expect(mismatches).toEqual([]);
  });

  it('keeps the same number of |||| plural separators as English', () => {
    const mismatches = englishKeys
      .filter((key) => key in flat)
      .filter((key) => separatorCount(flat[key]) !== separatorCount(english[key]))
      .map((key) => ({
        key,
        expected: separatorCount(english[key]),
        actual: separatorCount(flat[key]),
      }));
    expect(mismatches).toEqual([]);
  });

  it('has no empty values', () => {
    const empty = Object.entries(flat)
      .filter(([, value]) => value.length === 0)
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });
});
