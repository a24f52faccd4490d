import type { NamedQuery } from './resources';

/**
 * The operations of the pages that are not react-admin resources, declared as a resource's
 * `queries` and `mutations` are (see domain/resources.ts) and sent the same way:
 * `dataProvider.query(group, name, data)` / `dataProvider.mutate(group, name, data)`.
 *
 * The data provider reads this table without loading the GraphQL parser or the resource table, so
 * the first page (menu, language switcher, tours) stays light: keep it to names and fields.
 */
export interface OperationGroup {
  queries?: Record<string, NamedQuery>;
  mutations?: Record<string, NamedQuery>;
}

const JOB_FIELDS = 'id fila status total processados resultado erro createdAt iniciadoEm concluidoEm';
const PRODUTO_FIELDS = 'id nome URI baseUriHomolog';
/** A notification as its recipient reads it (the bell's panel and /notificacoes). */
const NOTIFICACAO_FIELDS = 'id titulo texto data produto link recente lida';

export const OPERATIONS = {
  // Notifications (issue #27): the bell's count and panel, on every page, and /notificacoes.
  notificacoes: {
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
  // The signed-in user's shell: menu and links, language, onboarding tours.
  sessao: {
    queries: {
      menu: {
        operation: 'menuUsuarioLogado',
        fields:
          'title theme productName currentProduct linkHelpTec linkPortal linkAcademia brandImageUrl locales { id description } menus',
      },
      // The help site of the error page (which may show before the menu was read).
      linkAjuda: { operation: 'menuUsuarioLogado', fields: 'linkHelpTec' },
    },
    mutations: {
      mudarLingua: {
        operation: 'mudarLinguaUsuario',
        args: { id: 'ID!', idioma: 'Idioma!' },
        fields: 'id nome idioma { id }',
      },
      onboardingVisto: { operation: 'setCurrentUserOnboardingSeen', args: { id: 'OnboardingId!' }, fields: '' },
    },
  },
  // /minha-conta: the user's own data, sessions and password.
  minhaConta: {
    queries: {
      conta: {
        operation: 'usuarioLogado',
        fields:
          'id nome email avatarLink tipo { id } idioma { id } marcas { id nome } produtos { id nome } dealers { id nomeExibicao grupo { id nome } }',
      },
      sessoes: { operation: 'minhasSessoes', fields: 'id inicio expiraEm' },
    },
    mutations: {
      encerrarSessoes: { operation: 'encerrarMinhasSessoes', fields: '' },
      alterarSenha: {
        operation: 'alterarMinhaSenha',
        args: { senhaAtual: 'String!', novaSenha: 'String!' },
        fields: '',
      },
    },
  },
  // /auditoria/{id}/{tipo}: one record's history, a page at a time.
  auditoria: {
    queries: {
      historico: {
        operation: 'auditoria',
        args: { filterInput: 'AuditoriaFilterInput!' },
        fields: `content { id alteracao data autor { id nome email } valorAnterior valorNovo campos
          diferencas { campo anterior novo } } totalElements campos nome referencias { tipo id nome }`,
      },
    },
  },
  // The user import (/importarUsuarios): the caller's imports and an import's refused rows.
  importarUsuarios: {
    queries: {
      status: {
        operation: 'importStatus',
        args: { filterInput: 'FilterInput' },
        fields: `totalElements content { id fileName status total done progress criados atualizados erros
          linhasPorSegundo segundosRestantes erro createdAt concluidoEm relatorioErros }`,
      },
      erros: {
        operation: 'errosImportacao',
        args: { id: 'ID!', filterInput: 'FilterInput' },
        fields: 'totalElements content { linha erros { coluna letra mensagem } }',
      },
    },
  },
  // /superAdmin: products' homologation URIs, the jobs of each queue, the identity provider.
  superAdmin: {
    queries: {
      produtos: { operation: 'produtos', fields: PRODUTO_FIELDS },
      ultimosJobs: { operation: 'ultimosJobs', fields: JOB_FIELDS },
    },
    mutations: {
      editarProduto: { operation: 'editarProduto', args: { produto: 'ProdutoEdicaoInput!' }, fields: PRODUTO_FIELDS },
      sincronizarIdentityProvider: {
        operation: 'sincronizarIdentityProvider',
        args: { emailUsuario: 'String!' },
        fields: 'email provedor acao emailSenhaEnviado',
      },
      // One per queue (SUPER_ADMIN_FILAS), by the queue's name: each queues its job.
      sincronizarDealers: { operation: 'sincronizarDealers', fields: JOB_FIELDS },
      sincronizarGrupos: { operation: 'sincronizarGrupos', fields: JOB_FIELDS },
      sincronizarUsuarios: { operation: 'sincronizarUsuarios', fields: JOB_FIELDS },
      migracao: { operation: 'migrar', fields: JOB_FIELDS },
    },
  },
} as const satisfies Record<string, OperationGroup>;

export type OperationGroupName = keyof typeof OPERATIONS;
