// Records as the API answers them, for the user views' tests.

const marca = (id: string, nome: string) => ({ id, nome, __typename: 'Marca' });
const grupo = (id: string, nome: string) => ({ id, nome, __typename: 'GrupoRef' });

export const MARCAS = [marca('1', 'Aurora Motors'), marca('2', 'Boreal Caminhões')];
export const GRUPOS = [grupo('7', 'Grupo Sul'), grupo('8', 'Grupo Norte')];

/** Rows of `usuarios(filterInput)` with exactly the list's selection (domain/resources.ts). */
export const USUARIO_ROWS = [
  {
    id: '41',
    nome: 'Ana Souza',
    email: 'ana@aurora.test',
    cpf: '52998224725',
    tipo: { id: 'DEALER_GRUPO', __typename: 'TipoUsuarioRef' },
    active: true,
    ativacaoEspecial: false,
    inativadoPorInatividade: false,
    ultimoAcesso: '2026-11-20T13:45:00.000Z',
    marcas: [MARCAS[0]],
    grupos: [GRUPOS[0]],
    dealers: [{ id: '5', nomeExibicao: 'Aurora Centro', __typename: 'DealerUsuario' }],
    __typename: 'Usuario',
  },
  {
    id: '42',
    nome: 'Bruno Lima',
    email: 'bruno@boreal.test',
    cpf: null,
    tipo: { id: 'MONTADORA', __typename: 'TipoUsuarioRef' },
    active: false,
    ativacaoEspecial: false,
    inativadoPorInatividade: true,
    ultimoAcesso: null,
    marcas: [MARCAS[1]],
    grupos: [],
    dealers: [],
    __typename: 'Usuario',
  },
];

/** A saved dealer-group user as `usuario(id)` answers it. */
export const USUARIO = {
  id: '41',
  version: 4,
  nome: 'Ana Souza',
  email: 'ana@aurora.test',
  cpf: '52998224725',
  telefones: ['1133445566'],
  celulares: [],
  tipo: { id: 'DEALER_GRUPO', __typename: 'TipoUsuarioRef' },
  idioma: { id: 'PT_BR', __typename: 'IdiomaRef' },
  active: true,
  ativacaoEspecial: false,
  inativadoPorInatividade: false,
  ultimoAcesso: '2026-11-20T13:45:00.000Z',
  createdAt: '2025-01-10T10:00:00.000Z',
  marcaIds: ['1'],
  marcas: [MARCAS[0]],
  grupoIds: ['7'],
  grupos: [GRUPOS[0]],
  dealerIds: ['5'],
  dealers: [
    {
      id: '5',
      nomeExibicao: 'Aurora Centro',
      active: true,
      grupo: GRUPOS[0],
      __typename: 'DealerUsuario',
    },
  ],
  cargos: [
    {
      cargoId: '3',
      cargoNome: 'Gerente de vendas',
      dealerId: '5',
      dealerNome: 'Aurora Centro',
      departamentoId: '9',
      departamentoNome: 'Comercial',
      dataInicio: '2025-02-01',
      __typename: 'CargoUsuario',
    },
  ],
  dataAdmissao: '2025-01-15',
  emailSuperior: 'chefe@aurora.test',
  desligamentoId: null,
  desligamento: null,
  dataDesligamento: null,
  __typename: 'Usuario',
};

/** Ana's permissions (infoUsuario). */
export const INFO_USUARIO = [
  {
    produtoId: '1',
    produto: { id: '1', nome: 'Portal', __typename: 'ProdutoRef' },
    tiposAcessoIds: ['10'],
    funcionalidadeIds: ['100'],
    __typename: 'InfoProdutoUsuario',
  },
];

const funcionalidade = (id: string, nome: string) => ({ id, nome, descricao: null, __typename: 'Funcionalidade' });
const tipoAcesso = (id: string, nome: string, padrao: string[]) => ({
  id,
  nome,
  funcionalidadesPadrao: padrao.map((f) => ({ id: f, __typename: 'Funcionalidade' })),
  __typename: 'TipoAcesso',
});

/** The products offered, with their access types (and default features) and features. */
export const PRODUTOS = [
  {
    id: '1',
    nome: 'Portal',
    tiposAcesso: [tipoAcesso('10', 'Leitor', ['100']), tipoAcesso('11', 'Gestor', ['100', '101'])],
    funcionalidades: [
      funcionalidade('100', 'Ver comunicados'),
      funcionalidade('101', 'Criar comunicados'),
      funcionalidade('102', 'Aprovar comunicados'),
    ],
    __typename: 'Produto',
  },
  {
    id: '2',
    nome: 'Portal Peças',
    tiposAcesso: [tipoAcesso('20', 'Consulta', ['200'])],
    funcionalidades: [funcionalidade('200', 'Consultar peças')],
    __typename: 'Produto',
  },
];

export const DOMINIO = {
  tiposUsuario: ['MONTADORA', 'DEALER_GRUPO'],
  idiomas: ['PT_BR', 'ES', 'EN'],
  marcas: MARCAS,
  grupos: GRUPOS,
  produtos: PRODUTOS,
  __typename: 'DominioUsuario',
};

/** Dealer-group users give a CPF and positions (with department); both types give management data. */
export const PORTAL_PROPERTIES = {
  tiposUsuarioDocumentoObrigatorio: ['DEALER_GRUPO'],
  tiposUsuarioInformarCargo: ['DEALER_GRUPO'],
  tiposUsuarioInformarGestao: ['DEALER_GRUPO', 'MONTADORA'],
  informarDepartamentoCargo: true,
  __typename: 'UsuariosPortalProperties',
};

/** Dealers as the paged `dealers` list answers the picker (only the fields it reads). */
export const DEALERS = [
  { id: '5', nomeExibicao: 'Aurora Centro', marcaIds: ['1'] },
  { id: '6', nomeExibicao: 'Aurora Norte', marcaIds: ['1'] },
  { id: '9', nomeExibicao: 'Boreal Sul', marcaIds: ['2'] },
].map((d) => ({ ...d, active: true, __typename: 'Dealer' }));

export const CARGOS = [
  { id: '3', nome: 'Gerente de vendas' },
  { id: '4', nome: 'Vendedor' },
].map((c) => ({ ...c, version: 1, __typename: 'Cargo' }));

export const DEPARTAMENTOS = [
  { id: '9', nome: 'Comercial', sigla: 'COM' },
  { id: '10', nome: 'Pós-venda', sigla: 'POS' },
].map((d) => ({ ...d, __typename: 'Departamento' }));

export const DESLIGAMENTOS = [{ id: '1', motivo: 'Pedido de demissão', version: 1, __typename: 'Desligamento' }];

/** Users whose permissions may be copied (usuariosByTipoUsuario). */
export const CLONAVEIS = [
  { id: '43', nome: 'Carla Dias', email: 'carla@aurora.test', __typename: 'Usuario' },
  { id: '44', nome: 'Davi Reis', email: 'davi@aurora.test', __typename: 'Usuario' },
];

export const INFO_CARLA = [
  {
    produtoId: '1',
    produto: { id: '1', nome: 'Portal', __typename: 'ProdutoRef' },
    tiposAcessoIds: ['11'],
    funcionalidadeIds: ['100', '101', '102'],
    __typename: 'InfoProdutoUsuario',
  },
  {
    produtoId: '2',
    produto: { id: '2', nome: 'Portal Peças', __typename: 'ProdutoRef' },
    tiposAcessoIds: ['20'],
    funcionalidadeIds: ['200'],
    __typename: 'InfoProdutoUsuario',
  },
];

/** A new dealer-group user's first step, valid (for tests opening at step 2 with `?source=`). */
export const NOVO_USUARIO_DADOS = {
  nome: 'Eva Prado',
  email: 'eva@aurora.test',
  cpf: '529.982.247-25',
  tipo: 'DEALER_GRUPO',
  idioma: 'PT_BR',
  marcaIds: ['1'],
  grupoIds: [],
  dealerIds: ['5'],
  dealers: [{ id: '5', nomeExibicao: 'Aurora Centro' }],
  telefones: [],
  celulares: [],
  dataAdmissao: '2026-01-05',
  emailSuperior: 'chefe@aurora.test',
  cargos: [
    {
      cargoId: '4',
      cargoNome: 'Vendedor',
      dealerId: '5',
      dealerNome: 'Aurora Centro',
      departamentoId: '9',
      departamentoNome: 'Comercial',
      dataInicio: '2026-01-05',
    },
  ],
  produtos: [],
};
