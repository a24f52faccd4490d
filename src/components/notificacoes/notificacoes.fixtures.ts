import type { Notificacao } from './notificacoes';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/**
 * Notifications as the API answers them: two not seen yet, one seen, one read. Dated when called, so
 * "5 minutes ago" still reads so however long the test file has been running.
 */
export const notificacoes = (): Notificacao[] => [
  {
    id: '13',
    titulo: 'Novo comunicado de recall',
    texto:
      '<p>Olá <strong>Ana</strong>, veja o <a href="https://fabrica.test/recall" target="_blank" rel="noopener noreferrer">recall</a>.</p>',
    data: minutesAgo(5),
    produto: 'Portal',
    link: '/minha-conta',
    recente: true,
    lida: false,
  },
  {
    id: '12',
    titulo: 'Tabela de preços publicada',
    texto: '<p>A tabela de dezembro está no site da fábrica.</p>',
    data: minutesAgo(90),
    produto: null,
    link: 'https://fabrica.test/precos',
    recente: true,
    lida: false,
  },
  {
    id: '11',
    titulo: 'Treinamento agendado',
    texto: '<p>Sem link.</p>',
    data: minutesAgo(3 * 24 * 60),
    produto: 'Academy',
    link: null,
    recente: false,
    lida: false,
  },
  {
    id: '10',
    titulo: 'Boas-vindas',
    texto: '<p>Bem-vinda ao portal.</p>',
    data: minutesAgo(40 * 24 * 60),
    produto: null,
    link: null,
    recente: false,
    lida: true,
  },
];
