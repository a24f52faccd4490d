import type { TipoAuditoria } from '../../../domain/auditoria';

/** One field of a change; each value is JSON text, null when that side does not hold the field. */
export interface AuditoriaCampo {
  campo: string;
  anterior: string | null;
  novo: string | null;
}

export interface AuditoriaEntry {
  id: string;
  alteracao: string;
  /** ISO 8601 instant. */
  data: string;
  autor: { id: string; nome: string; email: string } | null;
  /** JSON text of the whole previous value (shown when it is not an object of fields). */
  valorAnterior: string | null;
  valorNovo: string | null;
  campos: string[];
  diferencas: AuditoriaCampo[];
}

export interface AuditoriaHistorico {
  content: AuditoriaEntry[];
  totalElements: number;
  /** Every field of the record's history, for the field filter. */
  campos: string[];
}

export interface AuditoriaVariables {
  filterInput: { tipo: TipoAuditoria; registroId: string; campo?: string; page: number; rowsPerPage: number };
}

export const AUDITORIA_QUERY = `query auditoria($filterInput: AuditoriaFilterInput!) {
  auditoria(filterInput: $filterInput) {
    content {
      id alteracao data autor { id nome email } valorAnterior valorNovo campos
      diferencas { campo anterior novo }
    }
    totalElements
    campos
  }
}`;

/** A side of a change: the field is absent there, or holds this (parsed) value. */
export type Lado = { absent: true } | { absent: false; value: unknown };

export function parseLado(json: string | null): Lado {
  if (json === null) return { absent: true };
  try {
    return { absent: false, value: JSON.parse(json) as unknown };
  } catch {
    return { absent: false, value: json };
  }
}

/**
 * The rows of the side-by-side view: the change's fields, or, when a side holds something other
 * than an object of fields, that whole value under an unnamed row.
 */
export function linhasDe(entry: AuditoriaEntry): AuditoriaCampo[] {
  if (entry.diferencas.length > 0) return entry.diferencas;
  if (entry.valorAnterior === null && entry.valorNovo === null) return [];
  return [{ campo: '', anterior: entry.valorAnterior, novo: entry.valorNovo }];
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Same JSON value (key order of objects aside). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((key) => key in a && key in b && sameValue(a[key], b[key]));
  }
  return a === b;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** How a string value reads: ISO dates and instants in the interface language, the rest as is. */
export function stringKind(value: string): 'date' | 'instant' | 'text' {
  if (ISO_DATE.test(value)) return 'date';
  if (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return 'instant';
  return 'text';
}
