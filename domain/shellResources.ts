import type { ResourceOperations } from './resources';

/** A notification as its recipient reads it (the bell's panel and /notificacoes). */
const NOTIFICACAO_FIELDS = 'id titulo texto data produto link recente lida';

/**
 * The resources of the top bar, on every page: part of RESOURCES (domain/resources.ts), declared
 * apart so the data provider sends their named queries and mutations without loading the resource
 * table or the GraphQL parser (providers/dataProvider/index.ts): the bell's unread count is polled
 * from the first page on.
 */
export const SHELL_RESOURCES = {
  // Notifications (issue #27): the bell's count and panel, and /notificacoes.
  notificacoes: {
    fields: NOTIFICACAO_FIELDS,
    queries: {
      // Unseen notifications (at most 100: the bell shows 99+), polled every 60 s.
      naoLidas: { operation: 'countNotificacoesNaoLidas', fields: '' },
      // The newest notifications, for the panel.
      menu: { operation: 'notificacoesMenu', fields: NOTIFICACAO_FIELDS },
      // /notificacoes: newest first, paged, optionally only the unread ones.
      pagina: {
        operation: 'notificacoes',
        args: { filterInput: 'NotificacaoFilterInput' },
        fields: `content { ${NOTIFICACAO_FIELDS} } totalElements`,
      },
    },
    mutations: {
      // The panel was closed: what it showed is no longer new.
      visualizadas: { operation: 'marcarNotificacoesComoVisualizadas', fields: '' },
      lida: { operation: 'marcarNotificacaoComoLida', args: { id: 'ID!' }, fields: NOTIFICACAO_FIELDS },
      todasLidas: { operation: 'marcarTodasNotificacoesComoLidas', fields: '' },
    },
  },
} as const satisfies Record<string, ResourceOperations>;
