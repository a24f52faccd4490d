// Records as the API answers them, for the dealer views' tests.

export const DIVISOES = [
  { id: '1', nome: 'Vendas', __typename: 'Divisao' },
  { id: '2', nome: 'Pós-venda', __typename: 'Divisao' },
];

const divisao = (id: string) => DIVISOES.find((d) => d.id === id)!;

export const SETORES = [
  { id: '11', nome: 'Veículos novos', divisaoId: '1' },
  { id: '12', nome: 'Seminovos', divisaoId: '1' },
  { id: '21', nome: 'Peças', divisaoId: '2' },
].map((setor) => ({ ...setor, divisao: divisao(setor.divisaoId), __typename: 'Setor' }));

/** The brands as a manufacturer holding Aurora and Boreal reads them: Cometa is another's. */
export const MARCAS = [
  { id: '1', nome: 'Aurora Motors', atribuivel: true },
  { id: '2', nome: 'Boreal Caminhões', atribuivel: true },
  { id: '3', nome: 'Cometa Veículos', atribuivel: false },
].map((marca) => ({ ...marca, descricao: null, facebookId: null, active: true, __typename: 'Marca' }));

export const GRUPOS = [
  { id: '7', nome: 'Grupo Sul' },
  { id: '8', nome: 'Grupo Norte' },
].map((grupo) => ({
  ...grupo,
  active: true,
  createdAt: '2024-01-01T00:00:00.000Z',
  marcaIds: ['1'],
  marcas: [{ id: '1', nome: 'Aurora Motors', __typename: 'Marca' }],
  totalDealers: 1,
  __typename: 'Grupo',
}));

export const PRODUTOS = [
  { id: '31', nome: 'Portal Peças' },
  { id: '32', nome: 'Portal Garantia' },
].map((produto) => ({
  ...produto,
  URI: `https://${produto.id}.portal.test`,
  baseUriHomolog: null,
  tiposAcesso: [],
  __typename: 'Produto',
}));

const ref = <T extends { id: string; nome: string; __typename: string }>(list: T[], id: string) => {
  const { nome, __typename } = list.find((item) => item.id === id)!;
  return { id, nome, __typename };
};

/** A saved dealer as `dealer(id)` answers it (digits only; the screens mask them). */
export const DEALER = {
  id: '5',
  version: 3,
  nomeExibicao: 'Aurora Centro',
  razaoSocial: 'Aurora Centro Veículos Ltda',
  cnpj: '11222333000181',
  cnpjsAdicionais: ['45287116000191'],
  codigos: ['AC-01', 'AC-02'],
  divisaoId: '1',
  divisao: ref(DIVISOES, '1'),
  setorId: '11',
  telefones: ['1133445566'],
  celulares: ['11987654321'],
  endereco: {
    logradouro: 'Rua das Flores, 100',
    complemento: null,
    bairro: 'Centro',
    cidade: 'Curitiba',
    estado: 'PR',
    cep: '80010000',
    __typename: 'Endereco',
  },
  cidade: 'Curitiba',
  estado: 'PR',
  marcaIds: ['1'],
  marcas: [ref(MARCAS, '1')],
  grupoIds: ['7'],
  grupos: [ref(GRUPOS, '7')],
  dadosComplementares: [{ produtoId: '31', uri: 'https://pecas.aurora.test', __typename: 'DadoComplementar' }],
  active: true,
  createdAt: '2024-02-01T12:00:00.000Z',
  totalUsuarios: 4,
  __typename: 'Dealer',
};

/** Rows of the paged `dealers` list (its own, shorter selection). */
export const DEALER_ROWS = [
  DEALER,
  {
    ...DEALER,
    id: '6',
    nomeExibicao: 'Boreal Norte',
    razaoSocial: 'Boreal Norte Caminhões SA',
    cnpj: '60374626000190',
    codigos: ['BN-9'],
    cidade: null,
    estado: null,
    marcas: [ref(MARCAS, '2')],
    grupos: [],
    active: false,
    totalUsuarios: 0,
  },
].map((dealer) => ({
  id: dealer.id,
  nomeExibicao: dealer.nomeExibicao,
  razaoSocial: dealer.razaoSocial,
  cnpj: dealer.cnpj,
  codigos: dealer.codigos,
  cidade: dealer.cidade,
  estado: dealer.estado,
  divisao: dealer.divisao,
  marcas: dealer.marcas,
  grupos: dealer.grupos,
  active: dealer.active,
  totalUsuarios: dealer.totalUsuarios,
  __typename: 'Dealer',
}));

/**
 * A new dealer's values as the wizard holds them after its first two steps (masked, as typed), for
 * tests that open the create wizard at a later step (`/dealers/novo?passo=3&source=...`).
 */
export const NOVO_DEALER_CONTATO = {
  nomeExibicao: 'Aurora Centro',
  razaoSocial: 'Aurora Centro Veículos Ltda',
  cnpj: '11.222.333/0001-81',
  cnpjsAdicionais: [],
  codigos: ['AC-01'],
  divisaoId: '1',
  setorId: '12',
  active: true,
  telefones: ['(11) 3344-5566'],
  celulares: [],
  endereco: { cidade: 'Curitiba' },
};

/** ... and after the third (one brand, no group), for tests of the last step. */
export const NOVO_DEALER_REDE = { ...NOVO_DEALER_CONTATO, marcaIds: ['1'], grupoIds: [] };
