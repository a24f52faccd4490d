import {
  UserManager,
  WebStorageStateStore,
  type SigninRedirectArgs,
  type SignoutRedirectArgs,
  type User,
  type UserManagerEvents,
} from 'oidc-client-ts';
import type { AuthProvider, UserIdentity } from 'react-admin';
import type { AccessSubject } from '../domain/access';
import { LOCALE_OF, type Idioma, type OnboardingId, type TipoUsuario } from '../domain/enums';
import { TOKEN_REFRESH_MARGIN_SECONDS } from '../domain/limits';
import { PUBLIC_PATHS } from '../domain/routes';
import { graphqlRequest } from './dataProvider/graphqlRequest';
import { getStoredIdioma } from './language';
import { log } from './logger';

/** The identity-server part of GET /config.json. */
export interface IdentityServerConfig {
  authority: string;
  clientId: string;
  scope: string;
}

export const CALLBACK_PATH = '/auth/callback';
/** The saved sign-in state (PKCE verifier, nonce) lives 1 hour (spec section 9). */
export const SIGNIN_STATE_MAX_AGE_SECONDS = 3600;

/** The UserManager methods the auth provider uses: a hand-written fake can stand in for tests. */
export type UserManagerLike = Pick<
  UserManager,
  'getUser' | 'removeUser' | 'signinRedirect' | 'signinRedirectCallback' | 'signinSilent' | 'signoutRedirect'
> & { events: Pick<UserManagerEvents, 'addSilentRenewError'> };

export function createUserManager(
  config: IdentityServerConfig,
  origin = window.location.origin,
  idioma: Idioma = getStoredIdioma(),
): UserManager {
  const manager = new UserManager({
    authority: config.authority,
    client_id: config.clientId,
    scope: config.scope,
    redirect_uri: origin + CALLBACK_PATH,
    post_logout_redirect_uri: origin + '/',
    response_type: 'code',
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: TOKEN_REFRESH_MARGIN_SECONDS,
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    stateStore: new WebStorageStateStore({ store: window.localStorage }),
    staleStateAgeInSeconds: SIGNIN_STATE_MAX_AGE_SECONDS,
    ui_locales: LOCALE_OF[idioma],
  });
  void manager.clearStaleState().catch(() => undefined);
  // One refresh at a time: automaticSilentRenew and getAccessToken both call signinSilent near the
  // token's end, and the second call would spend the refresh token the first one already rotated
  // (refused, and the provider then revokes the grant: the user is signed out).
  const signinSilent = manager.signinSilent.bind(manager);
  let renewing: Promise<User | null> | undefined;
  manager.signinSilent = (args) => (renewing ??= signinSilent(args).finally(() => (renewing = undefined)));
  return manager;
}

/** `usuarioLogado` as the auth provider reads it. */
export interface UsuarioLogado {
  id: string;
  nome: string;
  email: string;
  avatarLink?: string | null;
  tipo: { id: TipoUsuario };
  idioma: { id: Idioma };
  funcionalidades: { id: string; chave: string }[];
  onboardingsVistos: OnboardingId[];
  /** The user's brands by name (the home page shows the first one's social networks). */
  marcas?: { id: string; nome: string }[];
}

export const USUARIO_LOGADO_QUERY =
  'query usuarioLogado { usuarioLogado { id nome email avatarLink tipo { id } idioma { id } funcionalidades { id chave } onboardingsVistos marcas { id nome } } }';

export interface PortalIdentity extends UserIdentity {
  email?: string;
  tipo?: TipoUsuario;
  idioma?: Idioma;
  /** Onboarding tours already seen; unknown (undefined) when usuarioLogado could not be read. */
  onboardingsVistos?: OnboardingId[];
  /** The user's brands by name; unknown (undefined) when usuarioLogado could not be read. */
  marcas?: { id: string; nome: string }[];
}

/** What `getPermissions` resolves: the subject of domain/access.ts's `hasAccess`. */
export type PortalPermissions = AccessSubject;

export interface PortalAuthProvider extends AuthProvider {
  handleCallback: NonNullable<AuthProvider['handleCallback']>;
  getIdentity: () => Promise<PortalIdentity>;
  getPermissions: (params?: unknown) => Promise<PortalPermissions | null>;
  /** The access token for API calls, refreshed first when it expires within the margin; null when signed out. */
  getAccessToken: () => Promise<string | null>;
  getUsuarioLogado: () => Promise<UsuarioLogado>;
  /** Forgets the cached `usuarioLogado`, so the next read asks the server (e.g. after a new avatar). */
  forgetUsuarioLogado: () => void;
  /** A signed-in session is stored in this browser (no network; for the public pages). */
  hasStoredSession: () => Promise<boolean>;
}

export interface AuthProviderOptions {
  userManager: UserManagerLike;
  request?: typeof graphqlRequest;
  /** Language of the sign-in page (ui_locales). */
  getIdioma?: () => Idioma;
  /** Current location; public pages never trigger a sign-in. */
  getLocation?: () => { pathname: string; search: string; href: string };
  onAuthError?: (message: string, error: unknown) => void;
  /** Where the last automatic restart of a failed callback is noted (this tab's sessionStorage). */
  sessionStore?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

interface ReturnState {
  returnTo?: string;
}

/** Only same-origin paths: a crafted state must not send the user elsewhere. */
export function safeReturnTo(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')
    ? value
    : '/home';
}

/** Keycloak answers `error_description=authentication_expired` when its sign-in page sat too long. */
export function isAuthenticationExpired(error: unknown): boolean {
  const e = error as { error?: unknown; error_description?: unknown; message?: unknown } | null;
  return [e?.error, e?.error_description, e?.message].some(
    (value) => typeof value === 'string' && value.includes('authentication_expired'),
  );
}

/**
 * A callback URL that cannot complete any more: its state was already used or is unknown (Back to
 * it, a reload, a bookmark), or the identity server refused its code (spent, expired, or its grant
 * revoked).
 */
export function isStaleCallback(error: unknown): boolean {
  const e = error as { error?: unknown; message?: unknown } | null;
  return e?.error === 'invalid_grant' || e?.message === 'No matching state found in storage';
}

const CALLBACK_RESTART_KEY = 'portal.auth.callbackRestartedAt';
/** A stale callback restarts the sign-in by itself at most once in this time, so it cannot loop. */
export const CALLBACK_RESTART_INTERVAL_MS = 60_000;

const NEVER = new Promise<never>(() => undefined);

/**
 * react-admin's auth provider on oidc-client-ts (authorization code with PKCE S256). The sign-in
 * and sign-out redirects leave the page, so their promises never settle.
 */
export function createAuthProvider(options: AuthProviderOptions): PortalAuthProvider {
  const manager = options.userManager;
  const request = options.request ?? graphqlRequest;
  const getIdioma = options.getIdioma ?? getStoredIdioma;
  const getLocation = options.getLocation ?? (() => window.location);
  const onAuthError = options.onAuthError ?? ((message, error) => log.warn(message, error));
  const sessionStore = options.sessionStore ?? window.sessionStorage;

  let redirecting: Promise<never> | undefined;
  let refreshing: Promise<User | null> | undefined;
  let usuario: { sub: string; promise: Promise<UsuarioLogado> } | undefined;

  const isPublicPage = () => PUBLIC_PATHS.includes(getLocation().pathname);
  const currentPath = () => {
    const { pathname, search } = getLocation();
    return pathname === CALLBACK_PATH || pathname === '/login' ? '/home' : pathname + search;
  };

  /** Leaves for the identity server's sign-in page (at most once at a time). */
  const signIn = (returnTo: string): Promise<never> => {
    redirecting ??= (async () => {
      const args: SigninRedirectArgs = {
        state: { returnTo: safeReturnTo(returnTo) } satisfies ReturnState,
        ui_locales: LOCALE_OF[getIdioma()],
      };
      try {
        await manager.signinRedirect(args);
      } catch (error) {
        redirecting = undefined;
        throw error;
      }
      return NEVER;
    })();
    return redirecting;
  };

  /** A refresh that failed means the session is over: forget it and sign in again (not on public pages). */
  const onRenewFailure = async (error: unknown) => {
    onAuthError('Token refresh failed; signing in again', error);
    usuario = undefined;
    await manager.removeUser().catch(() => undefined);
    // Not awaited: the redirect never settles, and the pending request goes on without a token.
    if (!isPublicPage()) void signIn(currentPath()).catch((e) => onAuthError('Could not restart sign-in', e));
  };

  manager.events.addSilentRenewError((error) => void onRenewFailure(error));

  const validUser = async (): Promise<User | null> => {
    const user = await manager.getUser();
    return user && !user.expired ? user : null;
  };

  const getAccessToken = async (): Promise<string | null> => {
    const user = await manager.getUser();
    if (!user) return null;
    if ((user.expires_in ?? 0) > TOKEN_REFRESH_MARGIN_SECONDS) return user.access_token;
    refreshing ??= manager.signinSilent().finally(() => (refreshing = undefined));
    try {
      const renewed = await refreshing;
      return renewed?.access_token ?? null;
    } catch (error) {
      // The request goes on without authorisation (spec section 7); the app signs in again.
      await onRenewFailure(error);
      return null;
    }
  };

  const getPermissions = async (): Promise<PortalPermissions | null> => {
    if (!(await validUser())) return null;
    const me = await getUsuarioLogado();
    return { tipo: me.tipo.id, funcionalidades: me.funcionalidades.map((f) => f.chave) };
  };

  const getUsuarioLogado = async (): Promise<UsuarioLogado> => {
    const user = await validUser();
    const sub = user?.profile.sub ?? '';
    if (!usuario || usuario.sub !== sub) {
      const promise = request<{ usuarioLogado: UsuarioLogado }>(USUARIO_LOGADO_QUERY).then((d) => d.usuarioLogado);
      usuario = { sub, promise };
      promise.catch(() => {
        if (usuario?.promise === promise) usuario = undefined;
      });
    }
    return usuario.promise;
  };

  return {
    async login(params?: { returnTo?: string }) {
      return signIn(params?.returnTo ?? '/home');
    },

    async handleCallback() {
      try {
        const user = await manager.signinRedirectCallback(getLocation().href);
        usuario = undefined;
        sessionStore.removeItem(CALLBACK_RESTART_KEY);
        return { redirectTo: safeReturnTo((user.state as ReturnState | undefined)?.returnTo) };
      } catch (error) {
        if (isAuthenticationExpired(error)) return signIn('/home');
        // Back on a bookmarked or reloaded callback URL while signed in: just go on.
        if (await validUser()) return { redirectTo: '/home' };
        onAuthError('Sign-in callback failed', error);
        const restartedAt = Number(sessionStore.getItem(CALLBACK_RESTART_KEY)) || 0;
        if (isStaleCallback(error) && Date.now() - restartedAt >= CALLBACK_RESTART_INTERVAL_MS) {
          // Signed out with a spent callback URL: forget the expired user and sign in afresh. Should
          // that fail the same way again, the page offers "sign in again" rather than loop.
          sessionStore.setItem(CALLBACK_RESTART_KEY, String(Date.now()));
          await manager.removeUser().catch(() => undefined);
          return signIn('/home');
        }
        throw error;
      }
    },

    async logout() {
      usuario = undefined;
      const user = await manager.getUser();
      if (user && !user.expired) {
        // End the session at the identity server too; it returns to post_logout_redirect_uri.
        const args: SignoutRedirectArgs = { id_token_hint: user.id_token };
        await manager.signoutRedirect(args);
        return NEVER;
      }
      if (user) await manager.removeUser();
      // No session: react-admin logs anonymous visitors "out" to send them to sign in (LogoutOnMount,
      // failed checkAuth). Go straight to the identity server and come back to this page. Resolving
      // instead would let react-admin navigate to /login and reset its queries, which loops while
      // getPermissions answers at once.
      if (isPublicPage()) return false;
      return signIn(currentPath());
    },

    async checkAuth() {
      if (await validUser()) return;
      throw { message: false };
    },

    async checkError(error: { status?: number } | undefined) {
      if (error?.status === 401) throw { message: false };
    },

    async getIdentity(): Promise<PortalIdentity> {
      const user = await validUser();
      if (!user) throw new Error('Not signed in');
      try {
        const me = await getUsuarioLogado();
        return {
          id: me.id,
          fullName: me.nome,
          email: me.email,
          avatar: me.avatarLink ?? undefined,
          tipo: me.tipo.id,
          idioma: me.idioma.id,
          onboardingsVistos: me.onboardingsVistos,
          marcas: me.marcas,
        };
      } catch (error) {
        onAuthError('usuarioLogado failed; identity from the ID token', error);
        const profile = user.profile;
        return { id: profile.sub, fullName: profile.name ?? profile.email ?? profile.sub, email: profile.email };
      }
    },

    // No canAccess: react-admin would then ask it (asynchronously) in every list, form and button,
    // and an edit form showed its loader again mid-save in the browser tests, losing the wizard's
    // step. The views read the same policies through RouteGuard, the menu and AuditButton.
    getPermissions,

    getAccessToken,
    getUsuarioLogado,
    forgetUsuarioLogado: () => {
      usuario = undefined;
    },
    hasStoredSession: async () => (await validUser()) !== null,
  };
}
