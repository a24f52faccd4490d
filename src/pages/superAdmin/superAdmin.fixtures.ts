import type { Job, Produto } from './superAdmin';

// States of /superAdmin shared by its tests.

export const PRODUTOS: Produto[] = [
  { id: '1', nome: 'Portal Rede', URI: 'https://portal.test', baseUriHomolog: null },
  { id: '2', nome: 'Peças', URI: 'https://pecas.portal.test', baseUriHomolog: 'https://homolog.pecas.portal.test' },
];

const base = {
  total: null,
  processados: 0,
  resultado: null,
  erro: null,
  createdAt: '2026-03-10T12:00:00.000Z',
  iniciadoEm: null,
  concluidoEm: null,
};

export const job = (fila: string, overrides: Partial<Job> = {}): Job => ({
  ...base,
  id: '1',
  fila,
  status: 'PENDENTE',
  ...overrides,
});

/** The latest runs: dealers never ran, groups done, users failed, migration half-way, file sweep and log clean-up done. */
export const JOBS: Job[] = [
  job('sincronizarGrupos', {
    id: '11',
    status: 'CONCLUIDO',
    total: 4,
    processados: 4,
    resultado: '{"vinculosRemovidos":5}',
    iniciadoEm: '2026-03-10T12:00:01.000Z',
    concluidoEm: '2026-03-10T12:00:02.000Z',
  }),
  job('sincronizarUsuarios', { id: '12', status: 'ERRO', erro: 'superAdmin.jobs.interrupted' }),
  job('migracao', { id: '13', status: 'EXECUTANDO', total: 3, processados: 1 }),
  job('limpezaArquivos', {
    id: '14',
    status: 'CONCLUIDO',
    total: 2,
    processados: 2,
    resultado: '{"registrosRemovidos":2,"arquivosRemovidos":7,"bytesLiberados":1234567,"falhasRemocao":1}',
    concluidoEm: '2026-03-10T03:30:05.000Z',
  }),
  job('limpezaLogs', {
    id: '15',
    status: 'CONCLUIDO',
    resultado: '{"eventosRemovidos":1500,"streamsRemovidos":3,"gruposRemovidos":1}',
    concluidoEm: '2026-03-10T03:50:02.000Z',
  }),
];
