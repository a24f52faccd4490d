/**
 * The react-admin resources and the GraphQL operations behind each data provider method, declared
 * once: the data provider's buildQuery reads this table (no introspection, no English pluraliser),
 * and a schema test checks every operation against the API.
 *
 * Conventions (defaults in brackets):
 * - getList / getManyReference: `operation` is the whole, unpaged list (`op { fields }`), filtered,
 *   sorted and paged by the client; with `paged: true` it is the spec's paged shape
 *   `op(filterInput: { page, rowsPerPage, busca, ...filters, sort }) { content { fields } totalElements }`
 *   with `filterInput` of type `inputType` [FilterInput]. A string is shorthand for `{ operation }`.
 * - getOne: `op(id: $id) { fields }` [arg id, argType ID!]; with `fromList: true` the record is
 *   picked from the whole list `op { fields }`.
 * - getMany: `op(ids: $ids) { fields }` [arg ids, argType [ID!]!]; `fromList: true` as for getOne.
 * - create / update / updateMany: `op(arg: $input) { fields }`; `arg` and `argType` are required;
 *   `inputFields` picks the keys of the record that are sent (default: all but `__typename`).
 *   `extraArgs` adds arguments beside the input, each from one key of the record (create and
 *   update): `{ name: 'cargos', argType: '[CargoUsuarioInput!]', field: 'cargos', itemFields }`
 *   sends `op(arg: $input, cargos: $cargos)` with `$cargos` = the record's `cargos` (each entry cut to
 *   `itemFields` when given), and that key is then not sent inside the input.
 * - delete / deleteMany: `op(id: $id)` [arg id, argType ID!], no selection unless `fields` is given
 *   (most removal mutations answer a Boolean). Many-record methods send one aliased field per id.
 * `fields` on an operation overrides the resource's selection set for that operation.
 * - setActive: the `op(id: ID!) { id active }` mutations behind the lists' activate / inactivate
 *   action, sent by the data provider's `setActive(resource, { id, active })`.
 * - queries: the resource's other reads (e.g. a group change's impact), by name, sent by the data
 *   provider's `query(resource, name, data)` as `op(arg: $input) { fields }` (`data`'s `inputFields`
 *   as one input object), or with `args` as `op(a: $a, b: $b) { fields }` (`data.a`, `data.b`), or
 *   with neither as `op { fields }`.
 * - mutations: the resource's other writes (starting the users export, a user's special activation),
 *   declared as `queries` and sent as `mutation` by the data provider's `mutate(resource, name, data)`.
 */

/** A read of a resource beyond react-admin's methods (`dataProvider.query(resource, name, data)`). */
export interface NamedQuery {
  operation: string;
  /** One input object argument `arg: argType` made of `data`'s `inputFields`. */
  arg?: string;
  argType?: string;
  /** The keys of `data` that are sent. */
  inputFields?: readonly string[];
  /** Plain arguments by name and GraphQL type, each the value of `data`'s key of that name. */
  args?: Readonly<Record<string, string>>;
  fields: string;
}

export interface ListOperation {
  operation: string;
  paged?: boolean;
  inputType?: string;
  fields?: string;
}

export interface RecordOperation {
  operation: string;
  fromList?: boolean;
  arg?: string;
  argType?: string;
  fields?: string;
}

/** An argument of a mutation beside its input, taken from one key of the record (see the header). */
export interface ExtraArg {
  name: string;
  argType: string;
  /** The record's key holding its value. */
  field: string;
  /** For a list of objects: the keys of each entry that are sent. */
  itemFields?: readonly string[];
}

export interface MutationOperation {
  operation: string;
  arg: string;
  argType: string;
  inputFields?: readonly string[];
  extraArgs?: readonly ExtraArg[];
  fields?: string;
}

export interface ResourceOperations {
  /** Selection set of one record, e.g. `id nome tiposAcesso { id nome }`. */
  fields: string;
  getList?: string | ListOperation;
  getOne?: string | RecordOperation;
  getMany?: string | RecordOperation;
  getManyReference?: ListOperation;
  create?: MutationOperation;
  update?: MutationOperation;
  updateMany?: MutationOperation;
  delete?: string | RecordOperation;
  deleteMany?: string | RecordOperation;
  setActive?: { ativar: string; inativar: string };
  queries?: Record<string, NamedQuery>;
  mutations?: Record<string, NamedQuery>;
}

export type ResourceMethod = Exclude<keyof ResourceOperations, 'fields' | 'setActive' | 'queries' | 'mutations'>;

export { RESOURCE_METHODS } from './resourceMethods';

const DEALER_INPUT_FIELDS = [
  'version',
  'nomeExibicao',
  'razaoSocial',
  'cnpj',
  'cnpjsAdicionais',
  'codigos',
  'divisaoId',
  'setorId',
  'telefones',
  'celulares',
  'endereco',
  'marcaIds',
  'grupoIds',
  'dadosComplementares',
  'active',
] as const;

const RELATORIO_INPUT_FIELDS = [
  'version',
  'slug',
  'tituloPtBr',
  'tituloEs',
  'tituloEn',
  'tipo',
  'url',
  'tokenAssinado',
  'interno',
  'funcionalidades',
  'tiposUsuario',
  'posicao',
] as const;

/** A row of the reach report: a brand, a dealer group or a dealer. */
const ALCANCE_LINHA = `id nivel nome comunicados destinatarios lidos pedemConfirmacao confirmados taxaLeitura
  taxaConfirmacao`;

/** A row of the Users report: a user type or a brand, by status. */
const USUARIOS_LINHA = 'id nivel nome total ativos inativos dormentes ativacaoEspecial';
const BIBLIOTECA_ARQUIVO = 'id nome pasta downloads';

const AUSENCIA_INPUT_FIELDS = [
  'version',
  'usuarioId',
  'inicio',
  'retorno',
  'fimOperacao',
  'motivo',
  'justificativa',
  'local',
  'arquivoId',
  'substitutoId',
] as const;

const NOTIFICACAO_GENERICA_FIELDS = `id version tipo estado titulo texto link produto { id nome } modelo { id titulo }
  modeloVersao grupos { id nome } dataHoraAgendamento enviadaEm destinatarios autor { id nome } createdAt totalVersoes`;

const NOTIFICACAO_GENERICA_INPUT_FIELDS = [
  'version',
  'tipo',
  'titulo',
  'texto',
  'link',
  'produtoId',
  'modeloId',
  'grupoIds',
] as const;

const EXPORTACAO_FIELDS = 'id status total processados progresso linhas erro createdAt concluidoEm download';

/**
 * A user's own input fields (UsuarioInput), in the form's order: what the data provider sends and,
 * but for `version`, the wizard's first step (domain/schemas/usuario.ts derives its list from this).
 */
export const USUARIO_INPUT_FIELDS = [
  'version',
  'nome',
  'email',
  'cpf',
  'tipo',
  'idioma',
  'marcaIds',
  'grupoIds',
  'dealerIds',
  'telefones',
  'celulares',
  'dataAdmissao',
  'emailSuperior',
  'desligamentoId',
  'dataDesligamento',
] as const;

/** salvarUsuario(usuario, cargos, infos): the form's positions and per-product permissions. */
const USUARIO_EXTRA_ARGS = [
  {
    name: 'cargos',
    argType: '[CargoUsuarioInput!]',
    field: 'cargos',
    itemFields: ['cargoId', 'dealerId', 'departamentoId', 'dataInicio'],
  },
  {
    name: 'infos',
    argType: '[InfoProdutoInput!]',
    field: 'produtos',
    itemFields: ['produtoId', 'tiposAcessoIds', 'funcionalidadeIds'],
  },
] as const;

/** salvarGrupoUsuarios: the group's flags, blocks and access lists (the form's values). */
const GRUPO_USUARIOS_INPUT_FIELDS = [
  'version',
  'nome',
  'publico',
  'active',
  'leitorIds',
  'editorIds',
  'possuiPerfil',
  'possuiCargos',
  'possuiSetores',
  'possuiGrupos',
  'possuiUsuariosManuais',
  'todosDealers',
  'marcaIds',
  'tiposUsuario',
  'tipoAcessoIds',
  'dealerIds',
  'cargoIds',
  'setorIds',
  'grupoIds',
  'usuarioManualIds',
  'usuarioRemovidoIds',
] as const;

const USUARIO_CONTATO_FIELDS = 'id nome email';

const GRUPO_USUARIOS_FIELDS = `id version nome nomeOriginal publico favorito active createdAt criador { id nome email }
  possuiPerfil possuiCargos possuiSetores possuiGrupos possuiUsuariosManuais todosDealers
  marcas { id nome } tiposUsuarios tiposAcesso { id nome produto { id nome } } dealers { id nomeExibicao }
  cargos { id nome } setores { id nome divisao { id nome } } grupos { id nome }
  usuariosManuais { ${USUARIO_CONTATO_FIELDS} } usuariosRemovidos { ${USUARIO_CONTATO_FIELDS} }
  leitores { ${USUARIO_CONTATO_FIELDS} } editores { ${USUARIO_CONTATO_FIELDS} } podeEditar`;

const PRODUTO_PERMISSOES_FIELDS =
  'id nome tiposAcesso { id nome funcionalidadesPadrao { id } } funcionalidades { id nome descricao }';

/** Slides and adverts (issue #30): their image, groups and display state. */
const VITRINE_FIELDS = `id version titulo link linkTarget inicioDate fimDate active emExibicao createdDateTime
  arquivo { id nome largura altura link linkMobile } grupos { id nome } autor { id nome }`;
export const SLIDE_FIELDS = `${VITRINE_FIELDS} corTitulo tamanhoTitulo subtitulo corSubtitulo tamanhoSubtitulo
  tituloBotao ordem`;
export const ANUNCIO_FIELDS = VITRINE_FIELDS;
const VITRINE_INPUT_FIELDS = [
  'version',
  'titulo',
  'link',
  'linkTarget',
  'inicioDate',
  'fimDate',
  'arquivoId',
  'grupoIds',
  'active',
] as const;
const SLIDE_INPUT_FIELDS = [
  ...VITRINE_INPUT_FIELDS,
  'corTitulo',
  'tamanhoTitulo',
  'subtitulo',
  'corSubtitulo',
  'tamanhoSubtitulo',
  'tituloBotao',
] as const;

export const RESOURCES = {
  // The dealer network (issue #4): spec-shaped paged lists, one salvarX mutation for create and update.
  grupos: {
    fields: 'id version nome active createdAt marcaIds marcas { id nome } totalDealers',
    getList: { operation: 'grupos', paged: true, inputType: 'GrupoFilterInput' },
    getOne: 'grupo',
    getMany: { operation: 'gruposAtivos', fromList: true },
    create: {
      operation: 'salvarGrupo',
      arg: 'grupo',
      argType: 'GrupoInput!',
      inputFields: ['nome', 'marcaIds', 'active'],
    },
    update: {
      operation: 'salvarGrupo',
      arg: 'grupo',
      argType: 'GrupoInput!',
      inputFields: ['version', 'nome', 'marcaIds', 'active'],
    },
    setActive: { ativar: 'ativarGrupo', inativar: 'inativarGrupo' },
    queries: {
      // The active groups the caller sees, as choices of other screens' filters (any signed-in user).
      ativos: { operation: 'gruposAtivos', fields: 'id nome' },
      // What saving a change would do to the group's dealers and users (the confirm dialogs).
      impacto: {
        operation: 'impactoGrupo',
        arg: 'grupo',
        argType: 'GrupoInput!',
        inputFields: ['id', 'nome', 'marcaIds', 'active'],
        fields: 'dealersDesvinculados dealersInativados usuariosInativados',
      },
    },
  },
  dealers: {
    fields: `id version nomeExibicao razaoSocial cnpj cnpjsAdicionais codigos divisaoId divisao { id nome } setorId
      telefones celulares endereco { logradouro complemento bairro cidade estado cep } cidade estado
      marcaIds marcas { id nome } grupoIds grupos { id nome } dadosComplementares { produtoId uri }
      active createdAt totalUsuarios`,
    getList: {
      operation: 'dealers',
      paged: true,
      inputType: 'DealerFilterInput',
      fields:
        'id nomeExibicao razaoSocial cnpj codigos cidade estado divisao { id nome } marcas { id nome } grupos { id nome } active totalUsuarios',
    },
    getOne: 'dealer',
    create: { operation: 'salvarDealer', arg: 'dealer', argType: 'DealerInput!', inputFields: DEALER_INPUT_FIELDS },
    update: { operation: 'salvarDealer', arg: 'dealer', argType: 'DealerInput!', inputFields: DEALER_INPUT_FIELDS },
    setActive: { ativar: 'ativarDealer', inativar: 'inativarDealer' },
    queries: {
      // The pickers of other screens (users, their filters): any signed-in user, within their scope.
      opcoes: {
        operation: 'dealersOpcoes',
        args: { filterInput: 'DealerFilterInput!' },
        fields: 'content { id nomeExibicao active } totalElements',
      },
    },
  },
  // Users (issue #13): the two-step wizard saves the user, its positions and its permissions at once.
  usuarios: {
    fields: `id version nome email cpf telefones celulares tipo { id } idioma { id } active ativacaoEspecial
      inativadoPorInatividade ultimoAcesso createdAt marcaIds marcas { id nome } grupoIds grupos { id nome }
      dealerIds dealers { id nomeExibicao active grupo { id nome } }
      cargos { cargoId cargoNome dealerId dealerNome departamentoId departamentoNome dataInicio }
      dataAdmissao emailSuperior desligamentoId desligamento { id motivo } dataDesligamento`,
    getList: {
      operation: 'usuarios',
      paged: true,
      inputType: 'UsuarioFilterInput',
      fields: `id nome email cpf tipo { id } active ativacaoEspecial inativadoPorInatividade ultimoAcesso
        marcas { id nome } grupos { id nome } dealers { id nomeExibicao }`,
    },
    getOne: 'usuario',
    create: {
      operation: 'salvarUsuario',
      arg: 'usuario',
      argType: 'UsuarioInput!',
      inputFields: USUARIO_INPUT_FIELDS,
      extraArgs: USUARIO_EXTRA_ARGS,
    },
    update: {
      operation: 'salvarUsuario',
      arg: 'usuario',
      argType: 'UsuarioInput!',
      inputFields: USUARIO_INPUT_FIELDS,
      extraArgs: USUARIO_EXTRA_ARGS,
    },
    setActive: { ativar: 'ativarUsuario', inativar: 'inativarUsuario' },
    mutations: {
      // Starts the background .xlsx export of the filtered list (one per user at a time).
      exportar: {
        operation: 'exportarUsuarios',
        args: { filterInput: 'UsuarioFilterInput!' },
        fields: EXPORTACAO_FIELDS,
      },
      // Special activation (LIBERAR_ATIVACAO_ESPECIAL): never inactivated for lack of access.
      liberarAtivacaoEspecial: {
        operation: 'liberarAtivacaoEspecial',
        args: { usuarioId: 'ID!' },
        fields: 'id version ativacaoEspecial',
      },
      removerAtivacaoEspecial: {
        operation: 'removerAtivacaoEspecial',
        args: { usuarioId: 'ID!' },
        fields: 'id version ativacaoEspecial',
      },
    },
    queries: {
      // The caller's newest export: state, progress, download path.
      exportacao: { operation: 'exportacaoUsuarios', fields: EXPORTACAO_FIELDS },
      // What the form offers the caller: types, languages, brands, groups, products.
      dominio: {
        operation: 'dominioUsuario',
        fields: `tiposUsuario idiomas marcas { id nome } grupos { id nome } produtos { ${PRODUTO_PERMISSOES_FIELDS} }`,
      },
      portalProperties: {
        operation: 'usuariosPortalProperties',
        fields:
          'tiposUsuarioDocumentoObrigatorio tiposUsuarioInformarCargo tiposUsuarioInformarGestao informarDepartamentoCargo',
      },
      departamentos: { operation: 'departamentosCargosUsuarios', fields: 'id nome sigla' },
      produtos: {
        operation: 'produtosByDealersAndTipoUsuario',
        args: { idsDealer: '[ID!]!', tipoUsuario: 'TipoUsuario!' },
        fields: PRODUTO_PERMISSOES_FIELDS,
      },
      info: {
        operation: 'infoUsuario',
        args: { usuarioId: 'ID!' },
        fields: 'produtoId tiposAcessoIds funcionalidadeIds',
      },
      clonaveis: {
        operation: 'usuariosByTipoUsuario',
        args: { tipo: 'TipoUsuario!', dealerIds: '[ID!]', busca: 'String' },
        fields: 'id nome email',
      },
      podeAdicionarCargo: {
        operation: 'podeAdicionarCargo',
        args: { cargoAdicionadoInput: 'CargoUsuarioInput!', cargosInputs: '[CargoUsuarioInput!]' },
        fields: '',
      },
    },
  },
  // Recipient user groups (issue #14): one salvarGrupoUsuarios for create and update.
  gruposUsuarios: {
    fields: GRUPO_USUARIOS_FIELDS,
    getList: {
      operation: 'gruposUsuarios',
      paged: true,
      inputType: 'GrupoUsuariosFilterInput',
      fields: 'id nome publico favorito active createdAt criador { id nome email } podeEditar totalDestinatarios',
    },
    getOne: 'grupoUsuarios',
    create: {
      operation: 'salvarGrupoUsuarios',
      arg: 'grupoUsuarios',
      argType: 'GrupoUsuariosInput!',
      inputFields: GRUPO_USUARIOS_INPUT_FIELDS,
    },
    update: {
      operation: 'salvarGrupoUsuarios',
      arg: 'grupoUsuarios',
      argType: 'GrupoUsuariosInput!',
      inputFields: GRUPO_USUARIOS_INPUT_FIELDS,
    },
    setActive: { ativar: 'ativarGrupoUsuarios', inativar: 'inativarGrupoUsuarios' },
    queries: {
      // The user-group selector: active groups the caller reads, favourites first.
      ativos: { operation: 'gruposUsuariosAtivos', fields: 'id nome publico favorito' },
      // The group holding a name (the form's uniqueness check).
      porNome: { operation: 'grupoUsuariosByNome', args: { nome: 'String!' }, fields: 'id nome' },
      // Recipients of saved groups or of the form's draft (the preview, the selector's count).
      destinatarios: {
        operation: 'usuariosByGruposUsuariosPaged',
        args: { filterInput: 'DestinatariosFilterInput!' },
        fields: 'content { id nome email tipo removido } totalElements totalDestinatarios',
      },
      // Manual users and access lists: users whose name or e-mail starts with the text.
      usuarios: {
        operation: 'usuariosByNomeOrEmailStartingWith',
        args: { nome: 'String!' },
        fields: USUARIO_CONTATO_FIELDS,
      },
      // The form's options (spec section 6): the caller's brands (marcas.atribuivel), user types
      // and access types, positions, sectors, the active dealer groups they see.
      usuarioLogado: {
        operation: 'usuarioLogado',
        fields: 'tipo { id } tiposUsuarios produtos { id nome tiposAcesso { id nome } }',
      },
      marcas: { operation: 'marcas', fields: 'id nome active atribuivel' },
      produtos: { operation: 'produtos', fields: 'id nome tiposAcesso { id nome }' },
      cargos: { operation: 'cargos', fields: 'id nome' },
      setores: { operation: 'setores', fields: 'id nome divisao { id nome }' },
      grupos: { operation: 'gruposAtivos', fields: 'id nome' },
    },
    mutations: {
      // Toggles the group among the caller's favourites.
      favorito: { operation: 'atualizarGrupoFavorito', args: { id: 'ID!' }, fields: 'id favorito' },
      // The readable groups whose blocks the form merges into its own.
      importar: { operation: 'importarGrupoUsuarios', args: { ids: '[ID!]!' }, fields: GRUPO_USUARIOS_FIELDS },
    },
  },
  // Notification models and generic notifications (issue #27): one salvarNotificacaoGenerica for
  // create and update; send, schedule and copy are mutations of their own.
  notificacoesGenericas: {
    fields: NOTIFICACAO_GENERICA_FIELDS,
    getList: {
      operation: 'notificacoesGenericas',
      paged: true,
      inputType: 'NotificacaoGenericaFilterInput',
      fields: `id version tipo estado titulo dataHoraAgendamento enviadaEm destinatarios autor { id nome }
        createdAt totalVersoes`,
    },
    getOne: 'notificacaoGenerica',
    create: {
      operation: 'salvarNotificacaoGenerica',
      arg: 'notificacaoGenerica',
      argType: 'NotificacaoGenericaInput!',
      inputFields: NOTIFICACAO_GENERICA_INPUT_FIELDS,
    },
    update: {
      operation: 'salvarNotificacaoGenerica',
      arg: 'notificacaoGenerica',
      argType: 'NotificacaoGenericaInput!',
      inputFields: NOTIFICACAO_GENERICA_INPUT_FIELDS,
    },
    queries: {
      // The saved versions of a model or notification ("Versions").
      versoes: {
        operation: 'versoesNotificacaoGenerica',
        args: { id: 'ID!' },
        fields: 'versao titulo texto link produtoId autor { id nome } createdAt',
      },
      // How many users the chosen groups reach (the form's preview).
      previa: { operation: 'previaNotificacaoGenerica', args: { grupoIds: '[ID!]!' }, fields: '' },
      produtos: { operation: 'produtos', fields: 'id nome' },
    },
    mutations: {
      copiar: { operation: 'copiarNotificacaoGenerica', args: { id: 'ID!' }, fields: NOTIFICACAO_GENERICA_FIELDS },
      // Send now (no date) or schedule (dataHoraAgendamento, at least an hour ahead).
      enviar: {
        operation: 'enviarNotificacaoGenerica',
        args: { id: 'ID!', version: 'Int', dataHoraAgendamento: 'String' },
        fields: NOTIFICACAO_GENERICA_FIELDS,
      },
      // A scheduled one back to a draft (its pending run then sends nothing).
      cancelarAgendamento: {
        operation: 'cancelarAgendamentoNotificacaoGenerica',
        args: { id: 'ID!', version: 'Int!' },
        fields: NOTIFICACAO_GENERICA_FIELDS,
      },
    },
  },
  // Slides of the home carousel and adverts (issue #30); the home page reads slidesAtivos and anuncioAleatorio.
  slides: {
    fields: SLIDE_FIELDS,
    getList: { operation: 'slides', paged: true, inputType: 'SlideFilterInput' },
    getOne: 'slide',
    create: { operation: 'salvarSlide', arg: 'slide', argType: 'SlideInput!', inputFields: SLIDE_INPUT_FIELDS },
    update: { operation: 'salvarSlide', arg: 'slide', argType: 'SlideInput!', inputFields: SLIDE_INPUT_FIELDS },
    setActive: { ativar: 'ativarSlide', inativar: 'inativarSlide' },
    queries: {
      // The slides on display for the signed-in user, in carousel order (the home page).
      ativos: { operation: 'slidesAtivos', fields: SLIDE_FIELDS },
    },
    mutations: {
      // A slide to a position (0 first) among the caller's slides (up/down in the list).
      mover: { operation: 'moverSlide', args: { id: 'ID!', posicao: 'Int!' }, fields: 'id ordem' },
    },
  },
  anuncios: {
    fields: ANUNCIO_FIELDS,
    getList: { operation: 'anuncios', paged: true, inputType: 'AnuncioFilterInput' },
    getOne: 'anuncio',
    create: { operation: 'salvarAnuncio', arg: 'anuncio', argType: 'AnuncioInput!', inputFields: VITRINE_INPUT_FIELDS },
    update: { operation: 'salvarAnuncio', arg: 'anuncio', argType: 'AnuncioInput!', inputFields: VITRINE_INPUT_FIELDS },
    setActive: { ativar: 'ativarAnuncio', inativar: 'inativarAnuncio' },
    queries: {
      // One advert on display for the signed-in user, another one at the next call (the home page).
      aleatorio: { operation: 'anuncioAleatorio', fields: ANUNCIO_FIELDS },
    },
  },
  produtos: {
    fields: 'id nome URI baseUriHomolog tiposAcesso { id nome }',
    getList: 'produtos',
    getOne: { operation: 'produtos', fromList: true },
    getMany: { operation: 'produtos', fromList: true },
  },
  // Reference data: small whole lists, saved by one salvarX mutation (id absent on create).
  marcas: {
    fields: 'id version nome descricao facebookId active atribuivel',
    setActive: { ativar: 'ativarMarca', inativar: 'inativarMarca' },
    getList: 'marcas',
    getOne: { operation: 'marcas', fromList: true },
    getMany: { operation: 'marcas', fromList: true },
    create: {
      operation: 'salvarMarca',
      arg: 'marca',
      argType: 'MarcaInput!',
      inputFields: ['version', 'nome', 'descricao', 'facebookId'],
    },
    update: {
      operation: 'salvarMarca',
      arg: 'marca',
      argType: 'MarcaInput!',
      inputFields: ['version', 'nome', 'descricao', 'facebookId'],
    },
  },
  ausencias: {
    fields: `id version usuarioId inicio retorno fimOperacao motivo justificativa local
      arquivo { id nome tamanho disponivel } substituto { id nome } createdAt`,
    getList: { operation: 'ausenciasTemporarias', paged: true, inputType: 'AusenciaTemporariaFilterInput' },
    getOne: 'ausenciaTemporaria',
    create: {
      operation: 'salvarAusenciaTemporaria',
      arg: 'ausencia',
      argType: 'AusenciaTemporariaInput!',
      inputFields: AUSENCIA_INPUT_FIELDS,
    },
    update: {
      operation: 'salvarAusenciaTemporaria',
      arg: 'ausencia',
      argType: 'AusenciaTemporariaInput!',
      inputFields: AUSENCIA_INPUT_FIELDS,
    },
    delete: 'excluirAusenciaTemporaria',
    queries: {
      // Active users the caller sees, by name, to hold the absent user's approvals.
      substitutos: { operation: 'substitutosAusencia', args: { usuarioId: 'ID!', busca: 'String' }, fields: 'id nome' },
    },
  },
  cargos: {
    fields: 'id version nome',
    getList: 'cargos',
    getOne: { operation: 'cargos', fromList: true },
    getMany: { operation: 'cargos', fromList: true },
    create: { operation: 'salvarCargo', arg: 'cargo', argType: 'CargoInput!', inputFields: ['version', 'nome'] },
    update: { operation: 'salvarCargo', arg: 'cargo', argType: 'CargoInput!', inputFields: ['version', 'nome'] },
    delete: 'excluirCargo',
  },
  departamentos: {
    fields: 'id version nome sigla assinatura',
    getList: 'departamentos',
    getOne: { operation: 'departamentos', fromList: true },
    getMany: { operation: 'departamentos', fromList: true },
    create: {
      operation: 'salvarDepartamento',
      arg: 'departamento',
      argType: 'DepartamentoInput!',
      inputFields: ['version', 'nome', 'sigla', 'assinatura'],
    },
    update: {
      operation: 'salvarDepartamento',
      arg: 'departamento',
      argType: 'DepartamentoInput!',
      inputFields: ['version', 'nome', 'sigla', 'assinatura'],
    },
    delete: 'excluirDepartamento',
  },
  divisoes: {
    fields: 'id version nome',
    getList: 'divisoes',
    getOne: { operation: 'divisoes', fromList: true },
    getMany: { operation: 'divisoes', fromList: true },
    create: { operation: 'salvarDivisao', arg: 'divisao', argType: 'DivisaoInput!', inputFields: ['version', 'nome'] },
    update: { operation: 'salvarDivisao', arg: 'divisao', argType: 'DivisaoInput!', inputFields: ['version', 'nome'] },
    delete: 'excluirDivisao',
  },
  setores: {
    fields: 'id version nome divisaoId divisao { id nome }',
    getList: 'setores',
    getOne: { operation: 'setores', fromList: true },
    getMany: { operation: 'setores', fromList: true },
    create: {
      operation: 'salvarSetor',
      arg: 'setor',
      argType: 'SetorInput!',
      inputFields: ['version', 'nome', 'divisaoId'],
    },
    update: {
      operation: 'salvarSetor',
      arg: 'setor',
      argType: 'SetorInput!',
      inputFields: ['version', 'nome', 'divisaoId'],
    },
    delete: 'excluirSetor',
  },
  desligamentos: {
    fields: 'id version motivo',
    getList: 'desligamentos',
    getOne: { operation: 'desligamentos', fromList: true },
    getMany: { operation: 'desligamentos', fromList: true },
    create: {
      operation: 'salvarDesligamento',
      arg: 'desligamento',
      argType: 'DesligamentoInput!',
      inputFields: ['version', 'motivo'],
    },
    update: {
      operation: 'salvarDesligamento',
      arg: 'desligamento',
      argType: 'DesligamentoInput!',
      inputFields: ['version', 'motivo'],
    },
    delete: 'excluirDesligamento',
  },
  redesSociais: {
    fields: 'id version nome url icone marcaId marca { id nome }',
    getList: 'redesSociais',
    getOne: { operation: 'redesSociais', fromList: true },
    getMany: { operation: 'redesSociais', fromList: true },
    getManyReference: { operation: 'redesSociais' },
    create: {
      operation: 'salvarRedeSocial',
      arg: 'redeSocial',
      argType: 'RedeSocialInput!',
      inputFields: ['version', 'marcaId', 'nome', 'url', 'icone'],
    },
    update: {
      operation: 'salvarRedeSocial',
      arg: 'redeSocial',
      argType: 'RedeSocialInput!',
      inputFields: ['version', 'marcaId', 'nome', 'url', 'icone'],
    },
    delete: 'excluirRedeSocial',
  },
  // Report definitions (issue #31), the provider's staff's (the super-admin page's Reports tab).
  relatorios: {
    fields: `id version slug tituloPtBr tituloEs tituloEn tipo url tokenAssinado interno funcionalidades tiposUsuario
      posicao`,
    getList: 'relatorios',
    getOne: { operation: 'relatorios', fromList: true },
    getMany: { operation: 'relatorios', fromList: true },
    create: {
      operation: 'salvarRelatorio',
      arg: 'relatorio',
      argType: 'RelatorioInput!',
      inputFields: RELATORIO_INPUT_FIELDS,
    },
    update: {
      operation: 'salvarRelatorio',
      arg: 'relatorio',
      argType: 'RelatorioInput!',
      inputFields: RELATORIO_INPUT_FIELDS,
    },
    delete: 'excluirRelatorio',
    // What /relatorio/{slug} shows, and the built-in reports' figures (any signed-in user the
    // definition allows).
    queries: {
      aberto: {
        operation: 'relatorioAberto',
        args: { slug: 'String!' },
        fields: 'slug titulo tipo url interno opcoes { marcas { id nome } grupos { id nome marcaIds } }',
      },
      alcance: {
        operation: 'relatorioAlcance',
        arg: 'filtro',
        argType: 'RelatorioFiltroInput!',
        inputFields: ['slug', 'inicio', 'fim', 'marcaId', 'grupoId', 'dealerId'],
        fields: `comunicados destinatarios lidos pedemConfirmacao confirmados taxaLeitura taxaConfirmacao
          marcas { ${ALCANCE_LINHA} } grupos { ${ALCANCE_LINHA} } dealers { ${ALCANCE_LINHA} }`,
      },
      usuarios: {
        operation: 'relatorioUsuarios',
        arg: 'filtro',
        argType: 'RelatorioFiltroInput!',
        inputFields: ['slug', 'inicio', 'fim', 'marcaId', 'grupoId', 'dealerId'],
        fields: `total ativos inativos dormentes ativacaoEspecial porTipo { ${USUARIOS_LINHA} }
          porMarca { ${USUARIOS_LINHA} } semanas { semana usuarios acessos }`,
      },
      biblioteca: {
        operation: 'relatorioBiblioteca',
        arg: 'filtro',
        argType: 'RelatorioFiltroInput!',
        inputFields: ['slug', 'inicio', 'fim', 'marcaId', 'grupoId', 'dealerId'],
        fields: `arquivos bytes downloads usuarios pastas { id nome arquivos bytes downloads }
          semanas { semana downloads usuarios } maisBaixados { ${BIBLIOTECA_ARQUIVO} }
          menosBaixados { ${BIBLIOTECA_ARQUIVO} }`,
      },
      importacoes: {
        operation: 'relatorioImportacoes',
        arg: 'filtro',
        argType: 'RelatorioFiltroInput!',
        inputFields: ['slug', 'inicio', 'fim', 'marcaId', 'grupoId', 'dealerId'],
        fields: `importacoes linhas criados atualizados recusados
          lista { id nomeArquivo autor criadoEm status total criados atualizados recusados }
          filas { fila execucoes concluidas falhas emAndamento taxaFalhas duracaoMedia }`,
      },
    },
  },
  // The signed-in user's Web Push devices (My account; the notification panel's button subscribes too).
  dispositivosPush: {
    fields: 'id endpoint userAgent createdAt ultimoSucesso',
    // The caller's own devices, a short whole list (at most 20).
    getList: 'meusDispositivosPush',
    mutations: {
      // This browser's subscription (spec section 7: endpoint, auth, key).
      gerar: {
        operation: 'gerarPushSubscription',
        arg: 'input',
        argType: 'PushSubscriptionInput!',
        inputFields: ['endpoint', 'auth', 'key'],
        fields: 'id',
      },
      remover: { operation: 'removerDispositivoPush', args: { id: 'ID!' }, fields: '' },
    },
  },
} as const satisfies Record<string, ResourceOperations>;

export type ResourceName = keyof typeof RESOURCES;
