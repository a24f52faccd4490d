import { formatCnpj as formatCnpjV2, isValidCnpj as isValidCnpjV2, parseCnpj } from '@brazilian-utils/brazilian-utils';

// Brazilian tax ids: CPF (people, 11 digits) and CNPJ (companies, 14 characters with check digits).
// From July 2026 the federal revenue also issues alphanumeric CNPJs: 12 characters A-Z or 0-9 and
// 2 numeric check digits. CNPJs are validated, masked and normalised by @brazilian-utils (its
// `version: 2` rule, which accepts both the numeric and the alphanumeric kind).

export const onlyDigits = (value: string) => value.replace(/\D/g, '');

/** A CNPJ as stored: its mask dropped, letters upper case, at most 14 characters. */
export const normalizeCnpj = (value: string) => parseCnpj(value, { version: 2 });

/** A character's value in the check-digit sums: its char code − 48 (digits 0-9, letters A-Z 17-42). */
const charValue = (c: string) => c.charCodeAt(0) - 48;

function mod11Digit(values: number[], weights: number[]): number {
  const sum = values.reduce((acc, d, i) => acc + d * weights[i], 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const CPF_W1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_W2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * The two check digits appended to the first 9 CPF digits or the first 12 CNPJ characters (used to
 * make test and demo numbers).
 */
export function checkDigits(base: string, kind: 'cpf' | 'cnpj'): string {
  const values = [...(kind === 'cpf' ? onlyDigits(base) : normalizeCnpj(base))].map(charValue);
  const [w1, w2] = kind === 'cpf' ? [CPF_W1, CPF_W2] : [CNPJ_W1, CNPJ_W2];
  const d1 = mod11Digit(values, w1);
  const d2 = mod11Digit([...values, d1], w2);
  return `${d1}${d2}`;
}

export function isValidCpf(value: string): boolean {
  const digits = onlyDigits(value);
  if (digits.length !== 11 || /^(\d)\1+$/.test(digits)) return false;
  return checkDigits(digits.slice(0, 9), 'cpf') === digits.slice(9);
}

/** A numeric or alphanumeric CNPJ, with or without its mask. */
export const isValidCnpj = (value: string) => isValidCnpjV2(value, { version: 2 });

/** 11222333000181 -> 11.222.333/0001-81, 12abc34501de35 -> 12.ABC.345/01DE-35 (other lengths are returned as given). */
export function formatCnpj(value: string): string {
  const cnpj = normalizeCnpj(value);
  return cnpj.length === 14 ? formatCnpjV2(cnpj, { version: 2 }) : value;
}

/** The CNPJ mask over the characters typed so far: `12abc3` -> `12.ABC.3`. */
export const applyCnpjMask = (value: string) => formatCnpjV2(normalizeCnpj(value), { version: 2 });

/** The CPF mask over the digits typed so far: `5299822` -> `529.982.2`; at most 11 digits. */
export function applyCpfMask(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  return (
    [d.slice(0, 3), d.slice(3, 6), d.slice(6, 9)].filter(Boolean).join('.') + (d.length > 9 ? `-${d.slice(9)}` : '')
  );
}

/** 52998224725 -> 529.982.247-25 (other lengths are returned as given). */
export function formatCpf(value: string): string {
  const d = onlyDigits(value);
  return d.length === 11 ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}` : value;
}
