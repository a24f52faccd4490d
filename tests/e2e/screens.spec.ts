import { expect, test } from '@playwright/test';
import { ptBR } from '../../i18n/pt-BR';
import { expectFits, settle, skipTour, signIn } from './helpers';

const shell = ptBR.shell;
const WIDTHS = [375, 768, 1280];

test('from 375 to 1280 px the home, dealer list, dealer and audit pages fit the screen, with menu, language, notifications and account at hand', async ({
  page,
}) => {
  await skipTour(page);
  await signIn(page, 'super@portal.test', 'Olá, Super Administrador');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page
      .getByRole('banner')
      .getByRole('link', { name: new RegExp(shell.home) })
      .click();
    await expect(page).toHaveURL(/\/home$/);
    await expectFits(page, `${width} px /home`);

    // The menu opens and leads to the dealer list (its search sits in the dropdown under 640 px).
    await page.getByRole('button', { name: shell.menu.open }).click();
    const menu = page.getByRole('navigation', { name: shell.menu.navigation });
    await menu.getByRole('link', { name: 'Dealers' }).click();
    await expect(page).toHaveURL(/\/dealers$/);
    await expect(menu).toBeHidden();
    await expectFits(page, `${width} px /dealers`);

    // Under 768 px the records are a list of links; from 768 px, table rows. Once the list is there:
    // while its code loads, the page before (the home, with a list of links of its own) stays.
    await expect(page.getByRole('heading', { level: 1, name: 'Dealers' })).toBeVisible();
    await settle(page);
    const first =
      width < 768 ? page.getByRole('main').getByRole('list').getByRole('link').first() : page.getByRole('row').nth(1);
    await first.click();
    await expect(page).toHaveURL(/\/dealers\/\d+$/);
    await expect(page.getByRole('progressbar', { name: /^Passo 1 de 4: / })).toBeVisible();
    await expectFits(page, `${width} px /dealers/:id`);

    await page.getByRole('link', { name: 'Auditoria' }).click();
    await expect(page).toHaveURL(/\/auditoria\/\d+\/DEALER$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Auditoria/ })).toBeVisible();
    await expectFits(page, `${width} px /auditoria/:id/DEALER`);

    // On the narrowest screen, language, notifications and account open from the bar.
    if (width !== WIDTHS[0]) continue;
    const bar = page.getByRole('banner');
    await bar.getByRole('button', { name: /^Idioma: / }).click();
    await expect(page.getByRole('menuitemradio', { name: 'English' })).toBeInViewport();
    await page.keyboard.press('Escape');
    await bar.getByRole('button', { name: shell.notifications }).click();
    await expect(page.getByRole('dialog', { name: shell.notifications })).toBeInViewport();
    await page.keyboard.press('Escape');
    await bar.getByRole('button', { name: /^Conta de / }).click();
    await expect(page.getByRole('menuitem', { name: shell.account.myAccount })).toBeInViewport();
    await page.keyboard.press('Escape');
  }
});
