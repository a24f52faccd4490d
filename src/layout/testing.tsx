// Fixtures and helpers shared by the layout's tests (never imported by the app).
import { render } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { AdminContext, TestMemoryRouter, memoryStore, type AuthProvider } from 'react-admin';
import { createDataProvider } from '../../providers/dataProvider';
import { vi } from 'vitest';
import type { PortalIdentity } from '../../providers/authProvider';
import { createI18nProvider } from '../../providers/i18nProvider';
import type { MenuCategoryData, MenuUsuarioLogado } from './useMenuUsuarioLogado';

export const api = graphql.link(new URL('/graphql', window.location.origin).href);

export const MENUS: MenuCategoryData[] = [
  { id: 'inicio', title: 'Início', items: [{ id: 'home', path: '/home', title: 'Home' }] },
  {
    id: 'cadastros',
    title: 'Cadastros',
    items: [
      { id: 'dealers', path: '/dealers', title: 'Dealers' },
      { id: 'usuarios', path: '/usuarios', title: 'Usuários' },
      { id: 'gruposUsuarios', path: '/gruposUsuarios', title: 'Grupos de usuários' },
    ],
  },
  {
    id: 'comunicacao',
    title: 'Comunicação',
    items: [
      { id: 'comunicados', path: '/comunicados', title: 'Comunicados' },
      {
        id: 'relatorios',
        title: 'Relatórios',
        items: [
          { id: 'relatorioVendas', path: '/relatorio/vendas', title: 'Vendas por dealer' },
          { id: 'relatorioPecas', path: '/relatorio/pecas', title: 'Consulta de peças' },
        ],
      },
    ],
  },
];

export type MenuFixture = Omit<MenuUsuarioLogado, 'menus'> & { menus: MenuCategoryData[] };

export function menuFixture(overrides: Partial<MenuFixture> = {}): MenuFixture {
  return {
    title: 'Portal Rede Teste',
    theme: 'default',
    productName: 'Portal',
    currentProduct: 'PORTAL',
    linkHelpTec: 'https://ajuda.portal.test/',
    linkPortal: 'https://portal.test/',
    linkAcademia: 'https://academy.portal.test/',
    brandImageUrl: null,
    locales: [
      { id: 'PT_BR', description: 'Português' },
      { id: 'ES', description: 'Español' },
      { id: 'EN', description: 'English' },
    ],
    menus: MENUS,
    ...overrides,
  };
}

/** msw handler answering menuUsuarioLogado as the API does (menus as a JSON string). */
export function menuHandler(fixture: MenuFixture = menuFixture()) {
  return api.query('sessao_menu', () =>
    HttpResponse.json({
      data: { result: { ...fixture, menus: JSON.stringify(fixture.menus) } },
    }),
  );
}

/** The language change's handler (mudarLinguaUsuario), recording each call's variables in `chamadas`. */
export function mudarLinguaHandler(chamadas: Record<string, unknown>[]) {
  return api.mutation('sessao_mudarLingua', ({ variables }) => {
    chamadas.push(variables);
    return HttpResponse.json({
      data: { result: { id: variables.id, nome: 'Ana Souza', idioma: { id: variables.idioma } } },
    });
  });
}

/** The onboarding mutation's handler, recording the ids the client set. */
export function onboardingHandler(state: { marked: string[] }) {
  return api.mutation('sessao_onboardingVisto', ({ variables }) => {
    state.marked.push(String(variables.id));
    return HttpResponse.json({ data: { result: true } });
  });
}

export const ANA: PortalIdentity = {
  id: '42',
  fullName: 'Ana Souza',
  email: 'ana@portal.test',
  tipo: 'DEALER_GRUPO',
  idioma: 'PT_BR',
};

export function testAuthProvider(identity: PortalIdentity = ANA) {
  return {
    login: vi.fn(async () => undefined),
    logout: vi.fn(async () => false as const),
    checkAuth: vi.fn(async () => undefined),
    checkError: vi.fn(async () => undefined),
    getIdentity: vi.fn(async () => identity),
    getPermissions: vi.fn(async () => ({ tipo: identity.tipo, funcionalidades: [] })),
  } satisfies AuthProvider;
}

/** Renders `ui` inside react-admin's contexts at `path`; `location()` is the router's current path. */
export function renderInAdmin(ui: ReactNode, options: { path?: string; auth?: AuthProvider } = {}) {
  const auth = options.auth ?? testAuthProvider();
  let location = '';
  const result = render(
    <TestMemoryRouter
      initialEntries={[options.path ?? '/home']}
      locationCallback={(l) => {
        location = l.pathname;
      }}
    >
      <AdminContext
        dataProvider={createDataProvider()}
        authProvider={auth}
        i18nProvider={createI18nProvider({ idioma: 'PT_BR' })}
        store={memoryStore()}
      >
        {ui}
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { ...result, auth, location: () => location };
}

export { mockViewport } from '../testing/viewport';
