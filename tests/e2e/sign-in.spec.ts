import { expect, test, type Page } from '@playwright/test';
import { E2E_ACCESS_TOKEN_TTL } from './server';
import { PASSWORD, signIn } from './helpers';

/** oidc-client-ts's stored user (`oidc.user:<authority>:<client>` in localStorage), or null. */
const storedUser = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { refresh_token: string }) : null;
  });

test.describe('signing in through the identity server', () => {
  const users = [
    { email: 'super@portal.test', greeting: 'Olá, Super Administrador', tipo: 'Tecsinapse' },
    { email: 'montadora@portal.test', greeting: 'Olá, Marina Montadora', tipo: 'Montadora' },
    { email: 'dealer@portal.test', greeting: 'Hola, Diego Dealer', tipo: 'Concesionario / Grupo' },
  ];
  for (const user of users) {
    test(`${user.email} signs in and is greeted in their language`, async ({ page }) => {
      await signIn(page, user.email, user.greeting);
      // Who is signed in, in the account menu: the e-mail and the user type, translated.
      await page.getByRole('button', { name: new RegExp(`^(Conta de|Cuenta de) `) }).click();
      const menu = page.getByRole('menu');
      await expect(menu.getByText(user.email, { exact: true })).toBeVisible();
      await expect(menu.getByText(user.tipo, { exact: true })).toBeVisible();
    });
  }

  test('a wrong password is refused on the sign-in page in the visitor language', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Entrar no portal' })).toBeVisible();
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to the portal' })).toBeVisible();
    await page.locator('#email').fill('super@portal.test');
    await page.locator('#password').fill('not-the-password');
    await page.locator('button[type=submit]').click();
    await expect(page.getByRole('alert')).toHaveText('Invalid e-mail or password.');
    await expect(page.locator('#email')).toHaveValue('super@portal.test');
  });

  test('signing out ends the session at the identity server, so the next visit asks for sign-in', async ({ page }) => {
    await signIn(page, 'super@portal.test', 'Olá, Super Administrador');
    await page.getByRole('button', { name: 'Conta de Super Administrador' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/interaction\//);
    await expect(page.locator('#email')).toBeVisible();
    await page.goto('/home');
    await expect(page).toHaveURL(/\/interaction\//);
  });

  test('the access token is refreshed before it expires and the session goes on', async ({ page }) => {
    await signIn(page, 'montadora@portal.test', 'Olá, Marina Montadora');
    const refresh = await page.waitForRequest(
      (request) =>
        request.url().endsWith('/oidc/token') && (request.postData() ?? '').includes('grant_type=refresh_token'),
      { timeout: (E2E_ACCESS_TOKEN_TTL + 10) * 1000 },
    );
    expect((await refresh.response())?.status()).toBe(200);
    // Past the first token's lifetime, the page still reads the API with the refreshed token.
    await page.waitForTimeout(6_000);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Olá, Marina Montadora' })).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('after its grant is revoked, the browser drops its session and signs in again instead of looping', async ({
    page,
  }) => {
    await page.clock.install();
    const callback = page.waitForRequest(/\/auth\/callback\?code=/);
    await signIn(page, 'montadora@portal.test', 'Olá, Marina Montadora');
    const usedCallback = (await callback).url();
    const user = await storedUser(page);
    // The refresh token is spent elsewhere and then replayed: the identity server revokes the grant.
    const form = { grant_type: 'refresh_token', refresh_token: user!.refresh_token, client_id: 'portal' };
    expect((await page.request.post('/oidc/token', { form })).status()).toBe(200);
    expect((await page.request.post('/oidc/token', { form })).status()).toBe(400);

    // Near the access token's end the browser's refresh is refused: it forgets the user and asks for sign-in.
    const refused = page.waitForResponse(
      (r) => r.url().endsWith('/oidc/token') && (r.request().postData() ?? '').includes('grant_type=refresh_token'),
    );
    await page.clock.fastForward(E2E_ACCESS_TOKEN_TTL * 1000);
    expect((await refused).status()).toBe(400);
    await expect(page).toHaveURL(/\/interaction\//);
    expect(await storedUser(page)).toBeNull();

    // Back to the callback URL already used (its code spent, its state gone): it ends on the sign-in page too.
    await page.goto(usedCallback);
    await expect(page).toHaveURL(/\/interaction\//);
    await page.locator('#email').fill('montadora@portal.test');
    await page.locator('#password').fill(PASSWORD);
    await page.locator('button[type=submit]').click();
    await expect(page.getByRole('heading', { name: 'Olá, Marina Montadora' })).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    expect(await storedUser(page)).not.toBeNull();
  });
});
