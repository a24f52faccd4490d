import type { ZodError } from 'zod';
import type { Idioma } from '../domain/enums';
import { translate } from '../i18n';

/** A zod error as { 'dotted.path': translated message }, using the catalog key each schema names. */
export function fieldErrorsOf(idioma: Idioma, error: ZodError): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    if (fieldErrors[field]) continue;
    const bounds = issue as { minimum?: number | bigint; maximum?: number | bigint };
    const custom = (issue as { params?: Record<string, string> }).params;
    const params = { min: Number(bounds.minimum ?? 0), max: Number(bounds.maximum ?? 0), ...custom };
    const translated = translate(idioma, issue.message, params);
    fieldErrors[field] = translated === issue.message ? translate(idioma, 'validation.invalidValue') : translated;
  }
  return fieldErrors;
}
