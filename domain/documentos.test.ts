import { describe, expect, it } from 'vitest';
import { checkDigits, isValidCnpj, isValidCpf } from './documentos';

describe('CPF and CNPJ', () => {
  it('accepts known valid numbers, with or without punctuation', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
  });

  it('rejects wrong check digits, wrong lengths and repeated digits', () => {
    expect(isValidCpf('529.982.247-26')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
  });

  it('computes the check digits that make a number valid', () => {
    expect(checkDigits('529982247', 'cpf')).toBe('25');
    expect(checkDigits('112223330001', 'cnpj')).toBe('81');
  });
});
