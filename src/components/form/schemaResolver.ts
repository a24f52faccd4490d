import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** react-admin's marker for an error message with arguments (see ra-core's ValidationError). */
const WITH_ARGS = '@@react-admin@@';

/**
 * A react-hook-form resolver for `<SimpleForm resolver>` from a shared zod schema of domain/schemas.
 * The schemas' messages are i18n keys, some with bounds (`validation.maxLength` needs `%{max}`):
 * each error goes to react-admin as `{ message, args }`, which its inputs translate. The form keeps
 * its own values (the API parses them again), so fields the schema does not name are not dropped.
 * A custom issue's `params` are passed as arguments as well (as the server passes them).
 */
export function schemaResolver<T extends FieldValues>(schema: z.ZodType): Resolver<T> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values, errors: {} };
    }
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      if (errors[path]) continue;
      const bounds = issue as {
        minimum?: number | bigint;
        maximum?: number | bigint;
        params?: Record<string, unknown>;
      };
      // A custom issue's params fill its message too (e.g. `%{tipos}`).
      const args = { min: Number(bounds.minimum ?? 0), max: Number(bounds.maximum ?? 0), ...bounds.params };
      errors[path] = { type: issue.code, message: `${WITH_ARGS}${JSON.stringify({ message: issue.message, args })}` };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
