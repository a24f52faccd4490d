import type { AccessRule } from './access';
import type { FunctionKey } from './enums';

/**
 * The route table of spec section 2, declared once: the router, the menu, the breadcrumbs and the
 * server's `menuUsuarioLogado.menus` all read it. Title and breadcrumb text come from the i18n
 * catalogs under `routes.<id>`.
 */
export type MenuCategory = 'inicio' | 'cadastros' | 'comunicacao' | 'biblioteca' | 'administracao';

export interface RouteDef {
  id: string;
  path: string;
  access: AccessRule;
  /** Shown in the menu under this category; only list-level routes are menu entries. */
  menu?: MenuCategory;
  /** Breadcrumb parent route id. */
  parent?: string;
  /** Reachable without sign-in, rendered without the header. */
  public?: boolean;
}

const any = (...funcionalidades: FunctionKey[]): AccessRule => ({ funcionalidades });
const dealersAndGroups = any('PORTAL_MANUTENCAO_DEALERS_GRUPO');
const announcementEditors = any('PORTAL_CRIACAO_COMUNICADOS', 'PORTAL_APROVACAO_ENVIO_COMUNICADOS');
const userMaintenance = any('PORTAL_MANUTENCAO_USUARIOS');
const userGroups = any('PORTAL_MANUTENCAO_GRUPOS_USUARIOS');
const genericNotifications = any('PORTAL_NOTIFICACOES_GENERICAS');
const referenceData: AccessRule = { tiposUsuario: ['TECSINAPSE'] };

const ROUTE_TABLE = [
  { id: 'home', path: '/home', access: {}, menu: 'inicio' },
  { id: 'minhaConta', path: '/minha-conta', access: {}, parent: 'home' },
  { id: 'superAdmin', path: '/superAdmin', access: { tiposUsuario: ['TECSINAPSE'] }, menu: 'administracao' },
  // Reference data (cadastros) kept by the provider's staff.
  { id: 'marcas', path: '/marcas', access: referenceData, menu: 'administracao' },
  { id: 'marcasNovo', path: '/marcas/novo', access: referenceData, parent: 'marcas' },
  { id: 'marcasEditar', path: '/marcas/:id', access: referenceData, parent: 'marcas' },
  { id: 'cargos', path: '/cargos', access: referenceData, menu: 'administracao' },
  { id: 'cargosNovo', path: '/cargos/novo', access: referenceData, parent: 'cargos' },
  { id: 'cargosEditar', path: '/cargos/:id', access: referenceData, parent: 'cargos' },
  { id: 'departamentos', path: '/departamentos', access: referenceData, menu: 'administracao' },
  { id: 'departamentosNovo', path: '/departamentos/novo', access: referenceData, parent: 'departamentos' },
  { id: 'departamentosEditar', path: '/departamentos/:id', access: referenceData, parent: 'departamentos' },
  { id: 'divisoes', path: '/divisoes', access: referenceData, menu: 'administracao' },
  { id: 'divisoesNovo', path: '/divisoes/novo', access: referenceData, parent: 'divisoes' },
  { id: 'divisoesEditar', path: '/divisoes/:id', access: referenceData, parent: 'divisoes' },
  { id: 'setores', path: '/setores', access: referenceData, menu: 'administracao' },
  { id: 'setoresNovo', path: '/setores/novo', access: referenceData, parent: 'setores' },
  { id: 'setoresEditar', path: '/setores/:id', access: referenceData, parent: 'setores' },
  { id: 'desligamentos', path: '/desligamentos', access: referenceData, menu: 'administracao' },
  { id: 'desligamentosNovo', path: '/desligamentos/novo', access: referenceData, parent: 'desligamentos' },
  { id: 'desligamentosEditar', path: '/desligamentos/:id', access: referenceData, parent: 'desligamentos' },
  { id: 'redesSociais', path: '/redesSociais', access: referenceData, menu: 'administracao' },
  { id: 'redesSociaisNovo', path: '/redesSociais/novo', access: referenceData, parent: 'redesSociais' },
  { id: 'redesSociaisEditar', path: '/redesSociais/:id', access: referenceData, parent: 'redesSociais' },
  { id: 'grupos', path: '/grupos', access: dealersAndGroups, menu: 'cadastros' },
  { id: 'gruposNovo', path: '/grupos/novo', access: dealersAndGroups, parent: 'grupos' },
  { id: 'gruposEditar', path: '/grupos/:id', access: dealersAndGroups, parent: 'grupos' },
  { id: 'dealers', path: '/dealers', access: dealersAndGroups, menu: 'cadastros' },
  { id: 'dealersNovo', path: '/dealers/novo', access: dealersAndGroups, parent: 'dealers' },
  { id: 'dealersEditar', path: '/dealers/:id', access: dealersAndGroups, parent: 'dealers' },
  {
    id: 'usuarios',
    path: '/usuarios',
    access: any('PORTAL_MANUTENCAO_USUARIOS', 'PORTAL_CONSULTA_VISUALIZACAO_USUARIOS'),
    menu: 'cadastros',
  },
  { id: 'usuariosNovo', path: '/usuarios/novo', access: userMaintenance, parent: 'usuarios' },
  { id: 'usuariosEditar', path: '/usuarios/:id', access: userMaintenance, parent: 'usuarios' },
  {
    id: 'ausenciaTemporaria',
    path: '/usuarios/:id/ausencia-temporaria',
    access: any('PORTAL_AUSENCIA_TEMPORARIA'),
    parent: 'usuarios',
  },
  { id: 'gruposUsuarios', path: '/gruposUsuarios', access: userGroups, menu: 'cadastros' },
  { id: 'gruposUsuariosNovo', path: '/gruposUsuarios/novo', access: userGroups, parent: 'gruposUsuarios' },
  { id: 'gruposUsuariosEditar', path: '/gruposUsuarios/:id', access: userGroups, parent: 'gruposUsuarios' },
  { id: 'importarUsuarios', path: '/importarUsuarios', access: any('PORTAL_IMPORTACAO_USUARIOS'), menu: 'cadastros' },
  {
    id: 'auditoria',
    path: '/auditoria/:id/:tipo',
    access: any(
      'PORTAL_MANUTENCAO_USUARIOS',
      'PORTAL_MANUTENCAO_DEALERS_GRUPO',
      'PORTAL_MANUTENCAO_GRUPOS_USUARIOS',
      'PORTAL_MANUTENCAO_SLIDES',
      'PORTAL_MANUTENCAO_ANUNCIOS',
    ),
    parent: 'home',
  },
  { id: 'biblioteca', path: '/biblioteca', access: {}, menu: 'biblioteca' },
  { id: 'bibliotecaPasta', path: '/biblioteca/:idPasta', access: {}, parent: 'biblioteca' },
  { id: 'comunicados', path: '/comunicados', access: {}, menu: 'comunicacao' },
  { id: 'comunicadosNovo', path: '/comunicados/novo', access: announcementEditors, parent: 'comunicados' },
  { id: 'comunicadosEditar', path: '/comunicados/editar/:id', access: announcementEditors, parent: 'comunicados' },
  { id: 'comunicadosErrata', path: '/comunicados/errata/:id', access: announcementEditors, parent: 'comunicados' },
  {
    id: 'comunicadosVisualizar',
    path: '/comunicados/visualizar/:id',
    access: announcementEditors,
    parent: 'comunicados',
  },
  {
    id: 'comunicadosDashboard',
    path: '/comunicados/dashboard/:id',
    access: announcementEditors,
    parent: 'comunicados',
  },
  { id: 'comunicadosVisualizarEnvio', path: '/comunicados/visualizarEnvio/:id', access: {}, parent: 'comunicados' },
  { id: 'slides', path: '/slides', access: any('PORTAL_MANUTENCAO_SLIDES'), menu: 'comunicacao' },
  { id: 'slidesNovo', path: '/slides/novo', access: any('PORTAL_MANUTENCAO_SLIDES'), parent: 'slides' },
  { id: 'slidesEditar', path: '/slides/editar/:id', access: any('PORTAL_MANUTENCAO_SLIDES'), parent: 'slides' },
  { id: 'anuncios', path: '/anuncios', access: any('PORTAL_MANUTENCAO_ANUNCIOS'), menu: 'comunicacao' },
  { id: 'anunciosNovo', path: '/anuncios/novo', access: any('PORTAL_MANUTENCAO_ANUNCIOS'), parent: 'anuncios' },
  {
    id: 'anunciosEditar',
    path: '/anuncios/editar/:id',
    access: any('PORTAL_MANUTENCAO_ANUNCIOS'),
    parent: 'anuncios',
  },
  { id: 'notificacoes', path: '/notificacoes', access: {}, menu: 'comunicacao' },
  { id: 'notificacoesGenericas', path: '/notificacoesGenericas', access: genericNotifications, menu: 'comunicacao' },
  {
    id: 'notificacoesGenericasNova',
    path: '/notificacoesGenericas/nova/:tipo',
    access: genericNotifications,
    parent: 'notificacoesGenericas',
  },
  {
    id: 'notificacoesGenericasEditar',
    path: '/notificacoesGenericas/editar/:tipo/:id',
    access: genericNotifications,
    parent: 'notificacoesGenericas',
  },
  { id: 'relatorio', path: '/relatorio/:slug', access: {}, parent: 'home' },
  { id: 'esqueciSenha', path: '/esqueci-senha', access: {}, public: true },
  { id: 'forgotPassword', path: '/forgot-password', access: {}, public: true },
  { id: 'olvideContrasena', path: '/olvide-contrasena', access: {}, public: true },
] as const satisfies readonly RouteDef[];

/** A route's id, as the table declares it: a misspelt id is a type error. */
export type RouteId = (typeof ROUTE_TABLE)[number]['id'];

export const ROUTES: readonly (RouteDef & { id: RouteId })[] = ROUTE_TABLE;

/** The access rule of a route by id: API operations serving a screen reuse its rule. */
export function routeAccess(id: RouteId): AccessRule {
  return ROUTES.find((r) => r.id === id)!.access;
}

/** The route of this id. */
export const routeById = (id: RouteId): RouteDef => ROUTES.find((r) => r.id === id)!;

export const MENU_CATEGORIES: readonly MenuCategory[] = [
  'inicio',
  'cadastros',
  'comunicacao',
  'biblioteca',
  'administracao',
];

export const PUBLIC_PATHS = ROUTES.filter((r) => r.public).map((r) => r.path);

/** The public forgot-password route in each language (all three serve the same page). */
export const FORGOT_PASSWORD_PATH = {
  PT_BR: '/esqueci-senha',
  ES: '/olvide-contrasena',
  EN: '/forgot-password',
} as const;

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string>;
}

function compile(path: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const pattern = path.replace(/:(\w+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { regex: new RegExp(`^${pattern}/?$`), names };
}

const COMPILED = ROUTES.map((route) => ({ route, ...compile(route.path) }));

/** The route of a pathname (static segments win over parameters, e.g. /grupos/novo over /grupos/:id). */
export function matchRoute(pathname: string): RouteMatch | undefined {
  const matches = COMPILED.filter((c) => c.regex.test(pathname)).sort((a, b) => a.names.length - b.names.length);
  const best = matches[0];
  if (!best) return undefined;
  const values = best.regex.exec(pathname)!.slice(1);
  return {
    route: best.route,
    params: Object.fromEntries(best.names.map((n, i) => [n, decodeURIComponent(values[i])])),
  };
}

/** The route and its ancestors, root first: the breadcrumb trail. */
export function routeTrail(route: RouteDef): RouteDef[] {
  const trail: RouteDef[] = [];
  for (let current: RouteDef | undefined = route; current; current = ROUTES.find((r) => r.id === current!.parent)) {
    trail.unshift(current);
  }
  return trail;
}
