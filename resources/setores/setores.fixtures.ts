// Records as the API answers them, for the sector views' tests.

export const DIVISOES = [
  { id: '1', nome: 'Vendas', __typename: 'Divisao' },
  { id: '2', nome: 'Pós-venda', __typename: 'Divisao' },
];

const divisao = (id: string) => DIVISOES.find((d) => d.id === id)!;

export const SETORES = [
  { id: '1', nome: 'Veículos novos', divisaoId: '1' },
  { id: '2', nome: 'Seminovos', divisaoId: '1' },
  { id: '3', nome: 'Peças', divisaoId: '2' },
  { id: '4', nome: 'Oficina', divisaoId: '2' },
].map((setor) => ({ ...setor, version: 1, divisao: divisao(setor.divisaoId), __typename: 'Setor' }));
