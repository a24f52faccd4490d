import { z } from 'zod';
import { JUSTIFICATION_MIN_LENGTH } from '../limits';
import { optionalDate, optionalText, recordId, requiredDate, requiredText, versionField } from './campos';
import { filterInputSchema } from './lista';

// Temporary absence (spec sections 3 and 5), for the form and for salvarAusenciaTemporaria.

export const MOTIVO_MAX_LENGTH = 200;
export const JUSTIFICATIVA_MAX_LENGTH = 2000;
export const LOCAL_MAX_LENGTH = 200;

/** The day of `now` as yyyy-mm-dd in the local time zone (dates of absences and report periods are calendar days). */
export function hojeIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const optionalId = z.preprocess((v) => (v === '' ? null : v), recordId().nullish()).transform((v) => v ?? null);

/**
 * `hoje`: the day the start may not be before. `inicioGravado`: the start already stored when
 * editing; an absence that has begun keeps its start and may still be edited (e.g. its return).
 */
export function ausenciaSchema({ hoje = hojeIso(), inicioGravado }: { hoje?: string; inicioGravado?: string } = {}) {
  return z
    .object({
      id: recordId().nullish(),
      usuarioId: recordId('validation.required'),
      inicio: requiredDate,
      retorno: requiredDate,
      fimOperacao: optionalDate,
      motivo: requiredText(MOTIVO_MAX_LENGTH),
      justificativa: z
        .string('validation.required')
        .trim()
        .min(JUSTIFICATION_MIN_LENGTH, 'validation.minLength')
        .max(JUSTIFICATIVA_MAX_LENGTH, 'validation.maxLength'),
      local: optionalText(LOCAL_MAX_LENGTH),
      arquivoId: optionalId,
      substitutoId: optionalId,
      version: versionField,
    })
    .superRefine((a, ctx) => {
      const issue = (path: string, message: string, params?: Record<string, string>) =>
        ctx.addIssue({ code: 'custom', path: [path], message, params });
      if (a.inicio && a.inicio < hoje && a.inicio !== inicioGravado) {
        issue('inicio', 'ausencias.validation.inicioAntesDeHoje');
      }
      if (a.inicio && a.retorno && a.retorno < a.inicio) issue('retorno', 'ausencias.validation.retornoAntesDoInicio');
      if (a.inicio && a.fimOperacao && a.fimOperacao <= a.inicio) {
        issue('fimOperacao', 'ausencias.validation.fimOperacaoAntesDoInicio');
      }
      if (a.substitutoId && a.substitutoId === a.usuarioId)
        issue('substitutoId', 'ausencias.validation.substitutoProprio');
    });
}

export type AusenciaInput = z.input<ReturnType<typeof ausenciaSchema>>;
export type AusenciaValues = z.output<ReturnType<typeof ausenciaSchema>>;

export const AUSENCIA_SORT_FIELDS = ['inicio', 'retorno'] as const;

export const ausenciaFilterSchema = filterInputSchema(AUSENCIA_SORT_FIELDS).extend({ usuarioId: recordId() });
