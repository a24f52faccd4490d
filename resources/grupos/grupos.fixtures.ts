// Records as the API answers them, for the dealer group views' tests.

export const MARCAS = [
  { id: '1', nome: 'Aurora Motors', descricao: null, facebookId: null, active: true },
  { id: '2', nome: 'Boreal Caminhões', descricao: null, facebookId: null, active: true },
  { id: '3', nome: 'Cometa Veículos', descricao: null, facebookId: null, active: true },
].map((marca) => ({ ...marca, atribuivel: true, __typename: 'Marca' }));

const marcaRefs = (ids: string[]) =>
  ids.map((id) => ({ id, nome: MARCAS.find((m) => m.id === id)!.nome, __typename: 'Marca' }));

const grupo = (id: string, nome: string, marcaIds: string[], totalDealers: number, active = true) => ({
  id,
  version: 1,
  nome,
  active,
  createdAt: '2024-03-01T12:00:00.000Z',
  marcaIds,
  marcas: marcaRefs(marcaIds),
  totalDealers,
  __typename: 'Grupo',
});

export type GrupoRecord = ReturnType<typeof grupo>;

/** Sul: two brands and 5 dealers; Norte: one brand; Leste: inactive, no dealers. */
export const grupos = (): GrupoRecord[] => [
  grupo('1', 'Grupo Sul', ['1', '2'], 5),
  grupo('2', 'Grupo Norte', ['3'], 2),
  grupo('3', 'Grupo Leste', ['2'], 0, false),
];

export interface Impacto {
  dealersDesvinculados: number;
  dealersInativados: number;
  usuariosInativados: number;
}

export const SEM_IMPACTO: Impacto = { dealersDesvinculados: 0, dealersInativados: 0, usuariosInativados: 0 };

/** impactoGrupo's answer. */
export const impactoAnswer = (impacto: Impacto) => ({
  data: { result: { ...impacto, __typename: 'ImpactoGrupo' } },
});
