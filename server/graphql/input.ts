import type { z } from 'zod';
import type { Idioma } from '../../domain/enums';
import { badUserInputKeys, fromZodError } from './errors';

/** Parses operation arguments with a shared zod schema; bad input becomes BAD_USER_INPUT with field errors. */
export function parseInput<S extends z.ZodType>(schema: S, args: unknown, idioma: Idioma): z.infer<S> {
  const result = schema.safeParse(args);
  if (!result.success) throw fromZodError(idioma, result.error);
  return result.data;
}

/** Path of the first string holding a NUL character, walking objects and arrays; undefined when none. */
function pathOfNul(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = pathOfNul(value[i], [...path, i]);
      if (found) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = pathOfNul(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Refuses any argument string holding a NUL character (PostgreSQL cannot store one, and would
 * answer 'invalid byte sequence'). The field error is named as the forms name fields: without the
 * input-object argument (`salvarDealer(dealer: { nomeExibicao })` gives `nomeExibicao`).
 */
export function refuseNulCharacters(args: Record<string, unknown>, idioma: Idioma): void {
  const path = pathOfNul(args);
  if (!path) return;
  const [argument, ...rest] = path;
  const field = rest.length > 0 && !Array.isArray(args[argument]) ? rest : path;
  throw badUserInputKeys(idioma, { [field.join('.')]: 'validation.invalidCharacters' });
}
