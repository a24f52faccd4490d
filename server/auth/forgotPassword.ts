import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Idioma } from '../../domain/enums';
import { PASSWORD_RESET_TTL_MINUTES } from '../../domain/limits';
import { FORGOT_PASSWORD_PATH } from '../../domain/routes';
import { novaSenhaSchema, pedidoSenhaSchema } from '../../domain/schemas/senha';
import { translate } from '../../i18n';
import { recordAudit } from '../audit';
import type { Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import { emailOutbox, senhaResets, usuarios } from '../db/schema';
import { findUsuarioByEmail } from './accounts';
import type { Mailer, QueuedMail } from '../mail';
import { fieldErrorsOf } from '../validation';
import { pickIdioma } from './language';
import { revokeAccount } from './oidcAdapter';
import { isCommonPassword } from './passwordPolicy';
import { hashPassword } from './passwords';

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

interface Deps {
  db: Db;
  config: Config;
  mailer: Mailer;
}

/**
 * E-mails the user, in their language, a link that sets a new password: valid for
 * PASSWORD_RESET_TTL_MINUTES and once. The forgot-password request and the super-admin's
 * identity-provider synchronisation (an account without a password yet) both send it.
 */
export async function sendPasswordLink(
  { db, config, mailer }: Deps,
  usuario: { id: number; nome: string; email: string; idioma: Idioma },
  texts: { subjectKey: string; bodyKey: string } = {
    subjectKey: 'forgotPassword.mailSubject',
    bodyKey: 'forgotPassword.mailBody',
  },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(senhaResets).values({
    tokenHash: sha256(token),
    usuarioId: usuario.id,
    expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
  });
  const lang = usuario.idioma;
  const link = `${config.publicUrl}${FORGOT_PASSWORD_PATH[lang]}?token=${token}`;
  const params = { nome: usuario.nome, link, minutes: PASSWORD_RESET_TTL_MINUTES };
  await mailer({
    para: usuario.email,
    assunto: translate(lang, texts.subjectKey),
    texto: translate(lang, texts.bodyKey, params),
  });
}

/**
 * Forgot-password: ask for a link (always 202, so the answer does not tell which e-mails exist),
 * then set a new password with it. A link expires and works once; the new password follows the
 * rule of domain/schemas/senha.ts (length) and is not a common one; setting it signs the account
 * out everywhere.
 */
export async function forgotPasswordRoutes(app: FastifyInstance, { db, config, mailer }: Deps) {
  const limit = { rateLimit: { max: config.forgotPasswordRateLimit, timeWindow: '1 minute' } };

  app.post('/api/senha/esqueci', { config: limit }, async (req, reply) => {
    const idioma = pickIdioma((req.body as { idioma?: string } | undefined)?.idioma, req.headers['accept-language']);
    const parsed = pedidoSenhaSchema.safeParse(req.body);
    if (!parsed.success) {
      return reply.code(400).send({ code: 'BAD_USER_INPUT', fieldErrors: fieldErrorsOf(idioma, parsed.error) });
    }
    const usuario = await findUsuarioByEmail(db, parsed.data.email);
    if (usuario?.active) {
      // Answer before writing and sending the e-mail: waiting for them (an SMTP server can take
      // seconds) would tell by the time taken which e-mails have an account.
      sendPasswordLink({ db, config, mailer }, usuario).catch((err: unknown) =>
        req.log.error({ err }, 'password link could not be sent'),
      );
    }
    return reply.code(202).send({ ok: true });
  });

  app.post('/api/senha/redefinir', { config: limit }, async (req, reply) => {
    const idioma = pickIdioma(req.headers['accept-language']);
    const parsed = novaSenhaSchema.safeParse(req.body);
    if (!parsed.success) {
      return reply.code(400).send({ code: 'BAD_USER_INPUT', fieldErrors: fieldErrorsOf(idioma, parsed.error) });
    }
    if (await isCommonPassword(parsed.data.senha)) {
      return reply
        .code(400)
        .send({ code: 'BAD_USER_INPUT', fieldErrors: { senha: translate(idioma, 'forgotPassword.commonPassword') } });
    }
    const senhaHash = await hashPassword(parsed.data.senha);
    const usuarioId = await db.transaction(async (tx) => {
      // Claiming the token and changing the password commit together, so a link works once.
      const [claimed] = await tx
        .update(senhaResets)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(senhaResets.tokenHash, sha256(parsed.data.token)),
            isNull(senhaResets.usedAt),
            gt(senhaResets.expiresAt, new Date()),
          ),
        )
        .returning({ usuarioId: senhaResets.usuarioId });
      if (!claimed) return undefined;
      await tx.update(usuarios).set({ senhaHash }).where(eq(usuarios.id, claimed.usuarioId));
      // Whoever knew the old password loses the sessions and refresh tokens it gave them.
      await revokeAccount(tx, claimed.usuarioId);
      await recordAudit(tx, {
        tipo: 'USUARIO',
        registroId: claimed.usuarioId,
        alteracao: 'SENHA_REDEFINIDA',
        autorId: claimed.usuarioId,
      });
      return claimed.usuarioId;
    });
    if (!usuarioId) {
      return reply.code(400).send({ code: 'INVALID_TOKEN', message: translate(idioma, 'forgotPassword.invalidLink') });
    }
    return reply.code(204).send();
  });
}

/**
 * sendPasswordLink for many users at once, inside the caller's transaction (the bulk import's new
 * users): the links and the outbox rows are two statements for the whole set and commit with the
 * users; the messages returned are delivered (SMTP) after the commit with `outboxDelivery`.
 */
export async function queuePasswordLinks(
  tx: DbOrTx,
  config: Pick<Config, 'publicUrl'>,
  list: readonly { id: number; nome: string; email: string; idioma: Idioma }[],
  texts: { subjectKey: string; bodyKey: string },
): Promise<QueuedMail[]> {
  if (!list.length) return [];
  const expiresAt = new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000);
  const mails = list.map((usuario) => {
    const token = randomBytes(32).toString('base64url');
    const link = `${config.publicUrl}${FORGOT_PASSWORD_PATH[usuario.idioma]}?token=${token}`;
    const params = { nome: usuario.nome, link, minutes: PASSWORD_RESET_TTL_MINUTES };
    return {
      reset: { token_hash: sha256(token), usuario_id: usuario.id },
      mail: {
        para: usuario.email,
        assunto: translate(usuario.idioma, texts.subjectKey),
        texto: translate(usuario.idioma, texts.bodyKey, params),
      },
    };
  });
  await tx.execute(sql`insert into ${senhaResets} (token_hash, usuario_id, expires_at)
    select x.token_hash, x.usuario_id, ${expiresAt.toISOString()}::timestamptz
    from json_to_recordset(${JSON.stringify(mails.map((m) => m.reset))}::json) as x(token_hash text, usuario_id int)`);
  const { rows } = await tx.execute<{ id: number; para: string }>(sql`
    insert into ${emailOutbox} (para, assunto, texto)
    select x.para, x.assunto, x.texto
    from json_to_recordset(${JSON.stringify(mails.map((m) => m.mail))}::json) as x(para text, assunto text, texto text)
    returning id, para`);
  const byEmail = new Map(mails.map((m) => [m.mail.para, m.mail]));
  return rows.map((r) => ({ id: Number(r.id), ...byEmail.get(r.para)! }));
}
