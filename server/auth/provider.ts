import Provider, { errors, interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { findUsuarioById } from './accounts';
import { pgAdapterFactory } from './oidcAdapter';
import { SESSIONS_ENDED_CLAIM } from './session';
import { cookieKeys, signingKeys } from './secrets';
import { translate as t } from '../../i18n';
import { esc, page } from './pages';
import { pickIdioma } from './language';

export const OIDC_MOUNT = '/oidc';
export const SCOPES = 'openid profile email offline_access';

/** Submits the sign-out confirmation form (an external script: the CSP allows no inline one). */
export const SIGN_OUT_SCRIPT_PATH = '/auth/sign-out.js';
export const SIGN_OUT_SCRIPT = "document.getElementById('op.logoutForm').submit();\n";

/** Resource indicator of our API; access tokens for it are JWTs verified with jose. */
export const apiResource = (config: Config) => `${config.publicUrl}/graphql`;

function idiomaOf(ctx: KoaContextWithOIDC) {
  const params = ctx.oidc?.params as Record<string, string | undefined> | undefined;
  return pickIdioma(params?.ui_locales, ctx.cookies.get('idioma'), ctx.get('accept-language'));
}

/**
 * The embedded OpenID Connect provider (panva's oidc-provider), mounted at /oidc on our own
 * origin. Sign-in pages are ours (server/auth/interactions.ts); storage is PostgreSQL.
 */
export async function createOidcProvider(config: Config, db: Db): Promise<Provider> {
  const accessTokenTTL = config.accessTokenTtl;
  /** Authorization requests whose session still names a grant that no longer exists. */
  const grantGone = new WeakSet<KoaContextWithOIDC>();
  const policy = interactionPolicy.base();
  policy
    .get('login')!
    .checks.push(
      new interactionPolicy.Check('grant_revoked', 'the grant of this session was revoked', 'login_required', (ctx) =>
        grantGone.has(ctx),
      ),
    );
  const configuration: Configuration = {
    adapter: pgAdapterFactory(db),
    clients: [
      {
        client_id: config.oidcClientId,
        client_name: config.portalName,
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${config.publicUrl}/auth/callback`],
        post_logout_redirect_uris: [`${config.publicUrl}/`],
      },
    ],
    jwks: (await signingKeys(db)) as Configuration['jwks'],
    cookies: { keys: await cookieKeys(db) },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'locale'],
    },
    // Our access tokens are for the API, not for userinfo: the ID token carries the profile.
    conformIdTokenClaims: false,
    async findAccount(_ctx, id) {
      const usuario = await findUsuarioById(db, Number(id));
      if (!usuario || !usuario.active) return undefined;
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: usuario.email,
            email_verified: true,
            name: usuario.nome,
            locale: usuario.idioma,
          };
        },
      };
    },
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const usuario = await findUsuarioById(db, Number(token.accountId));
      // The account's sessions-ended mark the token is issued under: ending the sessions again
      // moves the mark and refuses it (server/auth/session.ts).
      return usuario
        ? { email: usuario.email, [SESSIONS_ENDED_CLAIM]: usuario.sessoesEncerradasEm?.getTime() ?? 0 }
        : undefined;
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          const idioma = idiomaOf(ctx);
          // Signing out from the portal's own button carries id_token_hint: confirm at once.
          const auto = (ctx.oidc.params as Record<string, unknown>)?.id_token_hint
            ? `<script src="${SIGN_OUT_SCRIPT_PATH}" defer></script>`
            : '';
          ctx.body = page(
            idioma,
            t(idioma, 'signIn.signOutTitle'),
            `${form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>')}
<p>${esc(t(idioma, 'signIn.signOutQuestion'))}</p>
<button type="submit" form="op.logoutForm">${esc(t(idioma, 'signIn.signOutConfirm'))}</button>${auto}`,
          );
        },
        async postLogoutSuccessSource(ctx) {
          const idioma = idiomaOf(ctx);
          ctx.body = page(
            idioma,
            t(idioma, 'signIn.signOutTitle'),
            `<p class="info">${esc(t(idioma, 'signIn.signedOut'))}</p>
<nav><a href="${esc(config.publicUrl)}/">${esc(t(idioma, 'forgotPassword.backToSignIn'))}</a></nav>`,
          );
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async (_ctx, _client, oneOf) => oneOf ?? apiResource(config),
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resource) => {
          if (resource !== apiResource(config)) throw new errors.InvalidTarget();
          return {
            scope: 'api',
            audience: config.oidcAudience,
            accessTokenTTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    // First-party client: grant what it asks for without a consent screen.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (existing) return existing;
      // The session's grant was revoked (a refresh token or a code was replayed) or lapsed. Returning
      // nothing would leave the consent prompt, which our sign-in page never resolves: every sign-in
      // came back to an empty form. Ask for the password again, then grant afresh.
      if (grantId && !ctx.oidc.result?.login) {
        grantGone.add(ctx);
        return undefined;
      }
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId,
      });
      grant.addOIDCScope(SCOPES);
      grant.addResourceScope(apiResource(config), 'api');
      await grant.save();
      return grant;
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    interactions: { policy, url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    ttl: {
      AccessToken: accessTokenTTL,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
      IdToken: 3600,
      RefreshToken: 14 * 24 * 3600,
    },
    async renderError(ctx, out) {
      const idioma = idiomaOf(ctx);
      ctx.type = 'html';
      ctx.body = page(
        idioma,
        t(idioma, 'errors.couldNotPerform'),
        `<p class="error">${esc(out.error_description ?? out.error)}</p>
<nav><a href="${esc(config.publicUrl)}/">${esc(t(idioma, 'forgotPassword.backToSignIn'))}</a></nav>`,
      );
    },
  };
  const provider = new Provider(config.oidcIssuer, configuration);
  provider.proxy = config.trustProxy;
  return provider;
}
