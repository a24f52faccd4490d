// Records as the API answers them (`departamentos { id version nome sigla assinatura }`), for the
// department views' tests.

/** The API's `Departamento` as the lists select it. */
export type Departamento = {
  id: string;
  version: number | null;
  nome: string;
  sigla: string;
  assinatura: string | null;
  __typename: 'Departamento';
};

export const DEPARTAMENTOS: Departamento[] = [
  { id: '1', nome: 'Pós-venda', sigla: 'PV', assinatura: 'Equipe de Pós-venda' },
  { id: '2', nome: 'Marketing', sigla: 'MKT', assinatura: null },
].map((departamento) => ({ ...departamento, version: 1, __typename: 'Departamento' }));
