import { z } from 'zod';

// Field schemas shared by the resources' input schemas. Messages are i18n catalog keys.

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** A required reference to another record (GraphQL sends ids as strings; a select sends '' when empty). */
export const requiredId = z.preprocess(
  blankToUndefined,
  z.coerce.number('validation.required').int('validation.invalidValue').positive('validation.invalidValue'),
);

/** A required list of record ids with at least one entry. */
export const requiredIds = z
  .array(z.coerce.number().int().positive('validation.invalidValue'), 'validation.required')
  .min(1, 'validation.minItems');

export const ids = z.array(z.coerce.number().int().positive('validation.invalidValue')).default([]);

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
