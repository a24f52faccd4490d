import type { TipoAuditoria } from '../../../domain/auditoria';
import { formatCnpj, formatCpf, onlyDigits } from '../../../domain/documentos';
import { applyPhoneMask } from '../../../domain/telefones';

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
  /** Null for the system's changes and for an author outside the caller's scope. */
  autor: { id: string; nome: string; email: string } | null;
  /** Made by a user the caller may not see: shown without a name. */
  autorForaDoEscopo: boolean;
  /** JSON text of the whole previous value (shown when it is not an object of fields). */
  valorAnterior: string | null;
  valorNovo: string | null;
  campos: string[];
  diferencas: AuditoriaCampo[];
}

/** A record the values name by id, with its current name (null: outside the caller's scope). */
export interface AuditoriaReferencia {
  tipo: string;
  id: string;
  nome: string | null;
}

export interface AuditoriaHistorico {
  content: AuditoriaEntry[];
  totalElements: number;
  /** Every field of the record's history, for the field filter. */
  campos: string[];
  /** The record's current name; null when it has none or no longer exists. */
  nome: string | null;
  /** Names of the records the page's values name by id; an id missing here was removed. */
  referencias: AuditoriaReferencia[];
}

export interface AuditoriaVariables {
  filterInput: { tipo: TipoAuditoria; registroId: string; campo?: string; page: number; rowsPerPage: number };
}

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

/** The key of a named record in the page's map of names. */
export const referenciaKey = (tipo: string, id: unknown) => `${tipo}:${String(id)}`;

/** Each named record's name, null for one that exists outside the caller's scope. */
export function mapaDeNomes(referencias: readonly AuditoriaReferencia[]): ReadonlyMap<string, string | null> {
  return new Map(referencias.map((r) => [referenciaKey(r.tipo, r.id), r.nome]));
}

const bySize =
  (format: (digits: string) => string, ...sizes: number[]) =>
  (value: string) =>
    sizes.includes(onlyDigits(value).length) ? format(value) : value;

const formatTelefone = bySize((v) => applyPhoneMask(v, onlyDigits(v).length === 11 ? 'celular' : 'telefone'), 10, 11);
const formatCep = bySize((v) => onlyDigits(v).replace(/^(\d{5})(\d{3})$/, '$1-$2'), 8);

/** Fields holding documents, phones and postal codes, stored bare: shown with their masks. */
export const MASCARAS: Readonly<Record<string, (value: string) => string>> = {
  cnpj: formatCnpj,
  cnpjsAdicionais: formatCnpj,
  cpf: bySize(formatCpf, 11),
  telefones: formatTelefone,
  celulares: formatTelefone,
  telefone: formatTelefone,
  celular: formatTelefone,
  cep: formatCep,
};

/** Fields holding an enumeration, and the catalog section naming its values. */
export const ENUMERACOES: Readonly<Record<string, string>> = {
  tipo: 'tiposUsuario',
  tiposUsuario: 'tiposUsuario',
  idioma: 'languages',
};
