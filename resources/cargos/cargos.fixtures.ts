// Records as the API answers them (`cargos { id version nome }`), for the position views' tests.

/** The API's `Cargo` as the lists select it. */
export type Cargo = {
  id: string;
  version: number | null;
  nome: string;
  __typename: 'Cargo';
};

export const CARGOS: Cargo[] = [
  { id: '1', nome: 'Gerente de vendas' },
  { id: '2', nome: 'Consultor técnico' },
  { id: '3', nome: 'Analista de garantia' },
].map((cargo) => ({ ...cargo, version: 1, __typename: 'Cargo' }));
