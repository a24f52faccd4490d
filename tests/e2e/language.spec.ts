import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('a user switches the language and it stays after reloading and signing in again', async ({ page }) => {
  await signIn(page, 'super@portal.test', 'Olá, Super Administrador');
  await page.getByRole('combobox', { name: 'Idioma' }).click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Hello, Super Administrador' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Hello, Super Administrador' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

  // The language is the user's, kept on the server: a fresh browser shows it after sign-in.
  const fresh = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const other = await fresh.newPage();
  await signIn(other, 'super@portal.test', 'Hello, Super Administrador');
  await other.getByRole('combobox', { name: 'Language' }).click();
  await other.getByRole('option', { name: 'Português' }).click();
  await expect(other.getByRole('heading', { name: 'Olá, Super Administrador' })).toBeVisible();
  await fresh.close();
});
