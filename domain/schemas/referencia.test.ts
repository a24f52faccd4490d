import { describe, expect, it } from 'vitest';
import { marcaSchema, redeSocialSchema, setorSchema } from './referencia';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

const rede = { marcaId: '1', nome: 'Facebook', url: 'https://facebook.com/aurora', icone: 'fab|facebook' };

describe('reference data schemas', () => {
  it('accept an icon as two non-empty parts around one pipe', () => {
    expect(redeSocialSchema.safeParse(rede).success).toBe(true);
    for (const icone of ['facebook', 'fab|', '|facebook', 'fab||facebook', 'fab|face|book', 'fab| facebook']) {
      expect(issues(redeSocialSchema.safeParse({ ...rede, icone })), icone).toEqual({
        icone: 'referencia.iconeFormato',
      });
    }
  });

  it('accept only http(s) addresses', () => {
    for (const url of ['javascript:alert(1)', 'ftp://example.com', 'facebook.com/aurora']) {
      expect(issues(redeSocialSchema.safeParse({ ...rede, url })), url).toEqual({ url: 'validation.url' });
    }
    expect(issues(redeSocialSchema.safeParse({ ...rede, url: '' }))).toEqual({ url: 'validation.required' });
  });

  it('require the chosen brand or division, whatever the select sends when empty', () => {
    for (const empty of ['', null, undefined]) {
      expect(issues(redeSocialSchema.safeParse({ ...rede, marcaId: empty }))).toEqual({
        marcaId: 'validation.required',
      });
      expect(issues(setorSchema.safeParse({ nome: 'Peças', divisaoId: empty }))).toEqual({
        divisaoId: 'validation.required',
      });
    }
  });

  it('trim texts, store empty optional texts as null and bound lengths', () => {
    expect(marcaSchema.parse({ id: '4', nome: '  Delta  ', descricao: ' ', facebookId: null })).toEqual({
      id: 4,
      nome: 'Delta',
      descricao: null,
      facebookId: null,
    });
    expect(issues(marcaSchema.safeParse({ nome: ' ' }))).toEqual({ nome: 'validation.required' });
    expect(issues(marcaSchema.safeParse({ nome: 'x'.repeat(121) }))).toEqual({ nome: 'validation.maxLength' });
  });
});
