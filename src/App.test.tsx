import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { TestMemoryRouter, memoryStore, type AuthProvider, type DataProvider } from 'react-admin';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAuthProvider, type UsuarioLogado } from '../providers/authProvider';
import { FakeUserManager, makeUser } from '../providers/authProvider.fixtures';
import { setAccessTokenGetter } from '../providers/dataProvider';
import { createI18nProvider } from '../providers/i18nProvider';
import { App } from './App';
import { menuHandler, onboardingHandler } from './layout/testing';

// The shell reads its menu once signed in (the onboarding flag comes with the signed-in user).
const server = setupServer(menuHandler(), onboardingHandler({ marked: [] }));
beforeAll(() => {
  setAccessTokenGetter(async () => 'token');
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(cleanup);
afterAll(() => server.close());

/** An auth provider whose session the test controls; `handleCallback` signs in. */
function fakeAuth(signedIn: boolean) {
  const state = { signedIn };
  const authProvider = {
    login: vi.fn(() => new Promise<never>(() => undefined)),
    logout: vi.fn(async () => undefined),
    checkAuth: vi.fn(async () => (state.signedIn ? undefined : Promise.reject({ message: false }))),
    checkError: vi.fn(async () => undefined),
    getPermissions: vi.fn(async () => (state.signedIn ? { tipo: 'MONTADORA', funcionalidades: [] } : null)),
    getIdentity: vi.fn(async () => ({
      id: '7',
      fullName: 'Bia Lima',
      email: 'bia@portal.test',
      tipo: 'MONTADORA',
      idioma: 'PT_BR',
    })),
    handleCallback: vi.fn(async () => {
      // Like the real token exchange, finish after react-admin's first (failed) auth check.
      await vi.waitFor(() => expect(authProvider.checkAuth).toHaveBeenCalled());
      await new Promise((resolve) => setTimeout(resolve, 20));
      state.signedIn = true;
      return { redirectTo: '/home' };
    }),
  } satisfies AuthProvider;
  return authProvider;
}

const dataProvider = {} as DataProvider;

function renderApp(path: string | { pathname: string; state: unknown }, authProvider: AuthProvider) {
  let location = '';
  let navigations = 0;
  render(
    <StrictMode>
      <TestMemoryRouter
        initialEntries={[path]}
        locationCallback={(l) => {
          location = l.pathname + l.search;
          navigations += 1;
        }}
      >
        <App
          authProvider={authProvider}
          dataProvider={dataProvider}
          i18nProvider={createI18nProvider({ idioma: 'PT_BR' })}
          store={memoryStore()}
        />
      </TestMemoryRouter>
    </StrictMode>,
  );
  return { location: () => location, navigations: () => navigations };
}

const ME: UsuarioLogado = {
  id: '9',
  nome: 'Caio Prado',
  email: 'caio@portal.test',
  tipo: { id: 'TECSINAPSE' },
  idioma: { id: 'PT_BR' },
  funcionalidades: [],
  onboardingsVistos: ['HOME'],
};

/** The real auth provider over a fake UserManager. */
function realAuth(manager: FakeUserManager, pathname: () => string) {
  return createAuthProvider({
    userManager: manager,
    request: (async () => ({ usuarioLogado: ME })) as never,
    getIdioma: () => 'PT_BR',
    getLocation: () => ({ pathname: pathname(), search: '', href: `http://localhost:3000${pathname()}` }),
    onAuthError: () => undefined,
  });
}

describe('App routes', () => {
  it('sends / to /home for a signed-in user', async () => {
    const { location } = renderApp('/', fakeAuth(true));
    expect(await screen.findByRole('heading', { name: 'Olá, Bia Lima' })).toBeInTheDocument();
    expect(location()).toBe('/home');
  });

  it("/login (react-admin's login page) leaves for the identity server with the page asked for", async () => {
    const manager = new FakeUserManager();
    renderApp(
      { pathname: '/login', state: { nextPathname: '/usuarios', nextSearch: '?page=2' } },
      realAuth(manager, () => '/login'),
    );
    expect(await screen.findByText('Redirecionando para a página de login…')).toBeInTheDocument();
    await waitFor(() => expect(manager.signinRedirect).toHaveBeenCalledTimes(1));
    expect(manager.signinRedirect.mock.calls[0][0]).toMatchObject({ state: { returnTo: '/usuarios?page=2' } });
  });

  it('serves the public page without layout and without signing in', async () => {
    const auth = fakeAuth(false);
    renderApp('/forgot-password', auth);
    expect(await screen.findByRole('heading', { name: 'Forgot my password' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(auth.login).not.toHaveBeenCalled();
    expect(auth.logout).not.toHaveBeenCalled();
  });

  it('completes the sign-in on /auth/callback and opens the returned page, signed in', async () => {
    const auth = fakeAuth(false);
    const { location } = renderApp('/auth/callback?code=abc&state=xyz', auth);
    expect(await screen.findByRole('heading', { name: 'Olá, Bia Lima' })).toBeInTheDocument();
    expect(location()).toBe('/home');
    expect(auth.handleCallback).toHaveBeenCalledTimes(1);
    // The stale "not signed in" answer from arrival must not sign the new session out.
    expect(auth.logout).not.toHaveBeenCalled();
    expect(auth.login).not.toHaveBeenCalled();
  });

  it('with the real auth provider, sends a visitor to the identity server once, without a redirect loop', async () => {
    const manager = new FakeUserManager();
    const app = renderApp(
      '/usuarios',
      realAuth(manager, () => '/usuarios'),
    );
    await waitFor(() => expect(manager.signinRedirect).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(manager.signinRedirect).toHaveBeenCalledTimes(1);
    expect(manager.signinRedirect.mock.calls[0][0]).toMatchObject({ state: { returnTo: '/usuarios' } });
    expect(manager.signoutRedirect).not.toHaveBeenCalled();
    expect(app.navigations()).toBeLessThan(5);
  });

  it('with the real auth provider and a stored session, opens /home', async () => {
    const manager = new FakeUserManager();
    manager.user = makeUser(600);
    renderApp(
      '/',
      realAuth(manager, () => '/home'),
    );
    expect(await screen.findByRole('heading', { name: 'Olá, Caio Prado' })).toBeInTheDocument();
    // The identity the stored session gives: the account menu's e-mail and user type.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Conta de Caio Prado' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('caio@portal.test')).toBeInTheDocument();
    expect(within(menu).getByText('Tecsinapse')).toBeInTheDocument();
    expect(manager.signinRedirect).not.toHaveBeenCalled();
  });
});
