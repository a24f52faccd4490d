import { describe, expect, it } from 'vitest';
import { replaceProduto, toggleTipoAcesso } from './permissoes';

const produto = {
  id: '1',
  nome: 'Portal',
  tiposAcesso: [
    { id: '10', nome: 'Leitor', funcionalidadesPadrao: [{ id: '100' }] },
    { id: '11', nome: 'Gestor', funcionalidadesPadrao: [{ id: '100' }, { id: '101' }] },
  ],
  funcionalidades: [],
};

describe('toggleTipoAcesso', () => {
  it("adds the chosen type's default features to those already chosen", () => {
    const next = toggleTipoAcesso(
      produto,
      { produtoId: '1', tiposAcessoIds: [], funcionalidadeIds: ['102'] },
      '11',
      true,
    );
    expect(next).toEqual({ produtoId: '1', tiposAcessoIds: ['11'], funcionalidadeIds: ['102', '100', '101'] });
  });

  it('drops the defaults of a dropped type, keeping those of the types still chosen and those chosen by hand', () => {
    const current = { produtoId: '1', tiposAcessoIds: ['10', '11'], funcionalidadeIds: ['100', '101', '102'] };
    expect(toggleTipoAcesso(produto, current, '11', false)).toEqual({
      produtoId: '1',
      tiposAcessoIds: ['10'],
      funcionalidadeIds: ['100', '102'],
    });
  });
});

describe('replaceProduto', () => {
  it('adds, replaces, and removes an entry left empty', () => {
    const a = { produtoId: '1', tiposAcessoIds: ['10'], funcionalidadeIds: [] };
    expect(replaceProduto([], a)).toEqual([a]);
    const a2 = { ...a, funcionalidadeIds: ['100'] };
    expect(replaceProduto([a], a2)).toEqual([a2]);
    expect(replaceProduto([a], { produtoId: '1', tiposAcessoIds: [], funcionalidadeIds: [] })).toEqual([]);
  });
});
