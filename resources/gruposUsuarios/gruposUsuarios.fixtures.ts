// Records as the API answers them, for the user-group views' tests.

const criador = { id: '1', nome: 'Super Administrador', email: 'super@portal.test', __typename: 'UsuarioContato' };
const marina = { id: '2', nome: 'Marina Montadora', email: 'montadora@portal.test', __typename: 'UsuarioContato' };

const row = (
  id: string,
  nome: string,
  extra: { publico?: boolean; favorito?: boolean; active?: boolean; totalDestinatarios?: number; podeEditar?: boolean },
) => ({
  id,
  nome,
  publico: extra.publico ?? true,
  favorito: extra.favorito ?? false,
  active: extra.active ?? true,
  createdAt: '2026-03-01T12:00:00.000Z',
  criador: id === '3' ? marina : criador,
  podeEditar: extra.podeEditar ?? true,
  totalDestinatarios: extra.totalDestinatarios ?? 0,
  __typename: 'GrupoUsuarios',
});

/** The list as gruposUsuarios answers it: favourites first. */
export const GRUPOS_USUARIOS_ROWS = [
  row('1', 'Gerentes Aurora', { favorito: true, totalDestinatarios: 12 }),
  row('2', 'Oficinas Sul', { publico: false, totalDestinatarios: 4 }),
  row('3', 'Diretoria', { active: false, totalDestinatarios: 0, podeEditar: false }),
];

const ref = (typename: string) => (id: string, nome: string) => ({ id, nome, __typename: typename });
export const MARCAS = [
  { id: '1', nome: 'Aurora Motors', active: true, atribuivel: true, __typename: 'Marca' },
  { id: '2', nome: 'Boreal Caminhões', active: true, atribuivel: true, __typename: 'Marca' },
  { id: '3', nome: 'Cometa Veículos', active: true, atribuivel: false, __typename: 'Marca' },
];
export const CARGOS = [ref('Cargo')('1', 'Vendedor'), ref('Cargo')('2', 'Gerente de vendas')];
export const SETORES = [
  { id: '1', nome: 'Veículos novos', divisao: ref('Divisao')('1', 'Vendas'), __typename: 'Setor' },
  { id: '2', nome: 'Oficina', divisao: ref('Divisao')('2', 'Pós-venda'), __typename: 'Setor' },
];
export const GRUPOS = [ref('Grupo')('1', 'Grupo Sul'), ref('Grupo')('2', 'Grupo Norte')];
export const PRODUTOS = [
  {
    id: '1',
    nome: 'Portal',
    tiposAcesso: [ref('TipoAcesso')('1', 'Gestor'), ref('TipoAcesso')('2', 'Usuário')],
    __typename: 'Produto',
  },
];
export const usuarioLogado = (tipo: 'TECSINAPSE' | 'MONTADORA') => ({
  tipo: { id: tipo, __typename: 'TipoUsuarioRef' },
  tiposUsuarios: tipo === 'TECSINAPSE' ? ['TECSINAPSE', 'MONTADORA', 'DEALER_GRUPO'] : ['MONTADORA', 'DEALER_GRUPO'],
  produtos: PRODUTOS,
  __typename: 'UsuarioLogado',
});

export const USUARIOS = [
  { id: '20', nome: 'Diego Dealer', email: 'dealer@portal.test', __typename: 'UsuarioContato' },
  { id: '21', nome: 'Diana Dias', email: 'diana@portal.test', __typename: 'UsuarioContato' },
];

export const DESTINATARIOS = [
  { id: '2', nome: 'Marina Montadora', email: 'montadora@portal.test', tipo: 'MONTADORA' },
  { id: '20', nome: 'Diego Dealer', email: 'dealer@portal.test', tipo: 'DEALER_GRUPO' },
].map((d) => ({ ...d, __typename: 'Destinatario' }));

/** A saved group as grupoUsuarios(id) answers it: the profile (Aurora, manufacturers) and a manual user. */
export const GRUPO_USUARIOS = {
  ...row('1', 'Gerentes Aurora', { favorito: true }),
  version: 3,
  nomeOriginal: 'Gerentes Aurora',
  possuiPerfil: true,
  possuiCargos: false,
  possuiSetores: false,
  possuiGrupos: false,
  possuiUsuariosManuais: true,
  todosDealers: false,
  marcas: [ref('Marca')('1', 'Aurora Motors')],
  tiposUsuarios: ['MONTADORA'],
  tiposAcesso: [],
  dealers: [],
  cargos: [],
  setores: [],
  grupos: [],
  usuariosManuais: [USUARIOS[0]],
  usuariosRemovidos: [],
  leitores: [],
  editores: [],
};
