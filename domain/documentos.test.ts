import { describe, expect, it } from 'vitest';
import { dealerSchema } from './schemas/dealer';
import {
  applyCnpjMask,
  applyCpfMask,
  checkDigits,
  formatCnpj,
  formatCpf,
  isValidCnpj,
  isValidCpf,
  normalizeCnpj,
} from './documentos';

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

  it('formats a CPF', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCpf('123')).toBe('123');
  });

  it('lays the CPF mask over the digits typed so far', () => {
    expect(applyCpfMask('529')).toBe('529');
    expect(applyCpfMask('5299822')).toBe('529.982.2');
    expect(applyCpfMask('529982247')).toBe('529.982.247');
    expect(applyCpfMask('529.982.247-25999')).toBe('529.982.247-25');
    expect(applyCpfMask('')).toBe('');
  });
});

describe('alphanumeric CNPJ (issued from July 2026)', () => {
  // 12.ABC.345/01DE-35 is the federal revenue's own example; the others carry digits computed by hand
  // with char code − 48 per position (A = 17 ... Z = 42) and the numeric CNPJ's weights.
  const valid = ['12.ABC.345/01DE-35', '12ABC34501DE35', '12abc34501de35', 'A1.B2C.3D4/E5F6-68', 'AB.CDE.FGH/IJKL-80'];

  it.each(valid)('accepts %s', (value) => expect(isValidCnpj(value)).toBe(true));

  it.each([
    ['a wrong check digit', '12.ABC.345/01DE-36'],
    ['a letter in the check digits', '12.ABC.345/01DE-3A'],
    ['13 characters', '12ABC34501DE3'],
    ['15 characters', '12ABC34501DE351'],
    ['a character outside A-Z and 0-9', '12ABC34501D*35'],
  ])('rejects %s', (_reason, value) => expect(isValidCnpj(value)).toBe(false));

  it('computes its check digits with char code − 48', () => {
    expect(checkDigits('12ABC34501DE', 'cnpj')).toBe('35');
    expect(checkDigits('A1B2C3D4E5F6', 'cnpj')).toBe('68');
    expect(checkDigits('ABCDEFGHIJKL', 'cnpj')).toBe('80');
  });

  it('masks and stores it like a numeric one', () => {
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCnpj('12AB')).toBe('12AB');
    expect(applyCnpjMask('12abc3')).toBe('12.ABC.3');
    expect(applyCnpjMask('12.ABC.345/01DE-35 extra')).toBe('12.ABC.345/01DE-35');
    expect(applyCnpjMask('1122233')).toBe('11.222.33');
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });

  it('is accepted by the dealer schema, which stores it without the mask', () => {
    const cnpj = dealerSchema.shape.cnpj;
    expect(cnpj.parse('12.abc.345/01DE-35')).toBe('12ABC34501DE35');
    expect(cnpj.safeParse('12.ABC.345/01DE-00').success).toBe(false);
  });
});
