import { cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { ThemeId } from '../../domain/themes';
import { e2ePaths, launch } from './server';
import { PASSWORD } from './helpers';

const SIZES = [
  { name: '1440', width: 1440, height: 900 },
  { name: '375', width: 375, height: 812 },
];
/**
 * PORTAL_THEME reaches the browser the same way for every theme id: three server starts prove the
 * path (the default, the one whose colour is asserted, one more). That the nine palettes differ and
 * read well is src/themes/themes.test.tsx's; the menu data carrying PORTAL_THEME is tests/api/tema.
 */
const STARTED: ThemeId[] = ['default', 'boreal', 'horizonte'];
const screenshots = path.join(e2ePaths.results, 'screenshots');
const dataRoot = path.join(e2ePaths.root, 'data', 'e2e-themes');

test('the colour theme is chosen by configuration, with screenshots of /home at 1440 and 375 px', async ({
  browser,
}) => {
  test.setTimeout(STARTED.length * 45_000);
  mkdirSync(screenshots, { recursive: true });
  rmSync(dataRoot, { recursive: true, force: true });
  const seeded = path.join(dataRoot, STARTED[0]);
  const barColours = new Map<string, string>();
  for (const theme of STARTED) {
    // The first start migrates and seeds; the others start on a copy of its database.
    const dataDir = path.join(dataRoot, theme);
    if (theme !== STARTED[0]) cpSync(seeded, dataDir, { recursive: true });
    const server = await launch({
      port: 3322,
      dataDir,
      log: path.join(e2ePaths.results, 'e2e-themes-server.log'),
      env: { PORTAL_THEME: theme },
      command: 'server only',
    });
    try {
      const context = await browser.newContext({ baseURL: server.url, locale: 'pt-BR' });
      const page = await context.newPage();
      await page.goto('/');
      await page.locator('#email').fill('super@portal.test');
      await page.locator('#password').fill(PASSWORD);
      await page.locator('button[type=submit]').click();
      await expect(page.getByRole('heading', { name: 'Olá, Super Administrador' })).toBeVisible();
      const bar = page.locator('header').first();
      barColours.set(theme, await bar.evaluate((el) => getComputedStyle(el).backgroundColor));
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.screenshot({ path: path.join(screenshots, `home-${theme}-${size.name}.png`), fullPage: true });
      }
      await context.close();
    } finally {
      await server.stop();
    }
  }
  expect(barColours.get('boreal')).toBe('rgb(46, 125, 50)');
  expect(new Set(barColours.values()).size).toBe(STARTED.length);
});
