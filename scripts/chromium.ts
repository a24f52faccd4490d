import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../tests/oidcClient';

/** Debian's Chromium, started the way this machine's closed network needs (no background connections). */
export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * The journeys' browser: Debian's chromium-headless-shell, the same Chromium without the browser's
 * own UI, the one Playwright itself runs headless. On the same journeys it spends about a third
 * less CPU than the full browser in its headless mode (docs/benchmarks.md, "Test time", session 35).
 * The benches keep the full browser (CHROMIUM_LAUNCH), as users run it. `E2E_CHROMIUM` names
 * another binary (the full browser, to compare).
 */
export const JOURNEYS_LAUNCH = {
  ...CHROMIUM_LAUNCH,
  executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell',
};

/** Signs a demo user in through the portal's sign-in page at `url`, waiting for the home's `greeting`. */
export async function signInThroughPage(page: Page, url: string, email: string, greeting: string) {
  await page.goto(url);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.locator('button[type=submit]').click();
  await page.getByText(greeting).waitFor({ timeout: 60_000 });
}
