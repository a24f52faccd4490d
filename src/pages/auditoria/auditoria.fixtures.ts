import type { AuditoriaEntry, AuditoriaHistorico, AuditoriaReferencia } from './auditoria';

// The history of dealer #12 (Aurora Centro) as the API answers it, newest first (Loaded, Empty), for
// the page's tests.

type Valores = Record<string, unknown> | null;

const ANA = { id: '5', nome: 'Ana Souza', email: 'ana@portal.test' };
const BRUNO = { id: '6', nome: 'Bruno Lima', email: 'bruno@portal.test' };

/** An entry with its fields and side-by-side rows derived as the API derives them. */
function entry(
  id: number,
  alteracao: string,
  data: string,
  autor: AuditoriaEntry['autor'],
  antes: Valores,
  depois: Valores,
): AuditoriaEntry {
  const campos = [...new Set([...Object.keys(antes ?? {}), ...Object.keys(depois ?? {})])].sort();
  return {
    id: String(id),
    alteracao,
    data,
    autor,
    autorForaDoEscopo: false,
    valorAnterior: antes === null ? null : JSON.stringify(antes),
    valorNovo: depois === null ? null : JSON.stringify(depois),
    campos,
    diferencas: campos.map((campo) => ({
      campo,
      anterior: antes && campo in antes ? JSON.stringify(antes[campo]) : null,
      novo: depois && campo in depois ? JSON.stringify(depois[campo]) : null,
    })),
  };
}

export const HISTORICO_DEALER: AuditoriaEntry[] = [
  entry(
    112,
    'ALTERACAO',
    '2026-03-12T13:45:00.000Z',
    ANA,
    // Stored bare, as the API saves phones.
    { telefones: ['1130000001'] },
    { telefones: ['1130000001', '1130000002'] },
  ),
  entry(111, 'INATIVACAO_CASCATA', '2026-03-11T10:00:00.000Z', BRUNO, { active: true }, { active: false, grupoId: 3 }),
  entry(
    110,
    'SINCRONIZACAO',
    '2026-03-10T10:00:00.000Z',
    null,
    { razaoSocial: 'Aurora Ltda' },
    { razaoSocial: 'Aurora Veículos Ltda' },
  ),
  ...Array.from({ length: 8 }, (_, i) =>
    i % 2 === 0
      ? entry(
          109 - i,
          'ALTERACAO',
          `2026-03-0${9 - i}T10:00:00.000Z`,
          ANA,
          { cidade: `Cidade ${i}` },
          { cidade: `Cidade ${i + 1}` },
        )
      : entry(109 - i, 'ALTERACAO', `2026-03-0${9 - i}T10:00:00.000Z`, BRUNO, { campoNovo: i }, { campoNovo: i + 1 }),
  ),
  entry(101, 'CRIACAO', '2026-02-28T09:30:00.000Z', ANA, null, {
    nomeExibicao: 'Aurora Centro',
    codigos: ['A1', 'B2'],
    active: true,
    endereco: { cidade: 'Campinas', cep: '13000-000' },
    dataFundacao: '2020-05-01',
  }),
];

/** All fields of the history, as the API lists them (sorted by name). */
export const CAMPOS_DEALER = [...new Set(HISTORICO_DEALER.flatMap((e) => e.campos))].sort();

/** What the API answers for a filter: the entries touching the field, one page of them. */
export function answerFor(filterInput: { campo?: string; page: number; rowsPerPage: number }): AuditoriaHistorico {
  const matching = filterInput.campo
    ? HISTORICO_DEALER.filter((e) => e.campos.includes(filterInput.campo!))
    : HISTORICO_DEALER;
  const start = filterInput.page * filterInput.rowsPerPage;
  return {
    content: matching.slice(start, start + filterInput.rowsPerPage),
    totalElements: matching.length,
    campos: CAMPOS_DEALER,
    nome: 'Aurora Centro',
    referencias: [{ tipo: 'GRUPO', id: '3', nome: 'Grupo Aurora' }],
  };
}

export const HISTORICO_VAZIO: AuditoriaHistorico = {
  content: [],
  totalElements: 0,
  campos: [],
  nome: null,
  referencias: [],
};

const NOMES: AuditoriaReferencia[] = [
  { tipo: 'DEALER', id: '21', nome: 'Auto Sul' },
  { tipo: 'DIVISAO', id: '1', nome: 'Vendas' },
  { tipo: 'SETOR', id: '4', nome: 'Varejo' },
  { tipo: 'MARCA', id: '1', nome: 'Aurora' },
  { tipo: 'MARCA', id: '2', nome: 'Boreal' },
  { tipo: 'PRODUTO', id: '7', nome: 'Peças' },
];

/**
 * One change of dealer #21 whose values name other records by id (division 99 has been removed since)
 * and hold documents, phones and a postal code stored bare.
 */
export const HISTORICO_NOMES: AuditoriaHistorico = {
  content: [
    entry(
      130,
      'ALTERACAO',
      '2026-04-02T15:00:00.000Z',
      ANA,
      {
        cnpj: '11222333000181',
        divisaoId: 99,
        setorId: 4,
        marcaIds: [1],
        celulares: ['11988887777'],
        endereco: { cep: '01001000' },
        dadosComplementares: [],
      },
      {
        cnpj: '12ABC34501DE35',
        divisaoId: 1,
        setorId: 4,
        marcaIds: [1, 2],
        celulares: [],
        endereco: { cep: '13000000' },
        dadosComplementares: [{ produtoId: 7, uri: 'https://pecas.test/21' }],
      },
    ),
  ],
  totalElements: 1,
  campos: ['celulares', 'cnpj', 'dadosComplementares', 'divisaoId', 'endereco', 'marcaIds', 'setorId'],
  nome: 'Auto Sul',
  referencias: NOMES,
};
