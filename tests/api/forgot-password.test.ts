import { desc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD_MIN_LENGTH } from '../../domain/limits';
import { hashPassword } from '../../server/auth/passwords';
import { emailOutbox, oidcPayloads, senhaResets } from '../../server/db/schema';
import { createUsuario } from '../../server/db/seed/builders';
import { beginSignIn, CookieJar, DEMO, DEMO_PASSWORD, gql, signIn, startPortal, type TestPortal } from './portal';

let portal: TestPortal;
/** What the server logged (pino JSON lines). */
const log: string[] = [];
beforeAll(async () => {
  portal = await startPortal({ FORGOT_PASSWORD_RATE_LIMIT: '100' }, { log });
});
afterAll(() => portal?.close());

const post = (path: string, body: unknown, lang = 'pt-BR') =>
  fetch(`${portal.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': lang },
    body: JSON.stringify(body),
  });

async function lastMailTo(email: string) {
  const [mail] = await portal.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.para, email))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  return mail;
}

async function requestLink(email: string) {
  const before = (await lastMailTo(email))?.id ?? 0;
  const response = await post('/api/senha/esqueci', { email });
  expect(response.status).toBe(202);
  // The answer does not wait for the e-mail: wait for it here.
  const mail = await vi.waitFor(async () => {
    const last = await lastMailTo(email);
    if (!last || last.id === before) throw new Error(`no new e-mail to ${email} yet`);
    return last;
  });
  const link = mail.texto.match(/https?:\/\/\S+\?token=[\w-]+/)![0];
  return { mail, link, token: new URL(link).searchParams.get('token')! };
}

describe('forgot password', () => {
  it("e-mails a link in the user's language that sets a new password once", async () => {
    const { mail, link, token } = await requestLink(DEMO.dealer);
    expect(mail.assunto).toBe('Restablecimiento de contraseña del portal');
    expect(link.startsWith(`${portal.config.publicUrl}/olvide-contrasena?token=`)).toBe(true);
    expect(mail.enviadoEm).toBeNull(); // no SMTP configured: kept in the outbox

    const reset = await post('/api/senha/redefinir', { token, senha: 'NovaSenha#2026' });
    expect(reset.status).toBe(204);
    const tokens = await signIn(portal, DEMO.dealer, 'NovaSenha#2026');
    expect((await gql(portal, '{ usuarioLogado { id } }', {}, tokens.access_token)).errors).toBeUndefined();
    await expect(signIn(portal, DEMO.dealer)).rejects.toThrow(/sign-in refused: 401/);

    const again = await post('/api/senha/redefinir', { token, senha: 'OutraSenha#2026' }, 'en');
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      code: 'INVALID_TOKEN',
      message: 'This link is invalid, has expired or was already used. Ask for a new link.',
    });
  });

  it('refuses an expired link', async () => {
    const { token } = await requestLink(DEMO.montadora);
    await portal.database.db.update(senhaResets).set({ expiresAt: new Date(Date.now() - 1000) });
    const response = await post('/api/senha/redefinir', { token, senha: 'NovaSenha#2026' });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('INVALID_TOKEN');
    await expect(signIn(portal, DEMO.montadora)).resolves.toBeTruthy();
  });

  it('refuses a short password with a translated field error and keeps the link usable', async () => {
    const { token } = await requestLink(DEMO.super);
    const short = await post('/api/senha/redefinir', { token, senha: 'curta' });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({
      code: 'BAD_USER_INPUT',
      fieldErrors: { senha: `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.` },
    });
    expect((await post('/api/senha/redefinir', { token, senha: 'Portal@2026' })).status).toBe(204);
  });

  it('asks for at least 10 characters and the demo password still passes', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(10);
    expect(DEMO_PASSWORD.length).toBeGreaterThanOrEqual(PASSWORD_MIN_LENGTH);
  });

  it("refuses a nine-character password and common passwords, in the caller's language", async () => {
    const { token } = await requestLink(DEMO.super);
    const nine = await post('/api/senha/redefinir', { token, senha: 'Abc#12345' }, 'en');
    expect(nine.status).toBe(400);
    expect(await nine.json()).toEqual({
      code: 'BAD_USER_INPUT',
      fieldErrors: { senha: 'The password must have at least 10 characters.' },
    });
    const common: [string, string, string][] = [
      ['password123', 'pt-BR', 'Esta senha é comum demais e fácil de adivinhar. Escolha outra.'],
      ['1234567890', 'es', 'Esta contraseña es demasiado común y fácil de adivinar. Elija otra.'],
      ['qwertyuiop', 'en', 'This password is too common and easy to guess. Choose another one.'],
      ['Password123', 'en', 'This password is too common and easy to guess. Choose another one.'],
    ];
    for (const [senha, lang, message] of common) {
      const response = await post('/api/senha/redefinir', { token, senha }, lang);
      expect(response.status, senha).toBe(400);
      expect(await response.json()).toEqual({ code: 'BAD_USER_INPUT', fieldErrors: { senha: message } });
    }
    // Refusals leave the link usable.
    expect((await post('/api/senha/redefinir', { token, senha: DEMO_PASSWORD })).status).toBe(204);
  });

  it('logs who got an e-mail and its outbox id, never its text or link', async () => {
    const { mail, token } = await requestLink(DEMO.montadora);
    const lines = log.filter((line) => line.includes('e-mail kept in outbox')).map((line) => JSON.parse(line));
    expect(lines).toContainEqual(
      expect.objectContaining({ outboxId: mail.id, to: DEMO.montadora, subject: mail.assunto }),
    );
    expect(log.join('\n')).not.toContain(token);
    expect(log.join('\n')).not.toContain('?token=');
  });

  it('signs the account out everywhere: refresh tokens, grants and sessions of the old password go', async () => {
    const email = 'revoga@portal.test';
    const usuario = await createUsuario(portal.database.db, {
      nome: 'Rita Revoga',
      email,
      tipo: 'TECSINAPSE',
      senhaHash: await hashPassword(DEMO_PASSWORD),
    });
    const jar = new CookieJar();
    const tokens = await signIn(portal, email, DEMO_PASSWORD, jar);
    const refresh = () =>
      fetch(`${portal.url}/oidc/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token,
          client_id: portal.config.oidcClientId,
        }).toString(),
      });
    const accountRows = async () =>
      (await portal.database.db.select().from(oidcPayloads)).filter(
        (row) => (row.payload as { accountId?: string }).accountId === String(usuario.id),
      );
    // Signed in: the browser's session knows the user, and the refresh token works.
    expect((await refresh()).status).toBe(200);
    expect((await accountRows()).map((row) => row.model)).toEqual(
      expect.arrayContaining(['Session', 'Grant', 'RefreshToken']),
    );

    const { token } = await requestLink(email);
    expect((await post('/api/senha/redefinir', { token, senha: 'Rita-Nova#2026' })).status).toBe(204);

    const refused = await refresh();
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe('invalid_grant');
    expect(await accountRows()).toEqual([]);
    // The browser that signed in with the old password is asked to sign in again.
    await expect(beginSignIn(portal, jar)).resolves.toMatchObject({
      interactionUrl: expect.stringContaining('/interaction/'),
    });
    await expect(signIn(portal, email, 'Rita-Nova#2026')).resolves.toBeTruthy();
  });

  it('answers 202 for an unknown e-mail without sending anything', async () => {
    const before = (await portal.database.db.select().from(emailOutbox)).length;
    const response = await post('/api/senha/esqueci', { email: 'ninguem@portal.test' });
    expect(response.status).toBe(202);
    expect(await portal.database.db.select().from(emailOutbox)).toHaveLength(before);
  });

  it('refuses an invalid e-mail address with a field error', async () => {
    const response = await post('/api/senha/esqueci', { email: 'not-an-email' }, 'es');
    expect(response.status).toBe(400);
    expect((await response.json()).fieldErrors).toEqual({ email: 'Correo electrónico no válido' });
  });
});

describe('forgot password with an SMTP server', () => {
  it('answers before the e-mail is sent, so a slow mail server does not tell which accounts exist', async () => {
    // A real SMTP receiver that holds every message until the test lets it go.
    const held: (() => void)[] = [];
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          received.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
          held.push(() => callback());
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const { port } = smtp.server.address() as { port: number };
    const withSmtp = await startPortal({ SMTP_URL: `smtp://127.0.0.1:${port}`, FORGOT_PASSWORD_RATE_LIMIT: '100' });
    try {
      const response = await fetch(`${withSmtp.url}/api/senha/esqueci`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEMO.montadora }),
      });
      expect(response.status).toBe(202);
      // The message reached the mail server, which has not accepted it yet, and the answer came.
      await vi.waitFor(() => expect(held).toHaveLength(1));
      expect(received).toEqual([DEMO.montadora]);
      const [mail] = await withSmtp.database.db.select().from(emailOutbox).where(eq(emailOutbox.para, DEMO.montadora));
      expect(mail.enviadoEm).toBeNull();
      held.forEach((release) => release());
      await vi.waitFor(async () => {
        const [sent] = await withSmtp.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, mail.id));
        expect(sent.enviadoEm).not.toBeNull();
      });
    } finally {
      held.forEach((release) => release());
      await withSmtp.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
