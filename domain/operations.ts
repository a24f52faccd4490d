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

/** An announcement as its author and approvers see it (the form, the preview, the author's tabs). */
const COMUNICADO_FIELDS = `id version titulo mensagem createdDateTime envioDateTime motivoRejeicao dataHoraAgendamento
  status { id description } usuarioCriador { id nome email } usuarioAprovador { id nome email }
  detentoresAprovacao { id nome email } decididoPor { id nome email } grupos { id nome }
  usuariosRemovidos { id nome email } etiquetas { id nome } arquivos { id nome tamanho tipoMime }
  rascunho enviado emAprovacao rejeitado agendado active arquivado emailsAvulsos { email status { name descricao } }
  departamento { id sigla nome assinatura } idParent justificativa renotificar reiniciarLeitura
  erratas { id titulo justificativa envioDateTime } templateName serie { id nome prefixo } numero exigeConfirmacao
  destinatarios acoes`;
/** A row of the author's tabs. */
const COMUNICADO_ROW_FIELDS = `id version titulo createdDateTime envioDateTime dataHoraAgendamento status { id description }
  usuarioCriador { id nome } detentoresAprovacao { id nome } etiquetas { id nome } departamento { id sigla nome }
  arquivado destinatarios acoes`;
/** A delivery as its reader reads it. */
const COMUNICADO_ENVIO_FIELDS = `id lido lidoEm confirmado confirmadoEm arquivado favorito active comunicado { id titulo
  mensagem envioDateTime departamento { id sigla nome assinatura } usuarioCriador { id nome } etiquetas { id nome }
  arquivos { id nome tamanho tipoMime } exigeConfirmacao idParent justificativa
  erratas { id titulo justificativa envioDateTime } serie { id prefixo } numero }`;
/** A row of an announcement's read-rate roll-up (a brand, dealer group or dealer). */
const ROLLUP_FIELDS = 'id nome destinatarios lidos confirmados taxaLeitura';
const COMUNICADO_SERIE_FIELDS = 'id version nome prefixo contador active';
const COMUNICADO_ETIQUETA_FIELDS = 'id version nome totalComunicados';
/** Actions on one announcement at the version read. */
const ACAO_ARGS = { id: 'ID!', version: 'Int' } as const;

/** A library item as the listing, search and dialogs show it (spec section 3). */
const ITEM_BIBLIOTECA_FIELDS = `id version nome isPasta isPublico pastaPai { id nome } naRaiz proprietario { id nome email }
  permissoesAcessoUsuarioLogado { id description } podeEscrever
  permissoes { id grupoUsuarios { id nome favorito } permissaoAcessoPasta { id description } }
  ultimaModificacao dataCriacao arquivo { id nome tamanho tipoMime } tamanho tipoMime arquivoLink arquivoMiniaturaLink
  arquivoImagem breadcrumb { id nome }`;

/** A slide or advert image as the home shows it (sizes reserved before it loads, small-screen variant). */
const IMAGEM_VITRINE_FIELDS = 'id nome largura altura link linkMobile';
const SLIDE_HOME_FIELDS = `id titulo corTitulo tamanhoTitulo subtitulo corSubtitulo tamanhoSubtitulo tituloBotao link linkTarget
  arquivo { ${IMAGEM_VITRINE_FIELDS} }`;

export const OPERATIONS = {
  // Announcements (issue #28): writing, approval, series, labels (server/features/comunicados,
  // write side) and the reader's deliveries, counts and dashboards (reading side).
  comunicados: {
    queries: {
      comunicado: { operation: 'comunicado', args: { id: 'ID!' }, fields: COMUNICADO_FIELDS },
      // The author's and approvers' tabs: ENVIADOS, AGENDADOS, RASCUNHOS, PENDENTES_APROVACAO.
      lista: {
        operation: 'comunicados',
        args: { filterInput: 'ComunicadoFilterInput' },
        fields: `content { ${COMUNICADO_ROW_FIELDS} } totalElements`,
      },
      aprovadores: { operation: 'aprovadoresComunicado', args: { busca: 'String' }, fields: 'id nome email' },
      departamentos: { operation: 'departamentosComunicados', fields: 'id sigla nome assinatura' },
      limitesAnexos: { operation: 'limitesAnexosComunicado', fields: 'porArquivo total' },
      series: {
        operation: 'seriesComunicados',
        args: { filterInput: 'FilterInput' },
        fields: `content { ${COMUNICADO_SERIE_FIELDS} } totalElements`,
      },
      // The Labels tab, and the form's autocomplete (busca).
      etiquetas: {
        operation: 'etiquetasComunicados',
        args: { filterInput: 'FilterInput' },
        fields: `content { ${COMUNICADO_ETIQUETA_FIELDS} } totalElements`,
      },
      previaDestinatarios: {
        operation: 'previaDestinatariosComunicado',
        args: { grupoIds: '[ID!]!', usuarioRemovidoIds: '[ID!]' },
        fields: '',
      },
      visualizarEnvio: {
        operation: 'visualizarEnvio',
        args: { id: 'ID!' },
        fields: `comunicado { ${COMUNICADO_FIELDS} } destinatarios grupos { id nome destinatarios } emailsAvulsos
          avisos { tipo mensagem grupo { id nome } email }`,
      },
      emails: {
        operation: 'comunicadoEmails',
        args: { id: 'ID!', filterInput: 'ComunicadoEmailFilterInput' },
        fields: 'content { email avulso status { name descricao } tentativas enviadoEm } totalElements',
      },
      // The reader: ENTRADA or ARQUIVADOS, the tabs' counts, one delivery, the home page's recent ones.
      envios: {
        operation: 'comunicadoEnvios',
        args: { filterInput: 'ComunicadoEnvioFilterInput' },
        fields: `content { ${COMUNICADO_ENVIO_FIELDS} trecho { texto destaque } } totalElements`,
      },
      contagens: {
        operation: 'contagensComunicados',
        fields: 'naoLidos naoLidosArquivados pendentesAprovacao rascunhos agendados',
      },
      envio: { operation: 'comunicadoEnvio', args: { idComunicado: 'ID!' }, fields: COMUNICADO_ENVIO_FIELDS },
      recentes: { operation: 'comunicadoEnviosRecentes', fields: COMUNICADO_ENVIO_FIELDS },
      // The inbox's department filter: the departments of what was sent to the reader.
      departamentosRecebidos: { operation: 'departamentosComunicadosRecebidos', fields: 'id sigla nome' },
      linkAnexo: {
        operation: 'linkDownloadAnexoComunicado',
        args: { idComunicado: 'ID!', idArquivo: 'ID!' },
        fields: '',
      },
      dashboard: {
        operation: 'comunicadoDashboard',
        args: { id: 'ID!' },
        fields: `comunicado { ${COMUNICADO_ROW_FIELDS} exigeConfirmacao } destinatarios lidos taxaLeitura confirmados
          leiturasPorDia { data lidos confirmados } emails { fila enviados falhas } lembradoEm podeLembrar`,
      },
      // nivel: MARCA, GRUPO or DEALER; a page of it and the level's least read (the chart).
      rollup: {
        operation: 'comunicadoDashboardRollup',
        args: { id: 'ID!', nivel: 'String!', filterInput: 'FilterInput' },
        fields: `content { ${ROLLUP_FIELDS} } totalElements menosLidos { ${ROLLUP_FIELDS} }`,
      },
      naoLidos: {
        operation: 'comunicadoNaoLidos',
        args: { id: 'ID!', filterInput: 'FilterInput' },
        fields: 'content { id nome email lidoEm confirmadoEm } totalElements',
      },
    },
    mutations: {
      salvar: { operation: 'salvarComunicado', args: { comunicado: 'ComunicadoInput!' }, fields: COMUNICADO_FIELDS },
      excluir: { operation: 'excluirComunicado', args: ACAO_ARGS, fields: '' },
      enviarParaAprovacao: {
        operation: 'enviarComunicadoParaAprovacao',
        args: { ...ACAO_ARGS, aprovadorId: 'ID!', dataHoraAgendamento: 'String' },
        fields: COMUNICADO_FIELDS,
      },
      retirarDaAprovacao: { operation: 'retirarComunicadoDaAprovacao', args: ACAO_ARGS, fields: COMUNICADO_FIELDS },
      aprovar: { operation: 'aprovarComunicado', args: ACAO_ARGS, fields: COMUNICADO_FIELDS },
      rejeitar: {
        operation: 'rejeitarComunicado',
        args: { ...ACAO_ARGS, motivo: 'String!' },
        fields: COMUNICADO_FIELDS,
      },
      // Send now (no date) or schedule (dataHoraAgendamento, at least an hour ahead).
      enviar: {
        operation: 'enviarComunicado',
        args: { ...ACAO_ARGS, dataHoraAgendamento: 'String' },
        fields: COMUNICADO_FIELDS,
      },
      cancelarAgendamento: {
        operation: 'cancelarAgendamentoComunicado',
        args: ACAO_ARGS,
        fields: COMUNICADO_FIELDS,
      },
      arquivar: {
        operation: 'arquivarComunicado',
        args: { id: 'ID!', arquivado: 'Boolean!' },
        fields: COMUNICADO_FIELDS,
      },
      errata: {
        operation: 'criarErrataComunicado',
        args: { errata: 'ErrataComunicadoInput!' },
        fields: COMUNICADO_FIELDS,
      },
      salvarSerie: {
        operation: 'salvarSerieComunicado',
        args: { serie: 'ComunicadoSerieInput!' },
        fields: COMUNICADO_SERIE_FIELDS,
      },
      salvarEtiqueta: {
        operation: 'salvarEtiquetaComunicado',
        args: { etiqueta: 'ComunicadoEtiquetaInput!' },
        fields: COMUNICADO_ETIQUETA_FIELDS,
      },
      excluirEtiqueta: { operation: 'excluirEtiquetaComunicado', args: ACAO_ARGS, fields: '' },
      // The reader's own deliveries (ids: ComunicadoEnvio ids; the view by announcement id).
      abrir: { operation: 'abrirComunicado', args: { idComunicado: 'ID!' }, fields: COMUNICADO_ENVIO_FIELDS },
      marcarLidos: { operation: 'marcarComunicadosLidos', args: { ids: '[ID!]!', lido: 'Boolean!' }, fields: '' },
      favoritar: { operation: 'favoritarComunicados', args: { ids: '[ID!]!', favorito: 'Boolean!' }, fields: '' },
      arquivarEnvios: {
        operation: 'arquivarComunicadoEnvios',
        args: { ids: '[ID!]!', arquivado: 'Boolean!' },
        fields: '',
      },
      confirmarLeitura: {
        operation: 'confirmarLeituraComunicado',
        args: { idComunicado: 'ID!' },
        fields: COMUNICADO_ENVIO_FIELDS,
      },
      lembrarNaoLidos: { operation: 'lembrarNaoLidosComunicado', args: { id: 'ID!' }, fields: '' },
    },
  },
  // The virtual library (issue #29): /biblioteca and /biblioteca/{idPasta}, the home page's recent files.
  biblioteca: {
    queries: {
      // A folder's detail (idPasta 0: the root).
      // The inherited groups are the folder's (every item inside has the same), so only here.
      pasta: {
        operation: 'pasta',
        args: { idPasta: 'ID!' },
        fields: `${ITEM_BIBLIOTECA_FIELDS}
          permissoesHerdadas { id grupoUsuarios { id nome favorito } permissaoAcessoPasta { id description } }`,
      },
      itens: {
        operation: 'itemsPorPasta',
        args: { idPasta: 'ID', filterInput: 'ItensPorPastaFilterInput' },
        fields: `content { ${ITEM_BIBLIOTECA_FIELDS} } totalElements`,
      },
      pastasComPermissaoEscrita: {
        operation: 'pastasComPermissaoEscrita',
        args: { busca: 'String' },
        fields: 'id nome isPublico breadcrumb { id nome } pastaPai { id nome }',
      },
      arquivo: {
        operation: 'arquivo',
        args: { idArquivo: 'ID!' },
        fields: 'id nome tamanho tipoMime idItem pastaPai { id nome }',
      },
      linkDownloadByArquivo: { operation: 'linkDownloadByArquivo', args: { idArquivo: 'ID!' }, fields: '' },
      ultimosModificados: {
        operation: 'ultimosModificados',
        args: { quantidade: 'Int' },
        fields: ITEM_BIBLIOTECA_FIELDS,
      },
      // The "see all": with the parent's name and the owner's e-mail (in the item's fields).
      ultimosModificadosExtendido: {
        operation: 'ultimosModificadosExtendido',
        args: { filterInput: 'FilterInput' },
        fields: `content { ${ITEM_BIBLIOTECA_FIELDS} } totalElements`,
      },
      busca: {
        operation: 'buscaBibliotecaPage',
        args: { filterInput: 'BuscaBibliotecaFilterInput!' },
        fields: `content { ${ITEM_BIBLIOTECA_FIELDS} encontradoEm trecho { texto destaque } } totalElements`,
      },
    },
    mutations: {
      uploadArquivos: {
        operation: 'uploadArquivos',
        args: { arquivos: '[UploadArquivoInput!]!' },
        fields: ITEM_BIBLIOTECA_FIELDS,
      },
      criarPasta: {
        operation: 'criarNovaPasta',
        args: { novaPasta: 'NovaPastaInput!' },
        fields: ITEM_BIBLIOTECA_FIELDS,
      },
      concederAcesso: {
        operation: 'concederAcesso',
        args: { novasPermissoes: 'NovasPermissoesInput!' },
        fields: ITEM_BIBLIOTECA_FIELDS,
      },
      excluir: { operation: 'excluirItemBiblioteca', args: { idItem: 'ID!', version: 'Int' }, fields: '' },
      mover: {
        operation: 'moverItemBiblioteca',
        args: { idItemBiblioteca: 'ID!', idNovaLocalizacao: 'ID!', version: 'Int' },
        fields: ITEM_BIBLIOTECA_FIELDS,
      },
      renomear: {
        operation: 'renomearItemBiblioteca',
        args: { idItemBiblioteca: 'ID!', novoNome: 'String!', version: 'Int' },
        fields: ITEM_BIBLIOTECA_FIELDS,
      },
      linkDownload: {
        operation: 'gerarLinkDownloadByItemBiblioteca',
        args: { idItemBiblioteca: 'ID!' },
        fields: '',
      },
      // A user's download of a file, counted in the reports (registrarDownload: true).
      linkDownloadArquivo: {
        operation: 'linkDownloadByArquivo',
        args: { idArquivo: 'ID!', registrarDownload: 'Boolean' },
        fields: '',
      },
    },
  },
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
  // The home page's blocks (issue #30), asked for together (`{ batch: true }`): one GraphQL document.
  home: {
    queries: {
      // The slides on display for the user (audience, period, active), in carousel order.
      slides: { operation: 'slidesAtivos', fields: SLIDE_HOME_FIELDS },
      // One advert on display for the user, at random (null when none).
      anuncio: {
        operation: 'anuncioAleatorio',
        fields: `id titulo link linkTarget arquivo { ${IMAGEM_VITRINE_FIELDS} }`,
      },
      // The reader's newest deliveries (their own only), each linking to /comunicados/visualizar/{comunicado.id}.
      comunicados: {
        operation: 'comunicadoEnviosRecentes',
        fields: 'id lido comunicado { id titulo envioDateTime departamento { id sigla nome } }',
      },
      // The library's latest modified files the user may read (3).
      arquivos: {
        operation: 'ultimosModificados',
        args: { quantidade: 'Int' },
        fields: 'id nome isPasta ultimaModificacao pastaPai { id nome } tipoMime',
      },
      // The social networks of the user's first brand.
      redesSociais: { operation: 'redesSociais', args: { marca: 'ID' }, fields: 'id nome url icone' },
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
      aceitaEmail: { operation: 'aceitaEmailComunicados', fields: '' },
    },
    mutations: {
      definirAceitaEmail: {
        operation: 'definirAceitaEmailComunicados',
        args: { aceita: 'Boolean!' },
        fields: '',
      },
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
        fields: `content { id alteracao data autor { id nome email } autorForaDoEscopo valorAnterior valorNovo campos
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
