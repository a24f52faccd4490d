import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { errorCode, gql, signIn, signInAsNew, startPortal, startSecondProcess, type TestPortal } from './portal';

// My account (issue #13): the user's own password change and sessions, checked against the
// identity provider itself (sign-ins and refresh tokens), not only the API's answers.

let portal: TestPortal;
let seq = 0;
beforeAll(async () => {
  portal = await startPortal();
});
afterAll(() => portal?.close());

const newUser = () =>
  signInAsNew(portal, {
    nome: `Conta ${++seq}`,
    email: `conta.${seq}.${Date.now()}@minha-conta.test`,
    tipo: 'MONTADORA',
    marcaIds: [],
  });

const emailOf = async (token: string) =>
  (await gql<{ usuarioLogado: { email: string } }>(portal, '{ usuarioLogado { email } }', {}, token)).data!
    .usuarioLogado.email;

async function refresh(refreshToken: string) {
  const response = await fetch(`${portal.url}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: portal.config.oidcClientId,
    }).toString(),
  });
  return response.status;
}

const SESSOES = '{ minhasSessoes { id inicio expiraEm } }';

/** The user's sessions the identity provider still holds, read in the database. */
async function openSessions(usuarioId: number) {
  const { rows } = await portal.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from oidc_payloads where model = 'Session' and payload->>'accountId' = ${String(usuarioId)}`,
  );
  return rows[0].n;
}
const ALTERAR = 'mutation($a: String!, $n: String!) { alterarMinhaSenha(senhaAtual: $a, novaSenha: $n) }';
type Sessoes = { minhasSessoes: { id: string; inicio: string; expiraEm: string | null }[] };
const fieldErrors = (r: { errors?: { extensions?: { fieldErrors?: Record<string, string> } }[] }) =>
  r.errors?.[0]?.extensions?.fieldErrors;

describe('my sessions', () => {
  it('lists only my open sessions and ends them all, in every browser', async () => {
    const me = await newUser();
    const email = await emailOf(me.token);
    const second = await signIn(portal, email);
    const other = await newUser();

    const listed = await gql<Sessoes>(portal, SESSOES, {}, me.token);
    expect(listed.errors).toBeUndefined();
    expect(listed.data!.minhasSessoes).toHaveLength(2);
    for (const sessao of listed.data!.minhasSessoes) {
      expect(Date.now() - Date.parse(sessao.inicio)).toBeLessThan(5 * 60_000);
      expect(Date.parse(sessao.expiraEm!)).toBeGreaterThan(Date.now());
    }

    const ended = await gql<{ encerrarMinhasSessoes: number }>(
      portal,
      'mutation { encerrarMinhasSessoes }',
      {},
      me.token,
    );
    expect(ended.data!.encerrarMinhasSessoes).toBeGreaterThanOrEqual(2);
    expect(await refresh(second.refresh_token)).toBe(400);
    expect(await openSessions(me.id)).toBe(0);
    // The access tokens of those sessions are refused at once, not when they expire (issue #25),
    // although both were verified (and remembered) before.
    expect(errorCode(await gql(portal, SESSOES, {}, me.token))).toBe('UNAUTHENTICATED');
    expect(errorCode(await gql(portal, SESSOES, {}, second.access_token))).toBe('UNAUTHENTICATED');
    // Someone else's session is untouched.
    expect((await gql<Sessoes>(portal, SESSOES, {}, other.token)).data!.minhasSessoes).toHaveLength(1);
    // Signing in again works at once, with one session listed.
    const again = await signIn(portal, email);
    expect((await gql<Sessoes>(portal, SESSOES, {}, again.access_token)).data!.minhasSessoes).toHaveLength(1);
  });

  // Several processes share one database: ending the sessions on one refuses the tokens on all.
  it.skipIf(!process.env.DATABASE_URL)("refuses the ended sessions' tokens at once in every process", async () => {
    const sibling = await startSecondProcess(portal);
    try {
      const me = await newUser();
      const email = await emailOf(me.token);
      const second = await signIn(portal, email);
      const other = await newUser();
      // Every token works on both processes first (and each process remembers it verified).
      for (const process_ of [portal, sibling]) {
        for (const token of [me.token, second.access_token, other.token]) {
          expect((await gql<Sessoes>(process_, SESSOES, {}, token)).errors).toBeUndefined();
        }
      }
      const ended = await gql(sibling, 'mutation { encerrarMinhasSessoes }', {}, me.token);
      expect(ended.errors).toBeUndefined();
      expect(await openSessions(me.id)).toBe(0);
      for (const process_ of [portal, sibling]) {
        expect(errorCode(await gql(process_, SESSOES, {}, me.token))).toBe('UNAUTHENTICATED');
        expect(errorCode(await gql(process_, SESSOES, {}, second.access_token))).toBe('UNAUTHENTICATED');
        expect((await gql(process_, SESSOES, {}, other.token)).errors).toBeUndefined();
      }
      const again = await signIn(portal, email);
      for (const process_ of [portal, sibling]) {
        expect((await gql(process_, SESSOES, {}, again.access_token)).errors).toBeUndefined();
      }
    } finally {
      await sibling.close();
    }
  });

  it('refuses the anonymous caller', async () => {
    expect(errorCode(await gql(portal, SESSOES))).toBe('UNAUTHENTICATED');
    expect(errorCode(await gql(portal, 'mutation { encerrarMinhasSessoes }'))).toBe('UNAUTHENTICATED');
  });
});

describe('changing my password', () => {
  it('refuses a wrong current password, a common or unchanged one, and changes nothing', async () => {
    const me = await newUser();
    const email = await emailOf(me.token);
    const wrong = await gql(portal, ALTERAR, { a: 'nao-e-esta-senha', n: 'Outra#Senha2026' }, me.token);
    expect(fieldErrors(wrong)).toEqual({ senhaAtual: 'A senha atual não confere.' });
    const common = await gql(portal, ALTERAR, { a: DEMO_PASSWORD, n: 'password123' }, me.token);
    expect(fieldErrors(common)).toEqual({ novaSenha: expect.stringMatching(/comum/) });
    const same = await gql(portal, ALTERAR, { a: DEMO_PASSWORD, n: DEMO_PASSWORD }, me.token);
    expect(fieldErrors(same)).toEqual({ novaSenha: 'A nova senha deve ser diferente da atual.' });
    const short = await gql(portal, ALTERAR, { a: DEMO_PASSWORD, n: 'curta' }, me.token);
    expect(fieldErrors(short)).toEqual({ novaSenha: expect.stringMatching(/pelo menos 10/) });
    // The password is still the old one.
    await expect(signIn(portal, email)).resolves.toHaveProperty('access_token');
  });

  it('changes it: the old one is refused at sign-in, the new one works, and every session ends', async () => {
    const me = await newUser();
    const email = await emailOf(me.token);
    const before = await signIn(portal, email);
    const changed = await gql(portal, ALTERAR, { a: DEMO_PASSWORD, n: 'Trocada#Conta2026' }, me.token);
    expect(changed).toEqual({ data: { alterarMinhaSenha: true } });
    expect(await refresh(before.refresh_token)).toBe(400);
    // Its access tokens too, at once.
    expect(errorCode(await gql(portal, SESSOES, {}, before.access_token))).toBe('UNAUTHENTICATED');
    await expect(signIn(portal, email)).rejects.toThrow(/sign-in refused/);
    await expect(signIn(portal, email, 'Trocada#Conta2026')).resolves.toHaveProperty('access_token');
  });

  it('makes whoever guesses the current password wait after five wrong tries', async () => {
    const me = await newUser();
    for (let i = 0; i < 5; i++) {
      const r = await gql(portal, ALTERAR, { a: `errada-${i}-xyz`, n: 'Outra#Senha2026' }, me.token);
      expect(fieldErrors(r)).toEqual({ senhaAtual: 'A senha atual não confere.' });
    }
    // Even the right password waits now.
    const blocked = await gql(portal, ALTERAR, { a: DEMO_PASSWORD, n: 'Outra#Senha2026' }, me.token);
    expect(blocked.errors?.[0]?.message).toMatch(/^Muitas tentativas com a senha atual errada\. Aguarde \d+ segundos/);
  });
});

describe('announcements by e-mail', () => {
  const LER = '{ aceitaEmailComunicados }';
  const DEFINIR = 'mutation($a: Boolean!) { definirAceitaEmailComunicados(aceita: $a) }';
  const noBanco = async (id: number) =>
    (
      await portal.database.db.execute<{ aceita_email: boolean }>(
        sql`select aceita_email from usuarios where id = ${id}`,
      )
    ).rows[0].aceita_email;

  it('lets the user turn them off and on for themselves only, audited', async () => {
    const eu = await newUser();
    const outro = await newUser();
    expect((await gql<{ aceitaEmailComunicados: boolean }>(portal, LER, {}, eu.token)).data).toEqual({
      aceitaEmailComunicados: true,
    });
    const off = await gql<{ definirAceitaEmailComunicados: boolean }>(portal, DEFINIR, { a: false }, eu.token);
    expect(off.data).toEqual({ definirAceitaEmailComunicados: false });
    expect([await noBanco(eu.id), await noBanco(outro.id)]).toEqual([false, true]);
    expect((await gql<{ aceitaEmailComunicados: boolean }>(portal, LER, {}, eu.token)).data).toEqual({
      aceitaEmailComunicados: false,
    });
    const { rows } = await portal.database.db.execute<{ antes: unknown; depois: unknown; autor_id: number }>(sql`select
        valor_anterior as antes, valor_novo as depois, autor_id from auditoria
      where tipo = 'USUARIO' and registro_id = ${String(eu.id)} order by id desc limit 1`);
    expect(rows[0]).toEqual({ antes: { aceitaEmail: true }, depois: { aceitaEmail: false }, autor_id: eu.id });
    await gql(portal, DEFINIR, { a: true }, eu.token);
    expect(await noBanco(eu.id)).toBe(true);
  });

  it('refuses the anonymous caller and a value that is not a yes or no, changing nothing', async () => {
    const eu = await newUser();
    expect(errorCode(await gql(portal, DEFINIR, { a: false }))).toBe('UNAUTHENTICATED');
    expect(
      errorCode(await gql(portal, 'mutation { definirAceitaEmailComunicados(aceita: "não") }', {}, eu.token)),
    ).toBe('BAD_USER_INPUT');
    expect(await noBanco(eu.id)).toBe(true);
  });
});
