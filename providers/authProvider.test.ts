import { ErrorResponse, UserManager } from 'oidc-client-ts';
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  USUARIO_LOGADO_QUERY,
  createAuthProvider,
  createUserManager,
  safeReturnTo,
  type UsuarioLogado,
} from './authProvider';
import { FakeUserManager, makeUser } from './authProvider.fixtures';

const ME: UsuarioLogado = {
  id: '42',
  nome: 'Ana Souza',
  email: 'ana@portal.test',
  tipo: { id: 'MONTADORA' },
  idioma: { id: 'EN' },
  funcionalidades: [
    { id: '1', chave: 'PORTAL_MANUTENCAO_USUARIOS' },
    { id: '2', chave: 'PORTAL_GERENCIAR_BIBLIOTECA' },
  ],
  onboardingsVistos: ['HOME'],
};

function setup(pathname = '/home') {
  const manager = new FakeUserManager();
  const request = vi.fn(async (query: string) => {
    if (query === USUARIO_LOGADO_QUERY) return { usuarioLogado: ME };
    throw new Error(`unexpected query ${query}`);
  });
  const location = { pathname, search: '', href: `http://localhost:3000${pathname}` };
  const sessionStore = new MemoryStore();
  const authProvider = createAuthProvider({
    userManager: manager,
    request: request as never,
    getIdioma: () => 'ES',
    getLocation: () => location,
    onAuthError: () => undefined,
    sessionStore,
  });
  return { manager, request, authProvider, location, sessionStore };
}

class MemoryStore {
  items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('authProvider', () => {
  beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  describe('checkAuth', () => {
    it('passes with a stored, unexpired user', async () => {
      const { manager, authProvider } = setup();
      manager.user = makeUser(600);
      await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    });

    it('rejects without a stored user, so react-admin signs in', async () => {
      const { authProvider } = setup();
      await expect(authProvider.checkAuth({})).rejects.toEqual({ message: false });
    });

    it('rejects an expired user', async () => {
      const { manager, authProvider } = setup();
      manager.user = makeUser(-10);
      await expect(authProvider.checkAuth({})).rejects.toBeDefined();
    });
  });

  describe('checkError', () => {
    it('rejects on 401 only', async () => {
      const { authProvider } = setup();
      await expect(authProvider.checkError(new HttpError('expired', 401))).rejects.toBeDefined();
      await expect(authProvider.checkError(new HttpError('forbidden', 403))).resolves.toBeUndefined();
      await expect(authProvider.checkError(new HttpError('invalid', 400))).resolves.toBeUndefined();
    });
  });

  describe('getPermissions and getIdentity', () => {
    it("reads the user's type and function keys from usuarioLogado, once", async () => {
      const { manager, request, authProvider } = setup();
      manager.user = makeUser(600);
      await expect(authProvider.getPermissions({})).resolves.toEqual({
        tipo: 'MONTADORA',
        funcionalidades: ['PORTAL_MANUTENCAO_USUARIOS', 'PORTAL_GERENCIAR_BIBLIOTECA'],
      });
      await expect(authProvider.getIdentity()).resolves.toEqual({
        id: '42',
        fullName: 'Ana Souza',
        email: 'ana@portal.test',
        avatar: undefined,
        tipo: 'MONTADORA',
        idioma: 'EN',
        onboardingsVistos: ['HOME'],
      });
      expect(request).toHaveBeenCalledTimes(1);
    });

    it('has no permissions and asks nothing when signed out', async () => {
      const { request, authProvider } = setup();
      await expect(authProvider.getPermissions({})).resolves.toBeNull();
      expect(request).not.toHaveBeenCalled();
    });

    it('falls back to the ID token profile when usuarioLogado fails', async () => {
      const { manager, request, authProvider } = setup();
      manager.user = makeUser(600);
      request.mockRejectedValueOnce(new HttpError('down', 500));
      await expect(authProvider.getIdentity()).resolves.toMatchObject({ id: 'sub-1', fullName: 'Ana Token' });
    });
  });

  describe('login and callback', () => {
    it('signs in at the identity server in the stored language, remembering where to return', async () => {
      const { manager, authProvider } = setup();
      void authProvider.login({ returnTo: '/biblioteca/7' });
      void authProvider.login({ returnTo: '/other' });
      await flush();
      expect(manager.signinRedirect).toHaveBeenCalledTimes(1);
      expect(manager.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/biblioteca/7' }, ui_locales: 'es' });
    });

    it('completes the sign-in and returns to the page first asked for', async () => {
      const { manager, authProvider } = setup('/auth/callback');
      await expect(authProvider.handleCallback({})).resolves.toEqual({ redirectTo: '/usuarios?page=2' });
      expect(manager.signinRedirectCallback).toHaveBeenCalledWith('http://localhost:3000/auth/callback');
    });

    it('restarts the sign-in on authentication_expired from the identity server', async () => {
      const { manager, authProvider } = setup('/auth/callback');
      manager.signinRedirectCallback.mockRejectedValueOnce(
        new ErrorResponse({ error: 'temporarily_unavailable', error_description: 'authentication_expired' }),
      );
      void authProvider.handleCallback({});
      await flush();
      expect(manager.signinRedirect).toHaveBeenCalledTimes(1);
    });

    it('fails on any other callback error', async () => {
      const { manager, authProvider } = setup('/auth/callback');
      manager.signinRedirectCallback.mockRejectedValueOnce(new ErrorResponse({ error: 'access_denied' }));
      await expect(authProvider.handleCallback({})).rejects.toMatchObject({ error: 'access_denied' });
      expect(manager.signinRedirect).not.toHaveBeenCalled();
    });

    describe('a callback URL that can no longer complete, while signed out', () => {
      const stale = {
        'already used or unknown state (Back to it, a reload)': new Error('No matching state found in storage'),
        'code refused by the identity server (spent, expired, grant revoked)': new ErrorResponse({
          error: 'invalid_grant',
          error_description: 'grant request is invalid',
        }),
      };
      for (const [name, error] of Object.entries(stale)) {
        it(`${name}: forgets the expired user and signs in again`, async () => {
          const { manager, authProvider } = setup('/auth/callback');
          manager.user = makeUser(-30);
          manager.signinRedirectCallback.mockRejectedValueOnce(error);
          void authProvider.handleCallback({});
          await flush();
          expect(manager.removeUser).toHaveBeenCalled();
          expect(manager.user).toBeNull();
          expect(manager.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/home' }, ui_locales: 'es' });
        });
      }

      it('restarts by itself once a minute at most: failing again right after, it shows the failure', async () => {
        const first = setup('/auth/callback');
        first.manager.signinRedirectCallback.mockRejectedValueOnce(
          stale['already used or unknown state (Back to it, a reload)'],
        );
        void first.authProvider.handleCallback({});
        await flush();
        expect(first.manager.signinRedirect).toHaveBeenCalledTimes(1);

        // The page reloaded after the redirect: a new auth provider on the same tab's storage.
        const second = setup('/auth/callback');
        second.sessionStore.items = first.sessionStore.items;
        const refused = new ErrorResponse({ error: 'invalid_grant' });
        second.manager.signinRedirectCallback.mockRejectedValueOnce(refused);
        await expect(second.authProvider.handleCallback({})).rejects.toBe(refused);
        expect(second.manager.signinRedirect).not.toHaveBeenCalled();

        vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000);
        const later = setup('/auth/callback');
        later.sessionStore.items = first.sessionStore.items;
        later.manager.signinRedirectCallback.mockRejectedValueOnce(refused);
        void later.authProvider.handleCallback({});
        await flush();
        expect(later.manager.signinRedirect).toHaveBeenCalledTimes(1);
      });

      it('a completed sign-in allows the next automatic restart at once', async () => {
        const { manager, authProvider, sessionStore } = setup('/auth/callback');
        manager.signinRedirectCallback.mockRejectedValueOnce(new ErrorResponse({ error: 'invalid_grant' }));
        void authProvider.handleCallback({});
        await flush();
        expect(sessionStore.items.size).toBe(1);
        await expect(authProvider.handleCallback({})).resolves.toEqual({ redirectTo: '/usuarios?page=2' });
        expect(sessionStore.items.size).toBe(0);
      });
    });

    it('never returns to another site', () => {
      expect(safeReturnTo('//evil.example/x')).toBe('/home');
      expect(safeReturnTo('https://evil.example')).toBe('/home');
      expect(safeReturnTo('/comunicados')).toBe('/comunicados');
    });
  });

  describe('logout', () => {
    it('ends the session at the identity server with the ID token', async () => {
      const { manager, authProvider } = setup();
      manager.user = makeUser(600);
      void authProvider.logout({});
      await flush();
      expect(manager.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id-token' });
    });

    it('without a session, goes to sign in and back to the current page (react-admin logs anonymous visitors out)', async () => {
      const { manager, authProvider } = setup('/usuarios');
      manager.user = makeUser(-10);
      void authProvider.logout({});
      await flush();
      expect(manager.signoutRedirect).not.toHaveBeenCalled();
      expect(manager.user).toBeNull();
      expect(manager.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/usuarios' }, ui_locales: 'es' });
    });

    it('never sends anyone to sign in from a public page', async () => {
      const { manager, authProvider } = setup('/olvide-contrasena');
      await expect(authProvider.logout({})).resolves.toBe(false);
      expect(manager.signinRedirect).not.toHaveBeenCalled();
    });
  });

  describe('access token and renewal', () => {
    it('returns the stored token while it is valid beyond the margin', async () => {
      const { manager, authProvider } = setup();
      manager.user = makeUser(600);
      await expect(authProvider.getAccessToken()).resolves.toBe('access-600');
      expect(manager.signinSilent).not.toHaveBeenCalled();
    });

    it('refreshes first when the token expires within 5 s', async () => {
      const { manager, authProvider } = setup();
      manager.user = makeUser(3);
      manager.signinSilent.mockImplementationOnce(async () => (manager.user = makeUser(300)));
      await expect(authProvider.getAccessToken()).resolves.toBe('access-300');
      expect(manager.signinSilent).toHaveBeenCalledTimes(1);
    });

    it('a failed refresh removes the stored user and restarts sign-in; the call goes on without a token', async () => {
      const { manager, authProvider } = setup('/usuarios');
      manager.user = makeUser(2);
      await expect(authProvider.getAccessToken()).resolves.toBeNull();
      expect(manager.removeUser).toHaveBeenCalled();
      expect(manager.user).toBeNull();
      expect(manager.signinRedirect).toHaveBeenCalledWith(
        expect.objectContaining({ state: { returnTo: '/usuarios' }, ui_locales: 'es' }),
      );
    });

    it('a failed automatic silent renew does the same', async () => {
      const { manager } = setup('/home');
      manager.user = makeUser(4);
      expect(manager.renewErrorHandlers).toHaveLength(1);
      manager.renewErrorHandlers[0](new ErrorResponse({ error: 'invalid_grant' }));
      await flush();
      expect(manager.user).toBeNull();
      expect(manager.signinRedirect).toHaveBeenCalledTimes(1);
    });

    it('never redirects from a public page', async () => {
      const { manager, authProvider } = setup('/esqueci-senha');
      manager.user = makeUser(2);
      await expect(authProvider.getAccessToken()).resolves.toBeNull();
      expect(manager.user).toBeNull();
      expect(manager.signinRedirect).not.toHaveBeenCalled();
    });
  });
});

describe('createUserManager', () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs one token refresh at a time, whoever asks (automatic renew or a request)', async () => {
    let finish: (user: null) => void = () => undefined;
    const refresh = vi
      .spyOn(UserManager.prototype, 'signinSilent')
      .mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    const manager = createUserManager(
      { authority: 'http://localhost:3000/oidc', clientId: 'portal', scope: 'openid' },
      'http://localhost:3000',
    );
    const first = manager.signinSilent();
    const second = manager.signinSilent();
    expect(refresh).toHaveBeenCalledTimes(1);
    finish(null);
    expect(await first).toBeNull();
    expect(await second).toBeNull();
    void manager.signinSilent();
    expect(refresh).toHaveBeenCalledTimes(2);
  });
});
