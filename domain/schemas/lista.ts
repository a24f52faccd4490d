import { z } from 'zod';
import { MAX_IDS, recordId } from './campos';

// The paged list input of spec section 7 ({ page, rowsPerPage, busca, sort } plus each list's filters).

export const MAX_ROWS_PER_PAGE = 100;
/** Longest search text of a list. */
export const BUSCA_MAX_LENGTH = 200;
/**
 * Most rows an unpaged list answers (reference data: brands, positions, active groups, ...): they
 * hold tens of rows today; the bound keeps one request's answer small if a table ever grows.
 */
export const MAX_UNPAGED_ROWS = 1000;
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
    busca: z.string().trim().max(BUSCA_MAX_LENGTH, 'validation.maxLength').optional().nullable(),
    sort: z
      .object({ field: z.enum(sortFields, 'validation.invalidOption'), order: z.enum(['ASC', 'DESC']) })
      .optional()
      .nullable(),
  });
}

/** Optional yes/no filter of a list (e.g. active): absent or null means both. */
export const optionalBoolean = z.boolean().optional().nullable();

export const optionalIds = z.array(recordId()).max(MAX_IDS, 'validation.maxItems').optional().nullable();
