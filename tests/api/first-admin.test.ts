import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirstAdmin } from '../../server/auth/firstAdmin';
import { emailOutbox, usuarios } from '../../server/db/schema';
import { createMailer } from '../../server/mail';
import { gql, signIn, startPortal, type TestPortal } from './portal';

// The first administrator of a database without the demo data (issue #11).

let portal: TestPortal;
beforeAll(async () => {
  portal = await startPortal({ SEED_DEMO: 'false' });
});
afterAll(() => portal?.close());

const deps = () => ({
  db: portal.database.db,
  config: portal.config,
  mailer: createMailer(portal.config, portal.database.db, portal.app.log),
});

describe('createFirstAdmin', () => {
  it('starts from a database without users, and the administrator signs in with their password', async () => {
    expect(await portal.database.db.select().from(usuarios)).toEqual([]);
    const result = await createFirstAdmin(deps(), {
      email: ' Ana.Admin@Example.test ',
      nome: 'Ana Admin',
      senha: 'Correct-Horse-Battery-9',
    });
    expect(result).toMatchObject({ linkSent: false });
    const tokens = await signIn(portal, 'ana.admin@example.test', 'Correct-Horse-Battery-9');
    const me = await gql<{ usuarioLogado: { tipo: { id: string } } }>(
      portal,
      '{ usuarioLogado { tipo { id } } }',
      {},
      tokens.access_token,
    );
    expect(me.data?.usuarioLogado.tipo.id).toBe('TECSINAPSE');
  });

  it('without a password, e-mails a set-password link that works', async () => {
    const result = await createFirstAdmin(deps(), { email: 'bruno@example.test', nome: 'Bruno Admin' });
    expect(result).toMatchObject({ linkSent: true });
    const [mail] = await portal.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.para, 'bruno@example.test'))
      .orderBy(desc(emailOutbox.id));
    const token = new URL(mail.texto.match(/https?:\/\/\S+/)![0]).searchParams.get('token');
    const reset = await fetch(`${portal.url}/api/senha/redefinir`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, senha: 'Another-Long-Secret-7' }),
    });
    expect(reset.status).toBe(204);
    await expect(signIn(portal, 'bruno@example.test', 'Another-Long-Secret-7')).resolves.toHaveProperty('access_token');
  });

  it('refuses an e-mail already in use and changes nothing', async () => {
    const before = await portal.database.db.select().from(usuarios);
    expect(
      await createFirstAdmin(deps(), { email: 'ANA.ADMIN@example.test', nome: 'Outra', senha: 'x'.repeat(12) }),
    ).toEqual({
      emailInUse: true,
    });
    expect(await portal.database.db.select().from(usuarios)).toEqual(before);
  });
});

// The command on its own embedded database: once, in the PGlite pass of the suite.
describe.skipIf(Boolean(process.env.DATABASE_URL))('npm run admin:create', () => {
  it('creates the administrator on an embedded database, reading the password from standard input', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-admin-'));
    try {
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'false' };
      const run = (args: string[], input: string) =>
        execFileSync('npm', ['run', '-s', 'admin:create', '--', ...args], { env, input, encoding: 'utf8' });
      expect(
        run(['--email', 'carla@example.test', '--nome', 'Carla', '--password-stdin'], 'Long-Enough-Secret-3\n'),
      ).toMatch(/administrator carla@example\.test created/);
      expect(() => run(['--email', 'd@example.test', '--nome', 'D', '--password-stdin'], 'password123\n')).toThrow();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
