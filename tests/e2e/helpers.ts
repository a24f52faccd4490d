import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Portal@2026';

/** Opens the portal, is sent to the identity server's sign-in page, signs in and waits for home. */
export async function signIn(page: Page, email: string, greeting: string | RegExp, password = PASSWORD) {
  await page.goto('/');
  await expect(page).toHaveURL(/\/interaction\//);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('button[type=submit]').click();
  await expect(page.getByRole('heading', { name: greeting })).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
}
