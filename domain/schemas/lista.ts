import { z } from 'zod';

// The paged list input of spec section 7 ({ page, rowsPerPage, busca, sort } plus each list's filters).

export const MAX_ROWS_PER_PAGE = 100;
export const ROWS_PER_PAGE_OPTIONS = [5, 10, 25, 50] as const;

/** A filterInput whose sort may name only `sortFields`. */
export function filterInputSchema<F extends readonly [string, ...string[]]>(sortFields: F) {
  return z.object({
    page: z.number().int('validation.integer').min(0, 'validation.min').default(0),
    rowsPerPage: z
      .number()
      .int('validation.integer')
      .min(1, 'validation.min')
      .max(MAX_ROWS_PER_PAGE, 'validation.max')
      .default(10),
    busca: z.string().trim().max(200, 'validation.maxLength').optional().nullable(),
    sort: z
      .object({ field: z.enum(sortFields, 'validation.invalidOption'), order: z.enum(['ASC', 'DESC']) })
      .optional()
      .nullable(),
  });
}

/** Optional yes/no filter of a list (e.g. active): absent or null means both. */
export const optionalBoolean = z.boolean().optional().nullable();

export const optionalIds = z.array(z.coerce.number().int().positive('validation.invalidValue')).optional().nullable();
