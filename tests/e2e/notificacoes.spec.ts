import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { es } from '../../i18n/es';
import { NODE_FLAGS } from '../../scripts/nodeProcess';
import { violations } from './axe';
import { settle, signIn, skipTour } from './helpers';
import { E2E_PORT, e2ePaths, launch, type ServerHandle } from './server';

// The demo dealer user reads Spanish.
const shell = es.shell;
const n = es.notificacoes;
const dataDir = path.join(e2ePaths.root, 'data', 'e2e-notificacoes');
let server: ServerHandle;

/**
 * Its own portal: the notifications are written into its database by the server's notify()
 * (tests/e2e/seedNotificacoes.ts) before it starts, as nothing in the portal yet sends one to a
 * chosen user. The embedded database is the server's alone while it runs.
 */
test.beforeAll(async () => {
  test.setTimeout(180_000);
  rmSync(dataDir, { recursive: true, force: true });
  const seed = spawnSync(
    process.execPath,
    [...NODE_FLAGS, '--import', 'tsx', 'tests/e2e/seedNotificacoes.ts', dataDir],
    {
      cwd: e2ePaths.root,
      encoding: 'utf8',
    },
  );
  expect(seed.status, seed.stderr).toBe(0);
  server = await launch({
    port: E2E_PORT + 20,
    dataDir,
    log: path.join(e2ePaths.results, 'e2e-notificacoes-server.log'),
    command: 'server only',
  });
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
test.use({ baseURL: `http://localhost:${E2E_PORT + 20}` });

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notificaciones/ });
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
const panel = (page: Page) => page.getByRole('dialog', { name: shell.notifications });

test('the dealer sees the unread count, reads the panel, follows a link and the count is 0; /notificacoes marks all read', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await skipTour(page);
  await signIn(page, 'dealer@portal.test', /^Hola, Diego/);

  // The count, on the badge and in the bell's name.
  await expect(bell(page)).toHaveAccessibleName('Notificaciones: 3 nuevas');
  await expect(bell(page)).toContainText('3');

  // The panel: recent first, the text sanitised, the reader's name filled in; at 375 px it takes
  // the screen's width and the page does not scroll sideways.
  await bell(page).click();
  const dialog = panel(page);
  const recent = dialog.getByRole('region', { name: shell.notificationPanel.recent });
  await expect(recent.getByRole('listitem')).toHaveCount(3);
  await expect(recent.getByRole('heading', { level: 3 }).nth(1)).toHaveText(/^Atualize seus dados/);
  await expect(recent.getByText('Olá Diego Dealer, confira')).toBeVisible();
  expect(await page.evaluate(() => 'hacked' in window)).toBe(false);
  await settle(page);
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(box.width).toBeGreaterThan(370);
  expect(box.height).toBeCloseTo(812 / 2, -1);
  expect(await scrollsSideways(page), 'panel at 375 px').toBe(false);
  expect(await violations(page, 'panel at 375 px')).toEqual([]);

  // An address elsewhere opens in a new tab; a portal path opens here, closing the panel: its
  // notifications are seen, the count is 0 at once and stays 0 on the server.
  await expect(recent.getByRole('link', { name: /^Tabela de preços publicada/ })).toHaveAttribute('target', '_blank');
  await recent.getByRole('link', { name: 'Atualize seus dados' }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);
  await expect(dialog).toBeHidden();
  await expect(bell(page)).toHaveAccessibleName(shell.notifications);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName(shell.notifications);

  // Opened again, they are older ones; the footer leads to /notificacoes.
  await page.setViewportSize({ width: 1280, height: 800 });
  await bell(page).click();
  await expect(dialog.getByRole('region', { name: shell.notificationPanel.older }).getByRole('listitem')).toHaveCount(
    3,
  );
  await dialog.getByRole('link', { name: shell.notificationPanel.seeAll }).click();
  await expect(page).toHaveURL(/\/notificacoes$/);
  await expect(dialog).toBeHidden();

  // /notificacoes: the followed one is read, the two others not; mark all read.
  const list = page.getByRole('list', { name: n.lista });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('button', { name: new RegExp(`^${n.marcarLida}:`) })).toHaveCount(2);
  await settle(page);
  expect(await violations(page, '/notificacoes at 1280 px')).toEqual([]);
  await page.getByRole('button', { name: n.marcarTodas }).click();
  await expect(page.getByText('2 notificaciones marcadas como leídas')).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`^${n.marcarLida}:`) })).toHaveCount(0);
  await page.getByRole('switch', { name: n.somenteNaoLidas }).click();
  await expect(page.getByText(n.vazioNaoLidas)).toBeVisible();
  await settle(page);
  expect(await violations(page, '/notificacoes empty at 1280 px')).toEqual([]);

  // Read on the server too, and the page fits the narrowest screen.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByText(`· ${n.naoLida}`)).toHaveCount(0);
  await settle(page);
  expect(await scrollsSideways(page), '375 px /notificacoes').toBe(false);
  await expect(bell(page)).toBeInViewport({ ratio: 1 });
  expect(await violations(page, '/notificacoes at 375 px')).toEqual([]);
  for (const width of [768, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    expect(await scrollsSideways(page), `${width} px /notificacoes`).toBe(false);
    await expect(page.getByRole('button', { name: n.marcarTodas })).toBeInViewport();
  }
});
