import { expect, test } from '@playwright/test';
import { navigateInApp, signIn } from './helpers';

test('a user switches the language and it stays after reloading and signing in again', async ({ page }) => {
  await signIn(page, 'super@portal.test', 'Olá, Super Administrador');
  // The top bar's language menu.
  await page.getByRole('button', { name: 'Idioma: Português' }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Hello, Super Administrador' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Hello, Super Administrador' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Language: English' })).toBeVisible();

  // The language is the user's, kept on the server: a fresh browser shows it after sign-in.
  const fresh = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const other = await fresh.newPage();
  await signIn(other, 'super@portal.test', 'Hello, Super Administrador');
  // The field of /minha-conta.
  await navigateInApp(other, '/minha-conta');
  await other.getByRole('combobox', { name: 'Language' }).click();
  await other.getByRole('option', { name: 'Português' }).click();
  // The portal reloads in the language chosen.
  await expect(other.getByRole('button', { name: 'Idioma: Português' })).toBeVisible();
  await expect(other.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
  await fresh.close();
});
