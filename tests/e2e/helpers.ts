import { expect, type Locator, type Page } from '@playwright/test';
import { ptBR, type Messages } from '../../i18n/pt-BR';

export const PASSWORD = 'Portal@2026';

/** Opens the portal, is sent to the identity server's sign-in page, signs in and waits for home. */
export async function signIn(page: Page, email: string, greeting: string | RegExp, password = PASSWORD) {
  await page.goto('/');
  // The app loads before it sends the visitor to the identity server (a heavy first load, as below).
  await expect(page).toHaveURL(/\/interaction\//, { timeout: 30_000 });
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('button[type=submit]').click();
  // The app's first load after the sign-in (every bundle, then the session's reads) is the heaviest
  // step of a journey: on a loaded machine it outlasts the 10 s of an ordinary expectation.
  await expect(page.getByRole('heading', { name: greeting })).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/home$/);
}

/**
 * The keyboard focus ring of a control built on MUI's ButtonBase, drawn by `ring` (a checkbox's is
 * its input's parent): a solid outline, not only MUI's faint ripple (the theme's focusRing).
 */
export async function expectFocusRing(ring: Locator) {
  const style = await ring.evaluate((element) => {
    const computed = getComputedStyle(element);
    return `${computed.outlineStyle} ${computed.outlineWidth}`;
  });
  expect(style).toBe('solid 2px');
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
 * and no running transition (a label moving as its field fills in is mid-colour meanwhile). An
 * endless animation never ends and is left alone: the pulse of a button focused by keyboard.
 */
export async function settle(page: Page) {
  // Two frames first: the new route renders and starts its requests (and so shows its loader).
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(
    () =>
      !document.querySelector(
        '[role="progressbar"]:not([aria-valuenow]), .MuiSkeleton-root, .RaLoadingIndicator-loader, .RaLoading-root',
      ) &&
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
  );
}

/**
 * Answers that the signed-in user has seen the first-visit menu tour (and any other `tours`), so it
 * does not open over a test about something else (it opens by itself a second after the menu appears).
 */
export async function skipTour(page: Page, tours: string[] = ['HOME']) {
  // The tour reads usuarioLogado.onboardingsVistos (fetched once at sign-in): the server's answer
  // goes through with HOME added.
  await page.route('**/graphql', async (route) => {
    if (!(route.request().postData() ?? '').includes('usuarioLogado { usuarioLogado')) return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as { data?: { usuarioLogado?: { onboardingsVistos: string[] } } };
    body.data?.usuarioLogado?.onboardingsVistos.push(...tours);
    await route.fulfill({ response, json: body });
  });
}

/** Opens the menu from the top bar and answers it. */
export async function openMenu(page: Page, catalog = ptBR) {
  await page.getByRole('button', { name: catalog.shell.menu.open }).click();
  return page.getByRole('navigation', { name: catalog.shell.menu.navigation });
}

/** The paths the open menu links to, sorted. */
export const menuPaths = (page: Page, catalog = ptBR) =>
  page
    .getByRole('navigation', { name: catalog.shell.menu.navigation })
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname).sort());

/** The page does not scroll sideways, and the top bar's four controls are on screen (in the user's language). */
export async function expectFits(page: Page, where: string, catalog: Messages = ptBR) {
  await settle(page);
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${where}: scrolls sideways`).toBeLessThanOrEqual(clientWidth);
  const bar = page.getByRole('banner');
  const shell = catalog.shell;
  const before = (message: string) => new RegExp(`^${message.split('%{')[0]}`);
  for (const name of [
    shell.menu.open,
    before(shell.languageCurrent),
    shell.notifications,
    before(shell.account.open),
  ]) {
    await expect(bar.getByRole('button', { name }), `${where}: ${name}`).toBeInViewport({ ratio: 1 });
  }
}

/** Chooses `option` in the select labelled `label`. */
export async function chooseIn(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Picks an option of an autocomplete; the list re-renders while its choices load, so open and
 * click again until the choice shows as a chip.
 */
export async function pickOption(page: Page, label: RegExp, option: string, search?: string) {
  const chip = page.getByRole('button', { name: option });
  await expect(async () => {
    // Chosen by a try whose own check ran out (a loaded machine): done.
    if (await chip.isVisible()) return;
    const combobox = page.getByRole('combobox', { name: label });
    await combobox.click();
    if (search) await combobox.fill(search);
    await page.getByRole('option', { name: option }).click({ timeout: 2000 });
    await expect(chip).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

export async function addTag(page: Page, label: RegExp, value: string) {
  const field = page.getByRole('textbox', { name: label });
  await field.fill(value);
  await field.press('Enter');
}

/** What the focused element is called: its label, or its own text. */
export const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    const byIds = (ids: string) =>
      ids
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    const name =
      el.getAttribute('aria-label') ??
      (el.getAttribute('aria-labelledby') && byIds(el.getAttribute('aria-labelledby')!)) ??
      ((el as HTMLInputElement).labels?.[0]?.textContent || el.textContent || '');
    const role = el.getAttribute('role') ?? (el instanceof HTMLInputElement ? el.type : el.localName);
    return `${role}:${name.replace(/[\s\u200b*]+/g, ' ').trim()}`;
  });

/** Presses Tab until `target` has the focus; answers what the focus went through. */
export async function tabTo(page: Page, target: string, limit = 60): Promise<string[]> {
  const path: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    path.push(now);
    if (now === target) return path;
  }
  throw new Error(`Tab never reached ${target}: ${path.join(' | ')}`);
}
