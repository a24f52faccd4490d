import type { Importacao } from './importacao';

// The status table's fixtures: one import in each state, newest first (as importStatus answers).

const base = {
  criados: 0,
  atualizados: 0,
  erros: 0,
  linhasPorSegundo: null,
  segundosRestantes: null,
  erro: null,
  concluidoEm: null,
  relatorioErros: null,
} satisfies Partial<Importacao>;

export const PROCESSANDO: Importacao = {
  ...base,
  id: '14',
  fileName: 'usuarios-marco.xlsx',
  status: 'PROCESSING',
  total: 2000,
  done: 910,
  progress: 45.5,
  criados: 800,
  atualizados: 100,
  erros: 10,
  linhasPorSegundo: 12.5,
  segundosRestantes: 88,
  createdAt: '2026-03-10T14:30:00.000Z',
  relatorioErros: '/import/users/14/erros',
};

export const RECEBIDA: Importacao = {
  ...base,
  id: '13',
  fileName: 'fila.xlsx',
  status: 'RECEIVED',
  total: null,
  done: 0,
  progress: 0,
  createdAt: '2026-03-10T14:29:00.000Z',
};

export const CONCLUIDA: Importacao = {
  ...base,
  id: '12',
  fileName: 'usuarios-fevereiro.xlsx',
  status: 'FINISHED',
  total: 20,
  done: 20,
  progress: 100,
  criados: 15,
  atualizados: 2,
  erros: 3,
  createdAt: '2026-02-01T09:00:00.000Z',
  concluidoEm: '2026-02-01T09:00:05.000Z',
  relatorioErros: '/import/users/12/erros',
};

export const SEM_ERROS: Importacao = {
  ...base,
  id: '11',
  fileName: 'limpa.xlsx',
  status: 'FINISHED',
  total: 4,
  done: 4,
  progress: 100,
  criados: 4,
  createdAt: '2026-01-20T09:00:00.000Z',
  concluidoEm: '2026-01-20T09:00:01.000Z',
};

export const COM_ERRO: Importacao = {
  ...base,
  id: '10',
  fileName: 'sem-colunas.xlsx',
  status: 'ERROR',
  total: null,
  done: 0,
  progress: 0,
  erro: 'Colunas obrigatórias ausentes: E-mail, Tipo de usuário.',
  createdAt: '2026-01-15T09:00:00.000Z',
  concluidoEm: '2026-01-15T09:00:01.000Z',
};

export const IMPORTACOES: Importacao[] = [PROCESSANDO, RECEBIDA, CONCLUIDA, SEM_ERROS, COM_ERRO];
