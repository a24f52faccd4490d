import { describe, expect, it } from 'vitest';
import { createI18nProvider } from '../../providers/i18nProvider';
import { formatBytes, formatCount, formatDate, formatNumber, intlLocale } from './format';

const MARCH_5 = new Date(Date.UTC(2026, 2, 5, 12));
const utc = (options: Intl.DateTimeFormatOptions) => ({ ...options, timeZone: 'UTC' });

describe('formatDate', () => {
  it.each([
    ['pt-BR', '05/03/2026', '5 de março de 2026'],
    ['es', '5/3/2026', '5 de marzo de 2026'],
    ['en', '3/5/2026', 'March 5, 2026'],
  ])('writes dates as %s does', (locale, short, long) => {
    expect(formatDate(MARCH_5, locale, utc({ dateStyle: 'short' }))).toBe(short);
    expect(formatDate(MARCH_5, locale, utc({ dateStyle: 'long' }))).toBe(long);
  });

  it('accepts ISO strings and epoch milliseconds', () => {
    expect(formatDate('2026-03-05T12:00:00Z', 'pt-BR', utc({ dateStyle: 'short' }))).toBe('05/03/2026');
    expect(formatDate(MARCH_5.getTime(), 'en', utc({ dateStyle: 'short' }))).toBe('3/5/2026');
  });

  it('keeps the four digits of the year in short dates with a time, in the time zone asked', () => {
    expect(formatDate(MARCH_5, 'es', utc({ dateStyle: 'short', timeStyle: 'short' }))).toBe('5/3/2026, 12:00');
    expect(formatDate(MARCH_5, 'en', utc({ dateStyle: 'short', timeStyle: 'short' }))).toBe(
      // The time as the engine writes it (a space or a narrow no-break one before PM).
      `3/5/2026, ${new Intl.DateTimeFormat('en', utc({ timeStyle: 'short' })).format(MARCH_5)}`,
    );
    const anoNovo = new Date(Date.UTC(2026, 0, 1, 1));
    expect(formatDate(anoNovo, 'es', { dateStyle: 'short', timeZone: 'America/Sao_Paulo' })).toBe('31/12/2025');
  });

  it('gives an empty text for a missing or invalid date', () => {
    expect(formatDate(null, 'pt-BR')).toBe('');
    expect(formatDate(undefined, 'pt-BR')).toBe('');
    expect(formatDate('', 'pt-BR')).toBe('');
    expect(formatDate('not a date', 'en')).toBe('');
  });
});

describe('formatNumber', () => {
  it.each([
    ['pt-BR', '1.234.567,5'],
    ['es', '1.234.567,5'],
    ['en', '1,234,567.5'],
  ])('writes numbers as %s does', (locale, text) => {
    expect(formatNumber(1234567.5, locale)).toBe(text);
  });

  it('passes Intl options through', () => {
    expect(formatNumber(0.256, 'pt-BR', { style: 'percent', maximumFractionDigits: 1 })).toBe('25,6%');
    expect(formatNumber(0.256, 'en', { style: 'percent', maximumFractionDigits: 1 })).toBe('25.6%');
  });

  it('falls back to Portuguese for other locales', () => {
    expect(intlLocale('fr')).toBe('pt-BR');
    expect(intlLocale(undefined)).toBe('pt-BR');
    expect(intlLocale('en-US')).toBe('en');
    expect(formatNumber(1234.5, 'fr')).toBe('1.234,5');
  });
});

describe('formatBytes', () => {
  it.each([
    [0, 'pt-BR', '0 byte'],
    [180, 'pt-BR', '180 bytes'],
    [2048, 'pt-BR', '2 kB'],
    [1_500_000, 'pt-BR', '1,5 MB'],
    [25_000_000, 'en', '25 MB'],
    [1_250_000, 'en', '1.3 MB'],
    [900_000_000, 'es', '900 MB'],
  ])('%d bytes in %s: %s (a small file is not "0 MB")', (bytes, locale, text) => {
    expect(formatBytes(bytes, locale)).toBe(text);
  });
});

describe('formatCount', () => {
  const translateIn = (idioma: 'PT_BR' | 'ES' | 'EN') => createI18nProvider({ idioma }).translate;
  const key = 'pages.minhaConta.dealersCount';

  it.each([
    ['PT_BR', 'pt-BR', ['0 dealers', '1 dealer', '2 dealers', '1.234 dealers']],
    ['ES', 'es', ['0 concesionarios', '1 concesionario', '2 concesionarios', '12.345 concesionarios']],
    ['EN', 'en', ['0 dealers', '1 dealer', '2 dealers', '1,234 dealers']],
  ] as const)('picks the plural form and formats the number in %s', (idioma, locale, texts) => {
    const translate = translateIn(idioma);
    const counts = [0, 1, 2, locale === 'es' ? 12345 : 1234];
    expect(counts.map((n) => formatCount(translate, key, n, locale))).toEqual(texts);
  });
});
