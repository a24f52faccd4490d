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

/**
 * Moves to `path` inside the app, as a menu link does: a full load per page would cost a start-up
 * each and could cut a token refresh short.
 */
export async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await settle(page);
}

/**
 * Waits until the page is at rest: no loading indicator (react-admin's, a lazy page's, a list's)
 * and no running transition (a label moving as its field fills in is mid-colour meanwhile).
 */
export async function settle(page: Page) {
  // Two frames first: the new route renders and starts its requests (and so shows its loader).
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(
    () =>
      !document.querySelector(
        '[role="progressbar"]:not([aria-valuenow]), .MuiSkeleton-root, .RaLoadingIndicator-loader, .RaLoading-root',
      ) && document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

/**
 * Answers that the signed-in user has seen the first-visit menu tour, so it does not open over a
 * test about something else (it opens by itself a second after the menu appears).
 */
export async function skipTour(page: Page) {
  // The tour reads usuarioLogado.onboardingsVistos (fetched once at sign-in): the server's answer
  // goes through with HOME added.
  await page.route('**/graphql', async (route) => {
    if (!(route.request().postData() ?? '').includes('usuarioLogado { usuarioLogado')) return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as { data?: { usuarioLogado?: { onboardingsVistos: string[] } } };
    body.data?.usuarioLogado?.onboardingsVistos.push('HOME');
    await route.fulfill({ response, json: body });
  });
}
