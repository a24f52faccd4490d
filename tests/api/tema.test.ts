import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propriedades } from '../../server/db/schema';
import { DEMO, gql, signIn, startPortal, type TestPortal } from './portal';

let portal: TestPortal;
let token: string;
beforeAll(async () => {
  portal = await startPortal({ PORTAL_THEME: 'boreal' });
  token = (await signIn(portal, DEMO.dealer)).access_token;
});
afterAll(() => portal?.close());

const theme = async () =>
  (await gql<{ menuUsuarioLogado: { theme: string } }>(portal, '{ menuUsuarioLogado { theme } }', {}, token)).data
    ?.menuUsuarioLogado.theme;

describe('theme of the portal', () => {
  it('comes from PORTAL_THEME, a propriedades row overrides it, and an unknown stored id falls back', async () => {
    expect(await theme()).toBe('boreal');
    await portal.database.db.insert(propriedades).values({ chave: 'theme', valor: 'fenix' });
    expect(await theme()).toBe('fenix');
    await portal.database.db.update(propriedades).set({ valor: 'rosa' });
    expect(await theme()).toBe('boreal');
  });
});
