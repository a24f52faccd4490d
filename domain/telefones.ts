import { onlyDigits } from './documentos';

// Brazilian phone numbers as the masked inputs of the dealer and user forms enter them.

export type TipoTelefone = 'telefone' | 'celular';

/** `9` is a digit slot. Landlines have 10 digits, mobiles 11 (area code included). */
export const PHONE_MASKS: Record<TipoTelefone, string> = {
  telefone: '(99) 9999-9999',
  celular: '(99) 99999-9999',
};

const digitCount = (mask: string) => mask.split('').filter((c) => c === '9').length;

/** The digits laid over the mask, as far as they go: `11987` -> `(11) 987`. */
export function applyPhoneMask(value: string, tipo: TipoTelefone): string {
  const digits = onlyDigits(value).slice(0, digitCount(PHONE_MASKS[tipo]));
  let out = '';
  let next = 0;
  for (const slot of PHONE_MASKS[tipo]) {
    if (next >= digits.length) break;
    out += slot === '9' ? digits[next++] : slot;
  }
  return out;
}

/**
 * The catalog key of what is wrong with a phone, or null when it is fine: 'Formato inválido' when
 * it does not fill the mask (or holds other characters), 'Valor inválido' when it fills it with an
 * impossible number (area code starting with 0, a mobile not starting with 9, one digit repeated).
 */
export function phoneError(value: string, tipo: TipoTelefone): string | null {
  const digits = onlyDigits(value);
  if (/[^\d()\s-]/.test(value) || digits.length !== digitCount(PHONE_MASKS[tipo])) return 'validation.invalidFormat';
  if (digits[0] === '0' || /^(\d)\1+$/.test(digits)) return 'validation.invalidValue';
  if (tipo === 'celular' && digits[2] !== '9') return 'validation.invalidValue';
  return null;
}
