import type { z } from 'zod';
import type { Idioma } from '../../domain/enums';
import { fromZodError } from './errors';

/** Parses operation arguments with a shared zod schema; bad input becomes BAD_USER_INPUT with field errors. */
export function parseInput<S extends z.ZodType>(schema: S, args: unknown, idioma: Idioma): z.infer<S> {
  const result = schema.safeParse(args);
  if (!result.success) throw fromZodError(idioma, result.error);
  return result.data;
}
