import { describe, expect, it } from 'vitest';
import {
  alternarRemovido,
  aoDesmarcarBloco,
  aoMudarTipos,
  definicaoDe,
  errosDaDefinicao,
  mesclarGrupos,
  novoGrupoUsuarios,
  semRepetidos,
  type GrupoUsuariosRecord,
} from './regras';

const grupo = (over: Partial<GrupoUsuariosRecord>): GrupoUsuariosRecord => ({
  id: '1',
  nome: 'G',
  publico: true,
  active: true,
  possuiPerfil: false,
  possuiCargos: false,
  possuiSetores: false,
  possuiGrupos: false,
  possuiUsuariosManuais: false,
  todosDealers: false,
  marcas: [],
  tiposUsuarios: [],
  tiposAcesso: [],
  dealers: [],
  cargos: [],
  setores: [],
  grupos: [],
  usuariosManuais: [],
  usuariosRemovidos: [],
  leitores: [],
  editores: [],
  ...over,
});

describe('the form rules of spec section 4', () => {
  it('a new group is public only for who may create public groups', () => {
    expect(novoGrupoUsuarios(true).publico).toBe(true);
    expect(novoGrupoUsuarios(false).publico).toBe(false);
  });

  it('unchecking the profile clears brands, user types, access types, all-dealers and dealers', () => {
    expect(aoDesmarcarBloco('possuiPerfil')).toEqual({
      marcaIds: [],
      tiposUsuario: [],
      tipoAcessoIds: [],
      todosDealers: false,
      dealerIds: [],
      dealers: [],
    });
  });

  it('unchecking another block clears only its values', () => {
    expect(aoDesmarcarBloco('possuiCargos')).toEqual({ cargoIds: [] });
    expect(aoDesmarcarBloco('possuiSetores')).toEqual({ setorIds: [] });
    expect(aoDesmarcarBloco('possuiGrupos')).toEqual({ grupoIds: [] });
    expect(aoDesmarcarBloco('possuiUsuariosManuais')).toEqual({ usuarioManualIds: [], usuariosManuais: [] });
  });

  it('dropping the dealer-group type clears all-dealers, dealers and access types; other changes do not', () => {
    expect(aoMudarTipos(['MONTADORA', 'DEALER_GRUPO'], ['MONTADORA'])).toEqual({
      tiposUsuario: ['MONTADORA'],
      todosDealers: false,
      dealerIds: [],
      dealers: [],
      tipoAcessoIds: [],
    });
    expect(aoMudarTipos(['DEALER_GRUPO'], ['DEALER_GRUPO', 'MONTADORA'])).toEqual({
      tiposUsuario: ['DEALER_GRUPO', 'MONTADORA'],
    });
    expect(aoMudarTipos(['MONTADORA'], [])).toEqual({ tiposUsuario: [] });
  });

  it('choosing an option already chosen is ignored', () => {
    expect(semRepetidos([{ id: '1' }, { id: '2' }, { id: '1' }])).toEqual([{ id: '1' }, { id: '2' }]);
    expect(aoMudarTipos([], ['MONTADORA', 'MONTADORA']).tiposUsuario).toEqual(['MONTADORA']);
  });
});

describe('importing other groups (mesclarGrupos)', () => {
  const form = {
    ...novoGrupoUsuarios(true),
    id: '7',
    nome: 'Meu grupo',
    leitorIds: ['50'],
    possuiCargos: true,
    cargoIds: ['1'],
    possuiUsuariosManuais: true,
    usuarioManualIds: ['10'],
    usuariosManuais: [{ id: '10', nome: 'Ana', email: 'ana@x.test' }],
  };
  const a = grupo({
    id: '2',
    nome: 'A',
    publico: false,
    possuiCargos: true,
    cargos: [
      { id: '1', nome: 'Vendedor' },
      { id: '2', nome: 'Gerente' },
    ],
    possuiPerfil: true,
    todosDealers: true,
    marcas: [{ id: '3', nome: 'M' }],
    tiposUsuarios: ['DEALER_GRUPO'],
    leitores: [{ id: '60', nome: 'L', email: 'l@x.test' }],
  });
  const b = grupo({
    id: '3',
    nome: 'B',
    possuiUsuariosManuais: true,
    usuariosManuais: [
      { id: '10', nome: 'Ana', email: 'ana@x.test' },
      { id: '11', nome: 'Bia', email: 'bia@x.test' },
    ],
    usuariosRemovidos: [{ id: '12', nome: 'Caio', email: 'caio@x.test' }],
    possuiSetores: true,
    setores: [{ id: '4', nome: 'S' }],
  });

  it('turns a block on when it is on anywhere and unites the values, once each', () => {
    const merged = mesclarGrupos(form, [a, b]);
    expect(merged).toMatchObject({
      possuiPerfil: true,
      possuiCargos: true,
      possuiSetores: true,
      possuiGrupos: false,
      possuiUsuariosManuais: true,
      todosDealers: true,
      marcaIds: ['3'],
      tiposUsuario: ['DEALER_GRUPO'],
      cargoIds: ['1', '2'],
      setorIds: ['4'],
      usuarioManualIds: ['10', '11'],
      usuarioRemovidoIds: ['12'],
    });
    expect(merged.usuariosManuais.map((u) => u.nome)).toEqual(['Ana', 'Bia']);
  });

  it("keeps the form's name, id, visibility and access lists", () => {
    const merged = mesclarGrupos(form, [a]);
    expect(merged).toMatchObject({ id: '7', nome: 'Meu grupo', publico: true, leitorIds: ['50'] });
  });

  it('changes nothing with no groups', () => {
    expect(mesclarGrupos(form, [])).toEqual(form);
  });
});

describe('the preview', () => {
  it('sends the blocks and the exclusions, not the name or access lists', () => {
    const definicao = definicaoDe({
      ...novoGrupoUsuarios(true),
      nome: 'X',
      leitorIds: ['1'],
      usuarioRemovidoIds: ['9'],
    });
    expect(definicao).not.toHaveProperty('nome');
    expect(definicao).not.toHaveProperty('leitorIds');
    expect(definicao.usuarioRemovidoIds).toEqual(['9']);
  });

  it('excludes a user and includes them again', () => {
    const ana = { id: '10', nome: 'Ana', email: 'ana@x.test' };
    const excluded = alternarRemovido({ usuarioRemovidoIds: [], usuariosRemovidos: [] }, ana, false);
    expect(excluded).toEqual({ usuarioRemovidoIds: ['10'], usuariosRemovidos: [ana] });
    expect(alternarRemovido(excluded, ana, false)).toEqual(excluded);
    expect(alternarRemovido(excluded, ana, true)).toEqual({ usuarioRemovidoIds: [], usuariosRemovidos: [] });
  });
});

describe('errosDaDefinicao', () => {
  it("names a refused preview's field errors by the form's fields and their blocks", () => {
    const error = Object.assign(new Error('Verifique os dados!'), {
      status: 400,
      body: {
        code: 'BAD_USER_INPUT',
        errors: { 'definicao.cargoIds': 'Vazio', 'definicao.marcaIds': 'Sem marca', 'definicao.blocos': 'Nenhum' },
      },
    });
    expect(errosDaDefinicao(error)).toEqual([
      { campo: 'cargoIds', bloco: 'possuiCargos', mensagem: 'Vazio' },
      { campo: 'marcaIds', bloco: 'possuiPerfil', rotulo: 'marcas', mensagem: 'Sem marca' },
      { campo: 'blocos', mensagem: 'Nenhum' },
    ]);
  });

  it('has none for another error', () => {
    expect(errosDaDefinicao(new Error('rede'))).toEqual([]);
    expect(errosDaDefinicao(null)).toEqual([]);
    expect(errosDaDefinicao({ status: 403, body: { code: 'FORBIDDEN' } })).toEqual([]);
  });
});
