import { policies, type Policy } from './policies';

/**
 * The route table of spec section 2, declared once: the router, the menu, the breadcrumbs and the
 * server's `menuUsuarioLogado.menus` all read it. Title and breadcrumb text come from the i18n
 * catalogs under `routes.<id>`.
 */
export type MenuCategory = 'inicio' | 'cadastros' | 'comunicacao' | 'biblioteca' | 'administracao';

export interface RouteDef<Id extends string = string> {
  id: Id;
  path: string;
  /** Who may open it (domain/policies.ts); public routes ignore it. */
  policy: Policy;
  /** Shown in the menu under this category; only list-level routes are menu entries. */
  menu?: MenuCategory;
  /** Breadcrumb parent route id (in ROUTES, a route of the table: a misspelt one is a type error). */
  parent?: Id;
  /** Reachable without sign-in, rendered without the header. */
  public?: boolean;
}

const ROUTE_TABLE = [
  { id: 'home', path: '/home', policy: policies.portal.use, menu: 'inicio' },
  { id: 'minhaConta', path: '/minha-conta', policy: policies.portal.use, parent: 'home' },
  { id: 'superAdmin', path: '/superAdmin', policy: policies.superAdmin.use, menu: 'administracao' },
  // Reference data kept by the provider's staff.
  { id: 'marcas', path: '/marcas', policy: policies.marcas.list, menu: 'administracao' },
  { id: 'marcasNovo', path: '/marcas/novo', policy: policies.marcas.create, parent: 'marcas' },
  { id: 'marcasEditar', path: '/marcas/:id', policy: policies.marcas.edit, parent: 'marcas' },
  { id: 'cargos', path: '/cargos', policy: policies.cargos.list, menu: 'administracao' },
  { id: 'cargosNovo', path: '/cargos/novo', policy: policies.cargos.create, parent: 'cargos' },
  { id: 'cargosEditar', path: '/cargos/:id', policy: policies.cargos.edit, parent: 'cargos' },
  { id: 'departamentos', path: '/departamentos', policy: policies.departamentos.list, menu: 'administracao' },
  {
    id: 'departamentosNovo',
    path: '/departamentos/novo',
    policy: policies.departamentos.create,
    parent: 'departamentos',
  },
  {
    id: 'departamentosEditar',
    path: '/departamentos/:id',
    policy: policies.departamentos.edit,
    parent: 'departamentos',
  },
  { id: 'divisoes', path: '/divisoes', policy: policies.divisoes.list, menu: 'administracao' },
  { id: 'divisoesNovo', path: '/divisoes/novo', policy: policies.divisoes.create, parent: 'divisoes' },
  { id: 'divisoesEditar', path: '/divisoes/:id', policy: policies.divisoes.edit, parent: 'divisoes' },
  { id: 'setores', path: '/setores', policy: policies.setores.list, menu: 'administracao' },
  { id: 'setoresNovo', path: '/setores/novo', policy: policies.setores.create, parent: 'setores' },
  { id: 'setoresEditar', path: '/setores/:id', policy: policies.setores.edit, parent: 'setores' },
  { id: 'desligamentos', path: '/desligamentos', policy: policies.desligamentos.list, menu: 'administracao' },
  {
    id: 'desligamentosNovo',
    path: '/desligamentos/novo',
    policy: policies.desligamentos.create,
    parent: 'desligamentos',
  },
  {
    id: 'desligamentosEditar',
    path: '/desligamentos/:id',
    policy: policies.desligamentos.edit,
    parent: 'desligamentos',
  },
  { id: 'redesSociais', path: '/redesSociais', policy: policies.redesSociais.list, menu: 'administracao' },
  { id: 'redesSociaisNovo', path: '/redesSociais/novo', policy: policies.redesSociais.create, parent: 'redesSociais' },
  { id: 'redesSociaisEditar', path: '/redesSociais/:id', policy: policies.redesSociais.edit, parent: 'redesSociais' },
  { id: 'grupos', path: '/grupos', policy: policies.grupos.list, menu: 'cadastros' },
  { id: 'gruposNovo', path: '/grupos/novo', policy: policies.grupos.create, parent: 'grupos' },
  { id: 'gruposEditar', path: '/grupos/:id', policy: policies.grupos.edit, parent: 'grupos' },
  { id: 'dealers', path: '/dealers', policy: policies.dealers.list, menu: 'cadastros' },
  { id: 'dealersNovo', path: '/dealers/novo', policy: policies.dealers.create, parent: 'dealers' },
  { id: 'dealersEditar', path: '/dealers/:id', policy: policies.dealers.edit, parent: 'dealers' },
  {
    id: 'usuarios',
    path: '/usuarios',
    policy: policies.usuarios.list,
    menu: 'cadastros',
  },
  { id: 'usuariosNovo', path: '/usuarios/novo', policy: policies.usuarios.create, parent: 'usuarios' },
  { id: 'usuariosEditar', path: '/usuarios/:id', policy: policies.usuarios.edit, parent: 'usuarios' },
  {
    id: 'ausenciaTemporaria',
    path: '/usuarios/:id/ausencia-temporaria',
    policy: policies.ausencias.list,
    parent: 'usuarios',
  },
  { id: 'gruposUsuarios', path: '/gruposUsuarios', policy: policies.gruposUsuarios.list, menu: 'cadastros' },
  {
    id: 'gruposUsuariosNovo',
    path: '/gruposUsuarios/novo',
    policy: policies.gruposUsuarios.create,
    parent: 'gruposUsuarios',
  },
  {
    id: 'gruposUsuariosEditar',
    path: '/gruposUsuarios/:id',
    policy: policies.gruposUsuarios.edit,
    parent: 'gruposUsuarios',
  },
  { id: 'importarUsuarios', path: '/importarUsuarios', policy: policies.importarUsuarios.use, menu: 'cadastros' },
  {
    id: 'auditoria',
    path: '/auditoria/:id/:tipo',
    policy: policies.auditoria.open,
    parent: 'home',
  },
  { id: 'biblioteca', path: '/biblioteca', policy: policies.biblioteca.list, menu: 'biblioteca' },
  { id: 'bibliotecaPasta', path: '/biblioteca/:idPasta', policy: policies.biblioteca.list, parent: 'biblioteca' },
  { id: 'comunicados', path: '/comunicados', policy: policies.comunicados.list, menu: 'comunicacao' },
  { id: 'comunicadosNovo', path: '/comunicados/novo', policy: policies.comunicados.create, parent: 'comunicados' },
  {
    id: 'comunicadosEditar',
    path: '/comunicados/editar/:id',
    policy: policies.comunicados.edit,
    parent: 'comunicados',
  },
  {
    id: 'comunicadosErrata',
    path: '/comunicados/errata/:id',
    policy: policies.comunicados.edit,
    parent: 'comunicados',
  },
  {
    id: 'comunicadosVisualizar',
    path: '/comunicados/visualizar/:id',
    // Every recipient reads here (issue #28: the dealer user opens it from the inbox); the server
    // answers only a delivery of the caller's own.
    policy: policies.comunicados.list,
    parent: 'comunicados',
  },
  {
    id: 'comunicadosDashboard',
    path: '/comunicados/dashboard/:id',
    policy: policies.comunicados.dashboard,
    parent: 'comunicados',
  },
  {
    id: 'comunicadosVisualizarEnvio',
    path: '/comunicados/visualizarEnvio/:id',
    policy: policies.comunicados.read,
    parent: 'comunicados',
  },
  { id: 'slides', path: '/slides', policy: policies.slides.list, menu: 'comunicacao' },
  { id: 'slidesNovo', path: '/slides/novo', policy: policies.slides.create, parent: 'slides' },
  { id: 'slidesEditar', path: '/slides/editar/:id', policy: policies.slides.edit, parent: 'slides' },
  { id: 'anuncios', path: '/anuncios', policy: policies.anuncios.list, menu: 'comunicacao' },
  { id: 'anunciosNovo', path: '/anuncios/novo', policy: policies.anuncios.create, parent: 'anuncios' },
  {
    id: 'anunciosEditar',
    path: '/anuncios/editar/:id',
    policy: policies.anuncios.edit,
    parent: 'anuncios',
  },
  { id: 'notificacoes', path: '/notificacoes', policy: policies.notificacoes.list, menu: 'comunicacao' },
  {
    id: 'notificacoesGenericas',
    path: '/notificacoesGenericas',
    policy: policies.notificacoesGenericas.list,
    menu: 'comunicacao',
  },
  {
    id: 'notificacoesGenericasNova',
    path: '/notificacoesGenericas/nova/:tipo',
    policy: policies.notificacoesGenericas.create,
    parent: 'notificacoesGenericas',
  },
  {
    id: 'notificacoesGenericasEditar',
    path: '/notificacoesGenericas/editar/:tipo/:id',
    policy: policies.notificacoesGenericas.edit,
    parent: 'notificacoesGenericas',
  },
  { id: 'relatorio', path: '/relatorio/:slug', policy: policies.relatorios.open, parent: 'home' },
  // Report definitions (issue #31): the super-admin page's Reports tab lists them too.
  { id: 'relatorios', path: '/relatorios', policy: policies.relatorios.list, parent: 'superAdmin' },
  { id: 'relatoriosNovo', path: '/relatorios/novo', policy: policies.relatorios.create, parent: 'relatorios' },
  { id: 'relatoriosEditar', path: '/relatorios/:id', policy: policies.relatorios.edit, parent: 'relatorios' },
  { id: 'esqueciSenha', path: '/esqueci-senha', policy: policies.portal.use, public: true },
  { id: 'forgotPassword', path: '/forgot-password', policy: policies.portal.use, public: true },
  { id: 'olvideContrasena', path: '/olvide-contrasena', policy: policies.portal.use, public: true },
] as const satisfies readonly RouteDef[];

/** A route's id, as the table declares it: a misspelt id is a type error. */
export type RouteId = (typeof ROUTE_TABLE)[number]['id'];

/** A route of the table: its id and its parent's are RouteIds. */
export type PortalRoute = RouteDef<RouteId>;

export const ROUTES: readonly PortalRoute[] = ROUTE_TABLE;

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
