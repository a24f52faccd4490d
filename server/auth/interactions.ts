import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { LOCALE_OF, IDIOMAS, type Idioma } from '../../domain/enums';
import { FORGOT_PASSWORD_PATH } from '../../domain/routes';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { findUsuarioByEmail, replacePasswordHash, touchUltimoAcesso } from './accounts';
import { pickIdioma } from './language';
import { translate as t } from '../../i18n';
import { esc, page } from './pages';
import { hashPassword, needsRehash, verifyPassword } from './passwords';
import { createLoginThrottle, normalizeEmail } from './loginThrottle';

interface Deps {
  provider: Provider;
  db: Db;
  config: Config;
}

type Req = FastifyRequest<{ Params: { uid: string }; Querystring: { lang?: string }; Body?: Record<string, string> }>;

/** Our own sign-in page for the embedded provider, in the visitor's language. */
export async function interactionRoutes(app: FastifyInstance, { provider, db, config }: Deps) {
  // Per account, across all addresses (the rate limit below is per address and account).
  const throttle = createLoginThrottle({
    failures: config.loginAccountFailures,
    backoffSeconds: config.loginAccountBackoffSeconds,
    backoffMaxSeconds: config.loginAccountBackoffMaxSeconds,
  });

  async function details(req: Req, reply: FastifyReply) {
    try {
      return await provider.interactionDetails(req.raw, reply.raw);
    } catch {
      return undefined;
    }
  }

  function idiomaOf(req: Req, uiLocales?: unknown) {
    return pickIdioma(req.query.lang, req.body?.lang, uiLocales as string, req.headers['accept-language']);
  }

  function loginPage(req: Req, idioma: Idioma, opts: { email?: string; error?: string } = {}) {
    const uid = req.params.uid;
    const langs = IDIOMAS.filter((i) => i !== idioma)
      .map((i) => `<a href="/interaction/${esc(uid)}?lang=${LOCALE_OF[i]}">${esc(t(i, `languages.${i}`))}</a>`)
      .join('');
    return page(
      idioma,
      t(idioma, 'signIn.title'),
      `${opts.error ? `<p class="error" role="alert">${esc(opts.error)}</p>` : ''}
<form method="post" action="/interaction/${esc(uid)}/login" autocomplete="on">
<input type="hidden" name="lang" value="${LOCALE_OF[idioma]}">
<label for="email">${esc(t(idioma, 'signIn.email'))}</label>
<input id="email" name="email" type="email" required autofocus value="${esc(opts.email)}" autocomplete="username">
<label for="password">${esc(t(idioma, 'signIn.password'))}</label>
<input id="password" name="password" type="password" required autocomplete="current-password">
<button type="submit">${esc(t(idioma, 'signIn.submit'))}</button>
</form>
<nav><a href="${FORGOT_PASSWORD_PATH[idioma]}">${esc(t(idioma, 'signIn.forgot'))}</a><span class="langs">${langs}</span></nav>`,
    );
  }

  function expired(reply: FastifyReply, idioma: Idioma) {
    return reply
      .code(400)
      .type('text/html')
      .send(
        page(
          idioma,
          t(idioma, 'signIn.title'),
          `<p class="error">${esc(t(idioma, 'signIn.sessionExpired'))}</p>
<nav><a href="${esc(config.publicUrl)}/">${esc(t(idioma, 'forgotPassword.backToSignIn'))}</a></nav>`,
        ),
      );
  }

  app.get('/interaction/:uid', async (request, reply) => {
    const req = request as Req;
    const interaction = await details(req, reply);
    if (!interaction) return expired(reply, idiomaOf(req));
    const idioma = idiomaOf(req, interaction.params.ui_locales);
    return reply.type('text/html').header('cache-control', 'no-store').send(loginPage(req, idioma));
  });

  app.post(
    '/interaction/:uid/login',
    {
      config: {
        rateLimit: {
          max: config.loginRateLimit,
          timeWindow: '1 minute',
          hook: 'preHandler',
          // req.ip is the socket's address unless TRUST_PROXY is set: X-Forwarded-For is ignored.
          keyGenerator: (req: FastifyRequest) =>
            `${req.ip}|${normalizeEmail((req.body as Record<string, string> | undefined)?.email)}`,
        },
      },
      errorHandler: (error, req, reply) => {
        const idioma = idiomaOf(req as Req);
        const tooMany = error.statusCode === 429;
        reply
          .code(tooMany ? 429 : 500)
          .type('text/html')
          .send(
            loginPage(req as Req, idioma, {
              email: (req.body as Record<string, string> | undefined)?.email,
              error: t(idioma, tooMany ? 'signIn.tooManyAttempts' : 'errors.couldNotPerform'),
            }),
          );
      },
    },
    async (request, reply) => {
      const req = request as Req;
      const interaction = await details(req, reply);
      const idioma = idiomaOf(req, interaction?.params.ui_locales);
      if (!interaction) return expired(reply, idioma);
      const email = String(req.body?.email ?? '').trim();
      const account = normalizeEmail(email);
      const wait = throttle.attempt(account);
      if (wait > 0) {
        return reply
          .code(429)
          .header('retry-after', String(wait))
          .type('text/html')
          .send(
            loginPage(req, idioma, {
              email,
              error: t(idioma, 'signIn.accountLocked', { minutes: Math.ceil(wait / 60) }),
            }),
          );
      }
      const usuario = account ? await findUsuarioByEmail(db, account) : undefined;
      // Unknown e-mails verify against a dummy hash: the answer takes as long as a wrong password.
      const valid = await verifyPassword(String(req.body?.password ?? ''), usuario?.senhaHash);
      if (!usuario || !valid) {
        return reply
          .code(401)
          .type('text/html')
          .send(loginPage(req, idioma, { email, error: t(idioma, 'signIn.invalidCredentials') }));
      }
      if (!usuario.active) {
        return reply
          .code(403)
          .type('text/html')
          .send(loginPage(req, idioma, { email, error: t(idioma, 'signIn.inactiveUser') }));
      }
      throttle.succeeded(account);
      await touchUltimoAcesso(db, usuario.id);
      if (usuario.senhaHash && needsRehash(usuario.senhaHash)) {
        const { id, senhaHash } = usuario;
        await hashPassword(String(req.body?.password))
          .then((replacement) => replacePasswordHash(db, id, senhaHash, replacement))
          .catch((err: unknown) => req.log.warn({ err, usuarioId: id }, 'password not re-hashed'));
      }
      const redirectTo = await provider.interactionResult(
        req.raw,
        reply.raw,
        { login: { accountId: String(usuario.id) } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(redirectTo, 303);
    },
  );
}
