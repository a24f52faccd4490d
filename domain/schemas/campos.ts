import { z } from 'zod';
import { onlyDigits } from '../documentos';
import { phoneError, type TipoTelefone } from '../telefones';

// Field schemas shared by the resources' input schemas. Messages are i18n catalog keys.

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** The largest database id: ids are PostgreSQL `integer` (serial) columns. */
export const MAX_ID = 2_147_483_647;

/** Most entries a list of ids in an input may hold (a filter's brands, a dealer's groups, ...). */
export const MAX_IDS = 1000;

/**
 * A database id as GraphQL sends it (ID is a string) or a form holds it: a positive integer that
 * fits the `integer` columns, so a larger one is a field error rather than a database error.
 */
export const recordId = (message = 'validation.invalidValue') =>
  z.coerce
    .number(message)
    .int('validation.invalidValue')
    .positive('validation.invalidValue')
    .max(MAX_ID, 'validation.invalidValue');

/** A required reference to another record (GraphQL sends ids as strings; a select sends '' when empty). */
export const requiredId = z.preprocess(blankToUndefined, recordId('validation.required'));

/** A required list of record ids with at least one entry. */
export const requiredIds = z
  .array(recordId(), 'validation.required')
  .min(1, 'validation.minItems')
  .max(MAX_IDS, 'validation.maxItems');

export const ids = z.array(recordId()).max(MAX_IDS, 'validation.maxItems').default([]);

/** Longest web address accepted in any input. */
export const URL_MAX_LENGTH = 500;

/**
 * A required web address: http or https only (no `javascript:`, `data:` or `ftp:`), at most
 * URL_MAX_LENGTH characters. Every URL field of every input uses it.
 */
export const httpUrl = (max = URL_MAX_LENGTH) =>
  z
    .string('validation.required')
    .trim()
    .min(1, 'validation.required')
    .max(max, 'validation.maxLength')
    .pipe(z.url({ protocol: /^https?$/, error: 'validation.url' }));

/**
 * A link people follow: an http(s) address, or a path of the portal: one '/' and no backslash
 * (browsers read '/\evil.test' as '//evil.test', another site). Notifications (the server's
 * check of every link), generic notifications, slides and adverts take only these.
 */
export const isPortalLink = (value: string) => /^\/(?![/\\])[^\s\\]*$/.test(value) || /^https?:\/\/\S+$/i.test(value);

/** An optional link people follow (isPortalLink); empty becomes null. */
export const portalLink = (max = URL_MAX_LENGTH) =>
  z
    .string()
    .trim()
    .max(max, 'validation.maxLength')
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || isPortalLink(value), 'validation.url');

/** A required text, trimmed, at most `max` characters. */
export const requiredText = (max: number) =>
  z.string('validation.required').trim().min(1, 'validation.required').max(max, 'validation.maxLength');

/** An optional text: trimmed, empty becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'validation.maxLength')
    .nullish()
    .transform((value) => value || null);

/** Index of each entry equal to an earlier one (after `key`), for duplicate errors on the right entry. */
export function duplicateIndexes<T>(
  list: readonly T[],
  key: (item: T, index: number) => unknown = (item) => item,
): number[] {
  const seen = new Set<unknown>();
  const duplicates: number[] = [];
  list.forEach((item, index) => {
    const k = key(item, index);
    if (seen.has(k)) duplicates.push(index);
    seen.add(k);
  });
  return duplicates;
}

/**
 * The version of a record as the form read it: an update sends it back, and the server refuses the
 * save (CONFLICT) when someone saved the record since (server/audit/write.ts).
 */
export const versionField = z.number().int().positive().nullish();

/** Most phones or mobiles of a dealer or user. */
const MAX_PHONES = 50;

/** Phone or mobile tags: each must fill its mask (spec section 5); stored as digits. */
export const phoneList = (tipo: TipoTelefone) =>
  z
    .array(z.string().max(30, 'validation.maxLength'))
    .max(MAX_PHONES, 'validation.maxItems')
    .default([])
    .superRefine((list, ctx) =>
      list.forEach((value, index) => {
        const message = phoneError(value, tipo);
        if (message) ctx.addIssue({ code: 'custom', path: [index], message });
      }),
    )
    .transform((list) => list.map(onlyDigits));

/**
 * The calendar dates every input accepts: years 1900 to 9999. PostgreSQL has no year 0 (nor
 * JavaScript's negative years), so a date outside the range is a field error, never a database one.
 */
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '9999-12-31';

function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** A calendar date as the date inputs hold it (YYYY-MM-DD) within MIN_DATE..MAX_DATE; empty becomes null. */
export const optionalDate = z
  .string()
  .nullish()
  .transform((value) => value || null)
  .refine((value) => value === null || isIsoDate(value), 'validation.invalidValue')
  .refine(
    (value) => value === null || !isIsoDate(value) || (value >= MIN_DATE && value <= MAX_DATE),
    'validation.dateRange',
  );

export const requiredDate = optionalDate.refine((value) => value !== null, 'validation.required');

const MIN_INSTANT_MS = Date.parse(`${MIN_DATE}T00:00:00Z`);
const MAX_INSTANT_MS = Date.parse(`${MAX_DATE}T23:59:59.999Z`);

/** Whether an instant (milliseconds since the epoch) falls within the years the dates accept. */
export const instanteNosAnos = (ms: number) => ms >= MIN_INSTANT_MS && ms <= MAX_INSTANT_MS;

/**
 * Whether `value` is an ISO 8601 date and time with its offset (2026-05-04T09:15:00Z,
 * 2026-05-04T06:15:00.000-03:00), on a calendar day that exists, within the years the dates accept.
 * Date.parse alone takes '1' or 'Feb 30' (rolled over to March), which PostgreSQL refuses or stores.
 */
export function isIsoInstant(value: string): boolean {
  const parts = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.exec(value);
  return parts !== null && isIsoDate(parts[1]!) && instanteNosAnos(Date.parse(value));
}

/** An instant (a log entry's time) within the same years as the dates. */
export const optionalInstant = z.coerce
  .date('validation.invalidValue')
  .refine((value) => instanteNosAnos(value.getTime()), 'validation.dateRange')
  .optional();

/**
 * An optional date and time (ISO 8601) at least `antecedenciaMs` after `now` (empty: none, i.e. now):
 * scheduling a send (spec sections 5 and 9). A form checks it with the browser's clock, the server
 * with its own; `messageKey` says the bound in the screen's words.
 */
export const dataHoraAdiante = (antecedenciaMs: number, messageKey: string, now = () => Date.now()) =>
  z
    .string()
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || isIsoInstant(value), 'validation.invalidValue')
    .refine(
      (value) => value === null || !isIsoInstant(value) || Date.parse(value) >= now() + antecedenciaMs,
      messageKey,
    );
