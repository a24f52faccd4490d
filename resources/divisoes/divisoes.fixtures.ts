// Records as the API answers them (`divisoes { id version nome }`), for the division views' tests.

/** The API's `Divisao` as the lists select it. */
export type Divisao = {
  id: string;
  version: number | null;
  nome: string;
  __typename: 'Divisao';
};

export const DIVISOES: Divisao[] = [
  { id: '1', nome: 'Vendas' },
  { id: '2', nome: 'Pós-venda' },
].map((divisao) => ({ ...divisao, version: 1, __typename: 'Divisao' }));
