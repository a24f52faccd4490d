import { describe, expect, it } from 'vitest';
import { en } from './en';
import { es } from './es';
import { CATALOGS } from './index';
import { ptBR } from './pt-BR';

/** `{ a: { b: 'x' } }` → `{ 'a.b': 'x' }`; anything but strings and objects is an error. */
function flatten(obj: object, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(obj)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else if (value !== null && typeof value === 'object') Object.assign(out, flatten(value, path));
    else throw new Error(`Unexpected non-string leaf at ${path}`);
  }
  return out;
}

const placeholders = (text: string): string[] =>
  [...new Set(Array.from(text.matchAll(/%\{([^}]*)\}/g), (m) => m[1]))].sort();

const reference = flatten(ptBR);
const translations: [string, Record<string, string>][] = [
  ['es', flatten(es)],
  ['en', flatten(en)],
];

describe('message catalogs', () => {
  it('are the ones the app uses', () => {
    expect(CATALOGS).toEqual({ PT_BR: ptBR, ES: es, EN: en });
    expect(Object.keys(reference).length).toBeGreaterThan(100);
  });

  it.each(translations)('%s has exactly the keys of pt-BR', (_locale, flat) => {
    const missing = Object.keys(reference).filter((key) => !(key in flat));
    const extra = Object.keys(flat).filter((key) => !(key in reference));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(translations)('%s keeps every %{placeholder} of the pt-BR text', (_locale, flat) => {
    const lost = Object.entries(reference)
      .filter(([key]) => key in flat)
      .map(([key, text]) => ({
        key,
        lost: placeholders(text).filter((name) => !placeholders(flat[key]).includes(name)),
      }))
      .filter((entry) => entry.lost.length > 0);
    expect(lost).toEqual([]);
  });

  it.each([['pt-BR', reference] as const, ...translations])('%s has no empty message', (_locale, flat) => {
    expect(
      Object.entries(flat)
        .filter(([, text]) => text.length === 0)
        .map(([key]) => key),
    ).toEqual([]);
  });
});
