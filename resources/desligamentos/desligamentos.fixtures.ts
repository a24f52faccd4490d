// Records as the API answers them (`desligamentos { id version motivo }`), for the dismissal reason
// views' tests.

/** The API's `Desligamento` as the lists select it. */
export type Desligamento = {
  id: string;
  version: number | null;
  motivo: string;
  __typename: 'Desligamento';
};

export const DESLIGAMENTOS: Desligamento[] = [
  { id: '1', motivo: 'Pedido de demissão' },
  { id: '2', motivo: 'Fim de contrato' },
].map((desligamento) => ({ ...desligamento, version: 1, __typename: 'Desligamento' }));
