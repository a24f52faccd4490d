import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, senhaResets } from '../../server/db/schema';
import { DEMO, gql, signIn, startPortal, type TestPortal } from './portal';

let portal: TestPortal;
beforeAll(async () => {
  portal = await startPortal({ FORGOT_PASSWORD_RATE_LIMIT: '100' });
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
  const response = await post('/api/senha/esqueci', { email });
  expect(response.status).toBe(202);
  const mail = await lastMailTo(email);
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
      fieldErrors: { senha: 'A senha deve ter pelo menos 8 caracteres.' },
    });
    expect((await post('/api/senha/redefinir', { token, senha: 'Portal@2026' })).status).toBe(204);
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
