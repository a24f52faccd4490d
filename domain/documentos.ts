// Brazilian tax ids: CPF (people, 11 digits) and CNPJ (companies, 14 digits), with check digits.

export const onlyDigits = (value: string) => value.replace(/\D/g, '');

function mod11Digit(digits: number[], weights: number[]): number {
  const sum = digits.reduce((acc, d, i) => acc + d * weights[i], 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const CPF_W1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_W2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** The two check digits appended to the first 9 CPF digits or the first 12 CNPJ digits. */
export function checkDigits(base: string, kind: 'cpf' | 'cnpj'): string {
  const digits = onlyDigits(base).split('').map(Number);
  const [w1, w2] = kind === 'cpf' ? [CPF_W1, CPF_W2] : [CNPJ_W1, CNPJ_W2];
  const d1 = mod11Digit(digits, w1);
  const d2 = mod11Digit([...digits, d1], w2);
  return `${d1}${d2}`;
}

function isValid(value: string, length: number, kind: 'cpf' | 'cnpj'): boolean {
  const digits = onlyDigits(value);
  if (digits.length !== length || /^(\d)\1+$/.test(digits)) return false;
  return checkDigits(digits.slice(0, length - 2), kind) === digits.slice(length - 2);
}

export const isValidCpf = (value: string) => isValid(value, 11, 'cpf');
export const isValidCnpj = (value: string) => isValid(value, 14, 'cnpj');

/** 11222333000181 -> 11.222.333/0001-81 (other lengths are returned as given). */
export function formatCnpj(value: string): string {
  const d = onlyDigits(value);
  return d.length === 14
    ? `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`
    : value;
}

/** The CNPJ mask over the digits typed so far: `1122233` -> `11.222.33`. */
export function applyCnpjMask(value: string): string {
  const d = onlyDigits(value).slice(0, 14);
  const parts: [number, string][] = [
    [2, '.'],
    [5, '.'],
    [8, '/'],
    [12, '-'],
  ];
  let out = '';
  for (let i = 0; i < d.length; i++) {
    const separator = parts.find(([at]) => at === i);
    if (separator) out += separator[1];
    out += d[i];
  }
  return out;
}
