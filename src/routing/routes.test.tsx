import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { TestMemoryRouter, memoryStore, type AuthProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccessSubject } from '../../domain/access';
import { ROUTES, matchRoute, type PortalRoute, type RouteDef } from '../../domain/routes';
import { ptBR } from '../../i18n/pt-BR';
import { createDataProvider, setAccessTokenGetter } from '../../providers/dataProvider';
import { createI18nProvider } from '../../providers/i18nProvider';
import { App, PAGES } from '../App';
import { MINHA_CONTA_USUARIO } from '../pages/minhaConta/minhaConta.fixtures';
import { mockApiServer } from '../testing/mockApi';

const api = graphql.link(new URL('/graphql', window.location.origin).href);
mockApiServer(
  api.query('minhaConta_conta', () => HttpResponse.json({ data: { result: MINHA_CONTA_USUARIO } })),
  // Whatever else the layout asks (menu, notifications): not under test.
  api.operation(() => HttpResponse.json({ errors: [{ message: 'not mocked here' }] })),
);

beforeEach(() => setAccessTokenGetter(async () => 'token'));
afterEach(() => {
  vi.restoreAllMocks();
});

/** The three profiles of the brief. */
const PROFILES = {
  staff: { tipo: 'TECSINAPSE', funcionalidades: [] },
  manufacturer: {
    tipo: 'MONTADORA',
    funcionalidades: [
      'PORTAL_MANUTENCAO_DEALERS_GRUPO',
      'PORTAL_MANUTENCAO_USUARIOS',
      'PORTAL_MANUTENCAO_GRUPOS_USUARIOS',
      'PORTAL_MANUTENCAO_SLIDES',
      'PORTAL_MANUTENCAO_ANUNCIOS',
      'PORTAL_CRIACAO_COMUNICADOS',
      'PORTAL_APROVACAO_ENVIO_COMUNICADOS',
    ],
  },
  dealer: { tipo: 'DEALER_GRUPO', funcionalidades: [] },
} satisfies Record<string, AccessSubject>;
type Profile = keyof typeof PROFILES;

/**
 * Expected access, written out by hand from spec sections 2 and 6 (not computed with hasAccess):
 * a new route in ROUTES must be added to one of these lists, or its test fails.
 */
const OPEN = [
  'home',
  'minhaConta',
  'biblioteca',
  'bibliotecaPasta',
  'comunicados',
  'comunicadosVisualizar',
  'comunicadosVisualizarEnvio',
  'notificacoes',
  'relatorio',
];
const MANUFACTURER_FORBIDDEN = [
  'superAdmin',
  // Report definitions (issue #31): the provider's staff.
  'relatorios',
  'relatoriosNovo',
  'relatoriosEditar',
  'ausenciaTemporaria',
  'importarUsuarios',
  'notificacoesGenericas',
  'notificacoesGenericasNova',
  'notificacoesGenericasEditar',
  // Reference data: the provider's staff only.
  'marcas',
  'marcasNovo',
  'marcasEditar',
  'cargos',
  'cargosNovo',
  'cargosEditar',
  'departamentos',
  'departamentosNovo',
  'departamentosEditar',
  'divisoes',
  'divisoesNovo',
  'divisoesEditar',
  'setores',
  'setoresNovo',
  'setoresEditar',
  'desligamentos',
  'desligamentosNovo',
  'desligamentosEditar',
  'redesSociais',
  'redesSociaisNovo',
  'redesSociaisEditar',
];
const KEYED = [
  'grupos',
  'gruposNovo',
  'gruposEditar',
  'dealers',
  'dealersNovo',
  'dealersEditar',
  'usuarios',
  'usuariosNovo',
  'usuariosEditar',
  'gruposUsuarios',
  'gruposUsuariosNovo',
  'gruposUsuariosEditar',
  'auditoria',
  'comunicadosNovo',
  'comunicadosEditar',
  'comunicadosErrata',
  'comunicadosDashboard',
  'slides',
  'slidesNovo',
  'slidesEditar',
  'anuncios',
  'anunciosNovo',
  'anunciosEditar',
];

function expected(profile: Profile, id: string): 'allowed' | 'forbidden' {
  if (![...OPEN, ...MANUFACTURER_FORBIDDEN, ...KEYED].includes(id)) throw new Error(`No expectation for route ${id}`);
  if (profile === 'staff') return 'allowed';
  if (profile === 'manufacturer') return MANUFACTURER_FORBIDDEN.includes(id) ? 'forbidden' : 'allowed';
  return OPEN.includes(id) ? 'allowed' : 'forbidden';
}

const SAMPLE_PARAMS: Record<string, string> = { id: '7', tipo: 'modelo', idPasta: '3', slug: 'vendas' };
const samplePath = (route: RouteDef) => route.path.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name]);

function authFor(subject: AccessSubject): AuthProvider {
  return {
    login: vi.fn(async () => undefined),
    logout: vi.fn(async () => undefined),
    checkAuth: vi.fn(async () => undefined),
    checkError: vi.fn(async () => undefined),
    getPermissions: vi.fn(async () => subject),
    getIdentity: vi.fn(async () => ({
      id: '7',
      fullName: 'Bia Lima',
      email: 'bia@portal.test',
      tipo: subject.tipo,
      idioma: 'PT_BR',
    })),
  };
}

function renderApp(entries: string[], subject: AccessSubject = PROFILES.staff) {
  let location = '';
  render(
    <TestMemoryRouter
      initialEntries={entries}
      initialIndex={entries.length - 1}
      locationCallback={(l) => (location = l.pathname)}
    >
      <App
        authProvider={authFor(subject)}
        dataProvider={createDataProvider()}
        i18nProvider={createI18nProvider({ idioma: 'PT_BR' })}
        store={memoryStore()}
      />
    </TestMemoryRouter>,
  );
  return { location: () => location };
}

const PLACEHOLDER_TEXT = ptBR.pages.placeholder.text;
const routeTitle = (id: string) => (ptBR.routes as Record<string, string>)[id];

/** The home page of the signed-in user (src/pages/home). */
async function expectHome() {
  expect(await screen.findByRole('heading', { name: 'Olá, Bia Lima' })).toBeInTheDocument();
  expect(screen.queryByText(PLACEHOLDER_TEXT)).not.toBeInTheDocument();
}

/** What an allowed route shows: its page, or the placeholder with the route's title. */
async function expectPageOf(route: PortalRoute) {
  if (route.id === 'home') {
    await expectHome();
    return;
  }
  expect(await screen.findByRole('heading', { level: 1, name: routeTitle(route.id) })).toBeInTheDocument();
  if (PAGES[route.id]) expect(screen.queryByText(PLACEHOLDER_TEXT)).not.toBeInTheDocument();
  else expect(screen.getByText(PLACEHOLDER_TEXT)).toBeInTheDocument();
}

const SIGNED_IN_ROUTES = ROUTES.filter((route) => !route.public);
const CASES = (Object.keys(PROFILES) as Profile[]).flatMap((profile) =>
  SIGNED_IN_ROUTES.map((route) => ({ profile, route, path: samplePath(route), result: expected(profile, route.id) })),
);

describe('route table', () => {
  it('has an expectation for exactly the signed-in routes of ROUTES', () => {
    const listed = [...OPEN, ...MANUFACTURER_FORBIDDEN, ...KEYED].sort();
    expect(listed).toEqual(SIGNED_IN_ROUTES.map((route) => route.id).sort());
    expect(CASES).toHaveLength(SIGNED_IN_ROUTES.length * 3);
    // Each sample path belongs to its own route (e.g. /grupos/novo is not /grupos/:id).
    for (const route of SIGNED_IN_ROUTES) expect(matchRoute(samplePath(route))?.route.id).toBe(route.id);
  });

  it('every screen of PAGES belongs to a route of ROUTES', () => {
    const ids = new Set<string>(ROUTES.map((route) => route.id));
    expect(Object.keys(PAGES).filter((id) => !ids.has(id))).toEqual([]);
  });

  it.each(CASES)('$profile on $path ($route.id): $result', async ({ profile, route, path, result }) => {
    const app = renderApp([path], PROFILES[profile]);
    if (result === 'allowed') {
      await expectPageOf(route);
      expect(app.location()).toBe(path);
    } else {
      await expectHome();
      expect(app.location()).toBe('/home');
    }
  });
});

describe('other paths', () => {
  it('/ goes to /home', async () => {
    const app = renderApp(['/']);
    await waitFor(() => expect(app.location()).toBe('/home'));
  });

  it('an unknown path shows the 404 page; Back returns to the previous page', async () => {
    const app = renderApp(['/comunicados', '/nao-existe']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeInTheDocument();
    expect(
      screen.getByText('Desculpe, a rota solicitada não existe. Tente acessar sua página pelo menu.'),
    ).toBeInTheDocument();
    expect(app.location()).toBe('/nao-existe');
    await userEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(app.location()).toBe('/comunicados'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Comunicados' })).toBeInTheDocument();
  });

  it("an unknown path under a resource's routes shows the 404 page too", async () => {
    const app = renderApp(['/dealers/7/desconhecido']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeInTheDocument();
    expect(app.location()).toBe('/dealers/7/desconhecido');
  });

  it('Back on a 404 opened first in the tab goes to /home', async () => {
    const app = renderApp(['/usuarios/7/desconhecido/x']);
    await userEvent.click(await screen.findByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(app.location()).toBe('/home'));
  });
});
