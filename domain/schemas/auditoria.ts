import { z } from 'zod';
import { AUDITORIA_MAX_ROWS_PER_PAGE, AUDITORIA_PAGE_SIZES, TIPOS_AUDITORIA } from '../auditoria';
import { idSchema } from './usuario';

/** Arguments of the `auditoria` query: one record's history, optionally of one field, one page at a time. */
export const auditoriaArgsSchema = z.object({
  filterInput: z.object({
    tipo: z.enum(TIPOS_AUDITORIA, 'validation.invalidOption'),
    // Every audited kind is identified by a database id; kept as text, as the audit table stores it.
    registroId: idSchema.transform(String),
    campo: z
      .string('validation.invalidValue')
      .trim()
      .max(100, 'validation.maxLength')
      .nullish()
      .transform((campo) => campo || undefined),
    page: z
      .number('validation.number')
      .int('validation.integer')
      .min(0, 'validation.min')
      .nullish()
      .transform((page) => page ?? 0),
    rowsPerPage: z
      .number('validation.number')
      .int('validation.integer')
      .min(1, 'validation.min')
      .max(AUDITORIA_MAX_ROWS_PER_PAGE, 'validation.max')
      .nullish()
      .transform((rows) => rows ?? AUDITORIA_PAGE_SIZES[0]),
  }),
});

export type AuditoriaArgs = z.infer<typeof auditoriaArgsSchema>;
