import { hasAccess, type AccessRule, type AccessSubject } from './access';
import { TIPO_PROVEDOR, type FunctionKey, type TipoUsuario } from './enums';

/**
 * Who may do what: one policy per action, `policies.<resource>.<action>`, read alike by the route
 * table (and so the router, the menu and the breadcrumbs), the views' buttons (with the auth
 * provider's permissions) and every API operation and REST route. Actions are named as react-admin
 * names them (list, create, edit, delete, export) plus the portal's own (setActive, audit, ...).
 *
 * A policy has the rule of spec section 6 (function keys, user types; an empty rule is any
 * signed-in user) and, for an action on one record, the record rule: given how far the caller
 * reaches the record (the server works that out with the resource's scope in SQL), whether they
 * may act on it, or why not.
 */
export interface Policy {
  /** `resource.action`, e.g. `dealers.edit`. */
  readonly name: string;
  readonly rule: AccessRule;
  readonly record?: RecordRule;
}

/** How far a caller reaches one record: it does not exist, is outside their scope, shared, or theirs. */
export type Reach = 'missing' | 'outside' | 'shared' | 'owned';

export interface RecordTarget {
  reach: Reach;
  /** The action changes the record's active state. */
  changesState?: boolean;
  /** For a user's record: their user type (a caller administers only some types). */
  tipo?: TipoUsuario;
}

/** A refusal, as the key of its translated message. */
export type Refusal =
  | 'errors.unauthenticated'
  | 'errors.forbidden'
  | 'errors.notFound'
  | 'errors.outsideScope'
  | 'errors.sharedRecord'
  | 'errors.sharedUser';

type RecordRule = (subject: AccessSubject, target: RecordTarget) => Refusal | null;

/**
 * Why `subject` may not take the action of `policy` (on `target`, for an action on one record), or
 * null when they may. A null subject is an anonymous caller.
 */
export function refusalOf(subject: AccessSubject | null, policy: Policy, target?: RecordTarget): Refusal | null {
  if (!subject) return 'errors.unauthenticated';
  if (!hasAccess(subject, policy.rule)) return 'errors.forbidden';
  return target && policy.record ? policy.record(subject, target) : null;
}

export const allows = (subject: AccessSubject | null, policy: Policy, target?: RecordTarget) =>
  refusalOf(subject, policy, target) === null;

/**
 * Writes in the dealer network (issue #10): a record the caller sees may be shared with another
 * manufacturer. Its owner changes anything; a manufacturer sharing it changes its data and their
 * own brands, not its active state; a dealer-group user changes only what is wholly theirs.
 */
const networkWrite: RecordRule = (subject, { reach, changesState }) => {
  if (reach === 'missing') return 'errors.notFound';
  if (reach === 'owned') return null;
  if (reach === 'outside' || subject.tipo === 'DEALER_GRUPO') return 'errors.outsideScope';
  return changesState ? 'errors.sharedRecord' : null;
};

const any = (...funcionalidades: FunctionKey[]): AccessRule => ({ funcionalidades });
const SIGNED_IN: AccessRule = {};
const STAFF: AccessRule = { tiposUsuario: ['TECSINAPSE'] };
const NETWORK = any('PORTAL_MANUTENCAO_DEALERS_GRUPO');
/** Only provider staff and manufacturers create dealers and groups; a dealer-group user edits their own. */
const NETWORK_CREATE: AccessRule = { ...NETWORK, tiposUsuario: ['TECSINAPSE', 'MONTADORA'] };
const USERS = any('PORTAL_MANUTENCAO_USUARIOS');
const USER_GROUPS = any('PORTAL_MANUTENCAO_GRUPOS_USUARIOS');
const EDITORS = any('PORTAL_CRIACAO_COMUNICADOS', 'PORTAL_APROVACAO_ENVIO_COMUNICADOS');
const SLIDES = any('PORTAL_MANUTENCAO_SLIDES');
const ADVERTS = any('PORTAL_MANUTENCAO_ANUNCIOS');
const GENERIC_NOTIFICATIONS = any('PORTAL_NOTIFICACOES_GENERICAS');
const ABSENCES = any('PORTAL_AUSENCIA_TEMPORARIA');
const IMPORT = any('PORTAL_IMPORTACAO_USUARIOS');
/** Library managers: create folders, place uploads, read and write every item (spec section 6). */
const PORTAL_GERENCIAR_BIBLIOTECA = any('PORTAL_GERENCIAR_BIBLIOTECA');
/** Whoever addresses users through user groups (spec section 6: the user-group selector's screens). */
const GROUP_USERS = any(
  'PORTAL_MANUTENCAO_GRUPOS_USUARIOS',
  'PORTAL_CRIACAO_COMUNICADOS',
  'PORTAL_APROVACAO_ENVIO_COMUNICADOS',
  'PORTAL_GERENCIAR_BIBLIOTECA',
  'PORTAL_MANUTENCAO_SLIDES',
  'PORTAL_MANUTENCAO_ANUNCIOS',
  'PORTAL_NOTIFICACOES_GENERICAS',
);

/** User types each type may see and administer (usuarioLogado.tiposUsuarios, the users' form and import). */
export const TIPOS_ADMINISTRADOS: Record<TipoUsuario, readonly TipoUsuario[]> = {
  TECSINAPSE: ['TECSINAPSE', 'MONTADORA', 'DEALER_GRUPO'],
  MONTADORA: ['MONTADORA', 'DEALER_GRUPO'],
  DEALER_GRUPO: ['DEALER_GRUPO'],
};

/** Whether `subject` administers users of type `tipo`. */
export const administra = (subject: AccessSubject, tipo: TipoUsuario) =>
  TIPOS_ADMINISTRADOS[subject.tipo].includes(tipo);

/**
 * An action on a user's record (their data, their absences): only on a user the caller sees
 * (usuarioScope) and, when the target's type is given, of a type the caller administers. As in the
 * dealer network, a user shared with another brand or dealer group keeps their active state (and
 * special activation) unless the caller owns them (usuarioOwnedScope).
 */
const userTarget: RecordRule = (subject, { reach, changesState, tipo }) => {
  if (reach === 'missing') return 'errors.notFound';
  if (reach === 'outside') return 'errors.outsideScope';
  if (tipo && !administra(subject, tipo)) return 'errors.outsideScope';
  return reach === 'shared' && changesState ? 'errors.sharedUser' : null;
};

/**
 * A change to a user group: 'owned' is a group the caller may edit (creator, edit list, provider
 * staff), 'shared' one they only read, 'outside' one they may not even read (answered as missing).
 */
const userGroupWrite: RecordRule = (_subject, { reach }) =>
  reach === 'missing' || reach === 'outside' ? 'errors.notFound' : reach === 'shared' ? 'errors.forbidden' : null;

/**
 * An import's failed rows (errosImportacao, the .xlsx report): 'owned' is an import of the caller.
 * Only its author and provider staff read it; anyone else is told it does not exist.
 */
const importReport: RecordRule = (subject, { reach }) =>
  reach === 'owned' || (reach !== 'missing' && subject.tipo === TIPO_PROVEDOR) ? null : 'errors.notFound';

type Spec = AccessRule | { rule: AccessRule; record: RecordRule };

function define<T extends Record<string, Record<string, Spec>>>(
  specs: T,
): { [R in keyof T]: Record<keyof T[R], Policy> } {
  return Object.fromEntries(
    Object.entries(specs).map(([resource, actions]) => [
      resource,
      Object.fromEntries(
        Object.entries(actions).map(([action, spec]) => {
          const name = `${resource}.${action}`;
          return [action, 'record' in spec ? { name, rule: spec.rule, record: spec.record } : { name, rule: spec }];
        }),
      ),
    ]),
  ) as never;
}

/** Reference data is kept by the provider's staff; every signed-in user reads it as options. */
const reference = {
  options: SIGNED_IN,
  list: STAFF,
  create: STAFF,
  edit: STAFF,
  delete: STAFF,
  export: STAFF,
  audit: STAFF,
};

/** Dealer groups and dealers: kept by the network maintainers, each write within their reach. */
const network = {
  list: NETWORK,
  create: NETWORK_CREATE,
  edit: { rule: NETWORK, record: networkWrite },
  setActive: { rule: NETWORK, record: networkWrite },
  export: NETWORK,
  audit: NETWORK,
};

export const policies = define({
  portal: {
    /** What every signed-in user does: home, their account, menu, options, reports. */
    use: SIGNED_IN,
  },
  superAdmin: { use: STAFF },
  marcas: { ...reference, setActive: STAFF },
  cargos: reference,
  departamentos: reference,
  divisoes: reference,
  setores: reference,
  desligamentos: reference,
  redesSociais: reference,
  produtos: { audit: STAFF },
  grupos: { ...network, options: SIGNED_IN },
  /** Options: the dealers a caller sees, by name, for the pickers of other screens. */
  dealers: { ...network, options: SIGNED_IN },
  usuarios: {
    list: any('PORTAL_MANUTENCAO_USUARIOS', 'PORTAL_CONSULTA_VISUALIZACAO_USUARIOS'),
    /** The background .xlsx export of the list: whoever sees the list (its rows are the list's scope). */
    export: any('PORTAL_MANUTENCAO_USUARIOS', 'PORTAL_CONSULTA_VISUALIZACAO_USUARIOS'),
    /** The record rule judges the new user's type (a create reaches nothing yet: 'owned'). */
    create: { rule: USERS, record: userTarget },
    edit: { rule: USERS, record: userTarget },
    audit: USERS,
    /** Grant or remove special activation (never inactivated for lack of access); the target in the caller's users scope. */
    ativacaoEspecial: { rule: any('LIBERAR_ATIVACAO_ESPECIAL'), record: userTarget },
  },
  /** The user import (/importarUsuarios): upload, status, template; an import's failed rows and report. */
  importarUsuarios: { use: IMPORT, relatorio: { rule: IMPORT, record: importReport } },
  /** Temporary absences of the users the caller sees (themselves included). */
  ausencias: { list: ABSENCES, edit: { rule: ABSENCES, record: userTarget } },
  gruposUsuarios: {
    list: USER_GROUPS,
    create: USER_GROUPS,
    /** A public group also needs its own key (spec section 6). */
    createPublic: any('PORTAL_CRIACAO_GRUPOS_USUARIOS_PUBLICOS'),
    edit: { rule: USER_GROUPS, record: userGroupWrite },
    setActive: { rule: USER_GROUPS, record: userGroupWrite },
    audit: USER_GROUPS,
    /** Using groups the caller may read: the selector of the screens that address users, recipients, favourites. */
    use: GROUP_USERS,
    /**
     * Finding users by name or e-mail, within the caller's reach: a group's manual users and access
     * lists, and the users an announcement's author removes from its audience.
     */
    findUsers: any(
      'PORTAL_MANUTENCAO_GRUPOS_USUARIOS',
      'PORTAL_CRIACAO_COMUNICADOS',
      'PORTAL_APROVACAO_ENVIO_COMUNICADOS',
    ),
  },
  auditoria: {
    /** The audit page; each kind of record adds its own `audit` policy (domain/auditoria.ts). */
    open: any(
      'PORTAL_MANUTENCAO_USUARIOS',
      'PORTAL_MANUTENCAO_DEALERS_GRUPO',
      'PORTAL_MANUTENCAO_GRUPOS_USUARIOS',
      'PORTAL_MANUTENCAO_SLIDES',
      'PORTAL_MANUTENCAO_ANUNCIOS',
    ),
  },
  biblioteca: { list: SIGNED_IN, gerenciar: PORTAL_GERENCIAR_BIBLIOTECA },
  comunicados: { list: SIGNED_IN, create: EDITORS, edit: EDITORS, show: EDITORS, dashboard: EDITORS, read: SIGNED_IN },
  slides: { list: SLIDES, create: SLIDES, edit: SLIDES, audit: SLIDES },
  anuncios: { list: ADVERTS, create: ADVERTS, edit: ADVERTS, audit: ADVERTS },
  notificacoes: { list: SIGNED_IN },
  /**
   * Reports (issue #31): the definitions are kept by the provider's staff; opening a report
   * (/relatorio/{slug} and its figures) is for any signed-in user, and then the definition's own
   * access rule decides (server/features/relatorios).
   */
  relatorios: { ...reference, options: STAFF, open: SIGNED_IN },
  /** The signed-in user's own Web Push devices (My account): each user reaches only their own rows. */
  dispositivosPush: { list: SIGNED_IN, create: SIGNED_IN, delete: SIGNED_IN },
  notificacoesGenericas: {
    list: GENERIC_NOTIFICATIONS,
    create: GENERIC_NOTIFICATIONS,
    edit: GENERIC_NOTIFICATIONS,
    /** Send now or schedule a notification. */
    send: GENERIC_NOTIFICATIONS,
    /** Writing a model (template) needs its own key on top of the generic-notification one (spec section 6). */
    modelo: any('PORTAL_MANUTENCAO_MODELO'),
  },
});

export type PolicyResource = keyof typeof policies;

/** Every policy, for the tests that walk them. */
export const ALL_POLICIES: readonly Policy[] = Object.values(policies).flatMap((actions) => Object.values(actions));
