import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../../scripts/chromium';
import { violations } from './axe';
import { ptBR } from '../../i18n/pt-BR';
import { expectFits, settle, signIn, skipTour } from './helpers';

// Web Push from My account (issue #27): the browser's permission is asked only from the button,
// the service worker is registered at the site root, and the subscription reaches the server,
// which lists the device until it is removed. The sandbox reaches no real push service, so one
// journey replaces the browser's PushManager (the push service's side), never our server.

// The full browser: the journeys' headless shell (scripts/chromium.ts) has no Push API, so the portal
// rightly offers no push there.
test.use({ launchOptions: CHROMIUM_LAUNCH });

const push = ptBR.push;
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

async function openMinhaConta(page: Page) {
  await skipTour(page);
  await signIn(page, 'montadora@portal.test', 'Olá, Marina Montadora');
  await page.goto('/minha-conta');
  await expect(page.getByRole('heading', { name: push.title })).toBeVisible();
  await settle(page);
}

const registrations = (page: Page) =>
  page.evaluate(async () =>
    (await navigator.serviceWorker.getRegistrations()).map((r) => ({
      scope: r.scope,
      script: (r.active ?? r.waiting ?? r.installing)?.scriptURL ?? '',
    })),
  );

test.describe('with notifications allowed', () => {
  test.use({ permissions: ['notifications'] });

  test('the button registers the service worker at the root and subscribes only when clicked', async ({ page }) => {
    await openMinhaConta(page);
    // Nothing happens on page load: no service worker yet.
    expect(await registrations(page)).toEqual([]);
    await page.getByRole('button', { name: push.ativar }).click();
    await expect
      .poll(() => registrations(page))
      .toEqual([{ scope: expect.stringMatching(/\/$/), script: expect.stringMatching(/\/sw\.js$/) }]);
    // Chromium here reaches no push service: either subscribed or the failure is said, never stuck.
    await expect(page.getByText(push.ativo).or(page.getByText(push.erro))).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: push.ativando })).toHaveCount(0);
  });

  test('a subscription reaches the server, the device is listed as this one and can be removed', async ({ page }) => {
    // The browser's push service: a subscription as Chrome's would be, for a fake FCM address.
    await page.addInitScript(() => {
      const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${Math.random().toString(36).slice(2)}`;
      const b64 = (bytes: Uint8Array) =>
        btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      const key = new Uint8Array(65);
      key[0] = 4;
      let current: unknown = null;
      const fake = {
        endpoint,
        options: { applicationServerKey: null },
        toJSON: () => ({ endpoint, keys: { auth: b64(new Uint8Array(16).fill(7)), p256dh: b64(key.fill(9, 1)) } }),
        unsubscribe: async () => ((current = null), true),
      };
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        fake.options.applicationServerKey = (options?.applicationServerKey as never) ?? null;
        current = fake;
        return fake as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
    });
    await openMinhaConta(page);
    await expect(page.getByText(push.vazio)).toBeVisible();
    const stored = page.waitForResponse(
      (r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('gerarPushSubscription'),
    );
    await page.getByRole('button', { name: push.ativar }).click();
    const answer = (await (await stored).json()) as { data?: { result?: { id: string } }; errors?: unknown };
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.result?.id).toBeTruthy();
    await expect(page.getByText(push.ativo)).toBeVisible();
    const devices = page.getByRole('table', { name: push.dispositivos });
    await expect(devices.getByRole('row')).toHaveCount(2);
    await expect(devices.getByText(push.esteDispositivo)).toBeVisible();
    await expect(devices.getByText(/Chrome em Linux/)).toBeVisible();

    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      // From the top: scrolled, a field passing under the fixed app bar is "partially obscured"
      // for axe's target size, depending on where the last click left the page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await settle(page);
      expect(await violations(page, `My account at ${width} px`)).toEqual([]);
      await expectFits(page, `My account at ${width} px`);
    }

    await devices.getByRole('button', { name: /^Remover Chrome em Linux/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: push.remover }).click();
    await expect(page.getByText(push.vazio)).toBeVisible();
    // This very browser was the one removed: it is offered the button again.
    await expect(page.getByRole('button', { name: push.ativar })).toBeVisible();
  });
});

test('a refused permission is remembered and said, and the button stays', async ({ page }) => {
  await page.context().clearPermissions();
  await openMinhaConta(page);
  await page.evaluate(() => {
    // The browser's prompt, answered "block" (headless Chromium has no prompt to click).
    Notification.requestPermission = async () => 'denied';
  });
  await page.getByRole('button', { name: push.ativar }).click();
  await expect(page.getByText(push.recusado)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('portal.push.recusado'))).toBe('1');
  await page.reload();
  await expect(page.getByText(push.recusado)).toBeVisible();
  await expect(page.getByRole('button', { name: push.ativar })).toBeVisible();
});

test('Safari (the browser family the spec excludes) is not offered the button', async ({ browser }) => {
  const context = await browser.newContext({ userAgent: SAFARI });
  const page = await context.newPage();
  try {
    await openMinhaConta(page);
    await expect(page.getByText(push.naoSuportado)).toBeVisible();
    await expect(page.getByRole('button', { name: push.ativar })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
