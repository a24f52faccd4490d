import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { errorCode, gql, signIn, signInAsNew, startPortal, type TestPortal } from './portal';

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
    expect((await gql<Sessoes>(portal, SESSOES, {}, me.token)).data!.minhasSessoes).toEqual([]);
    // Someone else's session is untouched.
    expect((await gql<Sessoes>(portal, SESSOES, {}, other.token)).data!.minhasSessoes).toHaveLength(1);
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
