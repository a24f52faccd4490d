import { expect, test } from '@playwright/test';
import { E2E_ACCESS_TOKEN_TTL } from './server';
import { signIn } from './helpers';

test.describe('signing in through the identity server', () => {
  const users = [
    { email: 'super@portal.test', greeting: 'Olá, Super Administrador', tipo: 'Tecsinapse' },
    { email: 'montadora@portal.test', greeting: 'Olá, Marina Montadora', tipo: 'Montadora' },
    { email: 'dealer@portal.test', greeting: 'Hola, Diego Dealer', tipo: 'Concesionario / Grupo' },
  ];
  for (const user of users) {
    test(`${user.email} signs in and is greeted in their language`, async ({ page }) => {
      await signIn(page, user.email, user.greeting);
      await expect(page.getByText(`(${user.tipo})`)).toBeVisible();
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
    await page.getByRole('button', { name: 'Sair' }).click();
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
});
