import type { TranslateFunction } from 'react-admin';
import { IDIOMA_PADRAO, LOCALE_OF, idiomaFromLocale } from '../../domain/enums';

/**
 * Dates, numbers and counts in the interface language. `locale` is react-admin's locale
 * (`useLocaleState()`: 'pt-BR', 'es', 'en'); anything else falls back to Portuguese.
 */
export function intlLocale(locale: string | undefined | null): string {
  return LOCALE_OF[idiomaFromLocale(locale) ?? IDIOMA_PADRAO];
}

/**
 * A date (Date, ISO string or epoch ms) as the language writes it; '' for a missing or invalid
 * value. The short style keeps the year's four digits in every language (Spanish and English
 * write "28/11/26" and "11/28/26", Portuguese "28/11/2026"): a portal's dates span decades.
 */
export function formatDate(
  value: Date | string | number | null | undefined,
  locale: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'short' },
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const formato = new Intl.DateTimeFormat(intlLocale(locale), options);
  const texto = formato.format(date);
  if (options.dateStyle !== 'short') return texto;
  // The year's place in the text, from its parts (whose separators may differ from format()'s, as a
  // narrow no-break space for a space, but never in length).
  const partes = formato.formatToParts(date);
  const i = partes.findIndex((parte) => parte.type === 'year');
  if (i < 0 || partes[i].value.length >= 4) return texto;
  const inicio = partes.slice(0, i).reduce((soma, parte) => soma + parte.value.length, 0);
  const ano = new Intl.DateTimeFormat(intlLocale(locale), { year: 'numeric', timeZone: options.timeZone }).format(date);
  return texto.slice(0, inicio) + ano + texto.slice(inicio + partes[i].value.length);
}

export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(locale), options).format(value);
}

/** A rate (0 to 1) as a percentage in the language. */
export const percentual = (taxa: number, locale: string) =>
  formatNumber(taxa, locale, { style: 'percent', maximumFractionDigits: 1 });

/**
 * A file size as the language writes it, in decimal units with one decimal ("180 bytes", "69,4 kB",
 * "1,5 MB"): the portal's one way, as every size limit is defined in them (900,000,000 bytes: 900 MB).
 */
export function formatBytes(bytes: number, locale: string): string {
  const unidades = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let valor = bytes;
  let u = 0;
  while (valor >= 1000 && u < unidades.length - 1) {
    valor /= 1000;
    u += 1;
  }
  return formatNumber(valor, locale, {
    style: 'unit',
    unit: unidades[u],
    unitDisplay: u === 0 ? 'long' : 'short',
    maximumFractionDigits: u === 0 ? 0 : 1,
  });
}

/**
 * A count through a catalog message with polyglot plural forms, e.g.
 * `'%{count} dealer |||| %{count} dealers'`: `smart_count` picks the form (by the language's plural
 * rule), `%{count}` shows the number formatted for the language.
 */
export function formatCount(translate: TranslateFunction, key: string, count: number, locale: string): string {
  return translate(key, { smart_count: count, count: formatNumber(count, locale) });
}

/** An ISO instant as a datetime-local input's value (the browser's wall time); '' when absent. */
export function localDe(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local input's value as an ISO instant (null when empty or invalid). */
export function instanteDe(local: string | null | undefined): string | null {
  if (!local) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
