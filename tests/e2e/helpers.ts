import { expect, type Page } from '@playwright/test';
import { ptBR } from '../../i18n/pt-BR';

export const PASSWORD = 'Portal@2026';

/**
 * Opens the portal, is sent to the identity server's sign-in page, signs in and waits for home.
 * The first-visit tour opens by itself a second after the menu loads, over whatever the journey is
 * doing; unless the test is about the tour (`tour: 'keep'`), it is closed whenever it shows, as a
 * user who knows the portal would.
 */
export async function signIn(
  page: Page,
  email: string,
  greeting: string | RegExp,
  password = PASSWORD,
  { tour = 'dismiss' }: { tour?: 'dismiss' | 'keep' } = {},
) {
  if (tour === 'dismiss') {
    // Its own close button, not Escape: a key press would reach whatever the journey has open.
    const tourDialog = page.getByRole('dialog', { name: ptBR.shell.tour.menuButton.title });
    await page.addLocatorHandler(tourDialog, () =>
      tourDialog.getByRole('button', { name: ptBR.shell.tour.close }).click(),
    );
  }
  await page.goto('/');
  await expect(page).toHaveURL(/\/interaction\//);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('button[type=submit]').click();
  await expect(page.getByRole('heading', { name: greeting })).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
}
