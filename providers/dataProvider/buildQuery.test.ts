import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, print, validate, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { RESOURCES, RESOURCE_METHODS, type ResourceMethod } from '../../domain/resources';
import { MissingOperationError, buildOperation, namedQuery, type ResourceTable } from './buildQuery';

/** The API's committed contract (server/schema.graphql, printed from the server's SDL). */
const serverSchema = () => buildSchema(readFileSync(path.resolve(__dirname, '../../server/schema.graphql'), 'utf8'));

const SAMPLE_PARAMS: Record<ResourceMethod, Record<string, unknown>> = {
  getList: { pagination: { page: 1, perPage: 10 }, sort: { field: 'nome', order: 'ASC' }, filter: { q: 'a' } },
  getOne: { id: '1' },
  getMany: { ids: ['1', '2'] },
  getManyReference: {
    target: 'grupoId',
    id: '7',
    pagination: { page: 1, perPage: 10 },
    sort: { field: 'id', order: 'ASC' },
    filter: {},
  },
  create: { data: { nome: 'x' } },
  update: { id: '1', data: { id: '1', nome: 'x' }, previousData: { id: '1', nome: 'y' } },
  updateMany: { ids: ['1', '2'], data: { active: false } },
  delete: { id: '1', previousData: { id: '1' } },
  deleteMany: { ids: ['1', '2'] },
};

const declared = Object.entries(RESOURCES).flatMap(([resource, table]) =>
  RESOURCE_METHODS.filter((method) => method in table).map((method) => [resource, method] as const),
);

describe('buildQuery over domain/resources.ts', () => {
  const schema = serverSchema();

  it('declares at least the produtos list', () => {
    expect(declared).toContainEqual(['produtos', 'getList']);
  });

  it.each(declared)('%s.%s builds a query the API schema accepts', (resource, method) => {
    const built = buildOperation(RESOURCES, resource, method, SAMPLE_PARAMS[method]);
    const errors = validate(schema, built.query);
    expect(errors.map((e) => e.message)).toEqual([]);
    const operation = built.query.definitions[0] as OperationDefinitionNode;
    expect(operation.name?.value).toBe(`${resource}_${method}`);
  });

  it('reads the produtos list with the declared selection and no arguments', () => {
    const built = buildOperation(RESOURCES, 'produtos', 'getList', SAMPLE_PARAMS.getList);
    expect(print(built.query)).toContain('result: produtos {');
    expect(print(built.query)).toMatch(/tiposAcesso \{\s+id\s+nome\s+\}/);
    expect(built.variables).toEqual({});
  });

  it('throws a clear error for an undeclared operation or resource', () => {
    const build = (resource: string, method: 'create' | 'getList') => () =>
      buildOperation(RESOURCES, resource, method, { data: {} });
    expect(build('produtos', 'create')).toThrow(MissingOperationError);
    expect(build('produtos', 'create')).toThrow(/"produtos" declares no "create" operation/);
    expect(build('naoExiste', 'getList')).toThrow(/Unknown resource "naoExiste"/);
  });
});

describe('buildQuery shapes', () => {
  const table: ResourceTable = {
    dealers: {
      fields: 'id nomeExibicao',
      getList: { operation: 'dealers', paged: true, inputType: 'DealerFilterInput' },
      getManyReference: { operation: 'dealers', paged: true },
      getOne: 'dealer',
      getMany: 'dealersByIds',
      update: { operation: 'salvarDealer', arg: 'dealer', argType: 'DealerInput!', inputFields: ['nomeExibicao'] },
      create: { operation: 'salvarDealer', arg: 'dealer', argType: 'DealerInput!', fields: 'id' },
      deleteMany: { operation: 'excluirDealer', arg: 'idDealer' },
    },
  };

  it('sends a paged list as filterInput { page (0-based), rowsPerPage, busca, filters, sort }', () => {
    const built = buildOperation(table, 'dealers', 'getList', {
      pagination: { page: 3, perPage: 25 },
      sort: { field: 'nomeExibicao', order: 'DESC' },
      filter: { q: 'norte', active: true },
    });
    expect(print(built.query)).toContain('query dealers_getList($filterInput: DealerFilterInput!)');
    expect(print(built.query)).toMatch(
      /result: dealers\(filterInput: \$filterInput\) \{\s+content \{\s+id\s+nomeExibicao\s+\}\s+totalElements/,
    );
    expect(built.variables).toEqual({
      filterInput: {
        page: 2,
        rowsPerPage: 25,
        busca: 'norte',
        active: true,
        sort: { field: 'nomeExibicao', order: 'DESC' },
      },
    });
    expect(
      built.parseResponse({
        data: { result: { content: [{ id: '1', nomeExibicao: 'A', __typename: 'Dealer' }], totalElements: 41 } },
      }),
    ).toEqual({ data: [{ id: '1', nomeExibicao: 'A' }], total: 41 });
  });

  it('adds the reference to the filter of getManyReference', () => {
    const built = buildOperation(table, 'dealers', 'getManyReference', {
      target: 'grupoId',
      id: '9',
      pagination: { page: 1, perPage: 5 },
      filter: {},
    });
    expect(print(built.query)).toContain('$filterInput: FilterInput!');
    expect(built.variables.filterInput).toMatchObject({ grupoId: '9', page: 0, rowsPerPage: 5 });
  });

  it('reads one and many records by id', () => {
    const one = buildOperation(table, 'dealers', 'getOne', { id: '4' });
    expect(print(one.query)).toContain('query dealers_getOne($value: ID!)');
    expect(print(one.query)).toContain('result: dealer(id: $value)');
    expect(one.variables).toEqual({ value: '4' });
    const many = buildOperation(table, 'dealers', 'getMany', { ids: ['4', '5'] });
    expect(print(many.query)).toContain('result: dealersByIds(ids: $value)');
    expect(many.variables).toEqual({ value: ['4', '5'] });
  });

  it('sends only the declared input fields, with the id, on update', () => {
    const built = buildOperation(table, 'dealers', 'update', {
      id: '4',
      data: { id: '4', nomeExibicao: 'Novo', grupo: { id: '1', __typename: 'Grupo' }, __typename: 'Dealer' },
      previousData: { id: '4', nomeExibicao: 'Velho', grupo: { id: '1' } },
    });
    expect(print(built.query)).toContain('mutation dealers_update($input: DealerInput!)');
    expect(print(built.query)).toContain('result: salvarDealer(dealer: $input)');
    expect(built.variables).toEqual({ input: { id: '4', nomeExibicao: 'Novo' } });
    // A mutation answering part of the record keeps the rest of it.
    expect(built.parseResponse({ data: { result: { id: '4', nomeExibicao: 'Novo', __typename: 'Dealer' } } })).toEqual({
      data: { id: '4', nomeExibicao: 'Novo', grupo: { id: '1' } },
    });
  });

  it('strips __typename from create input and honours an operation-level selection', () => {
    const built = buildOperation(table, 'dealers', 'create', { data: { nomeExibicao: 'X', __typename: 'Dealer' } });
    expect(built.variables).toEqual({ input: { nomeExibicao: 'X' } });
    expect(print(built.query)).toMatch(/salvarDealer\(dealer: \$input\) \{\s+id\s+\}/);
  });

  it('removes a versioned record with the version it read, and a record without one by id alone', () => {
    const built = buildOperation(RESOURCES, 'cargos', 'delete', { id: '7', previousData: { id: '7', version: 3 } });
    expect(print(built.query)).toContain('mutation cargos_delete($id0: ID!, $version: Int)');
    expect(print(built.query)).toContain('r0: excluirCargo(id: $id0, version: $version)');
    expect(built.variables).toEqual({ id0: '7', version: 3 });
    const unread = buildOperation(RESOURCES, 'cargos', 'delete', { id: '7' });
    expect(print(unread.query)).toContain('r0: excluirCargo(id: $id0)');
    expect(unread.variables).toEqual({ id0: '7' });
  });

  it('removes many records with one aliased field per id', () => {
    const built = buildOperation(table, 'dealers', 'deleteMany', { ids: ['1', '2'] });
    expect(print(built.query)).toContain('mutation dealers_deleteMany($id0: ID!, $id1: ID!)');
    expect(print(built.query)).toContain('r0: excluirDealer(idDealer: $id0)');
    expect(print(built.query)).toContain('r1: excluirDealer(idDealer: $id1)');
    expect(built.variables).toEqual({ id0: '1', id1: '2' });
    expect(built.parseResponse({ data: { r0: true, r1: false } })).toEqual({ data: ['1'] });
  });
});

describe('mutations with arguments beside the input (extraArgs)', () => {
  const table: ResourceTable = {
    usuarios: {
      fields: 'id nome',
      update: {
        operation: 'salvarUsuario',
        arg: 'usuario',
        argType: 'UsuarioInput!',
        inputFields: ['nome'],
        extraArgs: [
          { name: 'cargos', argType: '[CargoUsuarioInput!]', field: 'cargos', itemFields: ['cargoId', 'dealerId'] },
          { name: 'infos', argType: '[InfoProdutoInput!]', field: 'produtos' },
        ],
      },
      create: {
        operation: 'salvarUsuario',
        arg: 'usuario',
        argType: 'UsuarioInput!',
        extraArgs: [{ name: 'infos', argType: '[InfoProdutoInput!]', field: 'produtos' }],
      },
    },
  };

  it('sends each from its record key, entries cut to itemFields, beside the input', () => {
    const built = buildOperation(table, 'usuarios', 'update', {
      id: '4',
      data: {
        id: '4',
        nome: 'Ana',
        cargos: [{ cargoId: '1', dealerId: '5', cargoNome: 'Gerente', __typename: 'CargoUsuario' }],
        produtos: [{ produtoId: '3', tiposAcessoIds: ['7'] }],
      },
    });
    expect(print(built.query)).toContain(
      'mutation usuarios_update($input: UsuarioInput!, $cargos: [CargoUsuarioInput!], $infos: [InfoProdutoInput!])',
    );
    expect(print(built.query)).toContain('result: salvarUsuario(usuario: $input, cargos: $cargos, infos: $infos)');
    expect(built.variables).toEqual({
      input: { id: '4', nome: 'Ana' },
      cargos: [{ cargoId: '1', dealerId: '5' }],
      infos: [{ produtoId: '3', tiposAcessoIds: ['7'] }],
    });
  });

  it('keeps an extra argument out of an input sent whole, and sends null for a missing one', () => {
    const built = buildOperation(table, 'usuarios', 'create', { data: { nome: 'Ana' } });
    expect(built.variables).toEqual({ input: { nome: 'Ana' }, infos: null });
    const withInfos = buildOperation(table, 'usuarios', 'create', { data: { nome: 'Ana', produtos: [] } });
    expect(withInfos.variables).toEqual({ input: { nome: 'Ana' }, infos: [] });
  });

  it('the usuarios entry of the resource table sends salvarUsuario its three arguments', () => {
    const built = buildOperation(RESOURCES, 'usuarios', 'create', {
      data: { nome: 'Ana', tipo: 'MONTADORA', dealers: [{ id: '5' }], cargos: [], produtos: [] },
    });
    expect(print(built.query)).toContain('salvarUsuario(usuario: $input, cargos: $cargos, infos: $infos)');
    expect(built.variables).toEqual({ input: { nome: 'Ana', tipo: 'MONTADORA' }, cargos: [], infos: [] });
  });
});

describe('named queries (RESOURCES[resource].queries)', () => {
  it('sends plain arguments by name, or none', () => {
    const produtos = namedQuery(RESOURCES, 'usuarios', 'produtos', { idsDealer: ['5'], tipoUsuario: 'DEALER_GRUPO' });
    expect(produtos.query).toContain(
      'query usuarios_produtos($idsDealer: [ID!]!, $tipoUsuario: TipoUsuario!) { result: produtosByDealersAndTipoUsuario(idsDealer: $idsDealer, tipoUsuario: $tipoUsuario)',
    );
    expect(produtos.variables).toEqual({ idsDealer: ['5'], tipoUsuario: 'DEALER_GRUPO' });
    const dominio = namedQuery(RESOURCES, 'usuarios', 'dominio', { ignored: 1 });
    expect(dominio.query).toMatch(/^query usuarios_dominio \{ result: dominioUsuario \{/);
    expect(dominio.variables).toEqual({});
  });

  it('sends one input object with its declared fields', () => {
    const impacto = namedQuery(RESOURCES, 'grupos', 'impacto', {
      id: '1',
      nome: 'G',
      marcaIds: [],
      active: true,
      x: 1,
    });
    expect(impacto.query).toContain('query grupos_impacto($input: GrupoInput!) { result: impactoGrupo(grupo: $input)');
    expect(impacto.variables).toEqual({ input: { id: '1', nome: 'G', marcaIds: [], active: true } });
  });
});
