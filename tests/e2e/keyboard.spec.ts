import { expect, test, type Locator, type Page } from '@playwright/test';
import { ptBR } from '../../i18n/pt-BR';
import { expectFocusRing, PASSWORD } from './helpers';

/** Presses Tab until `target` has the focus (at most `max` times). */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('with the keyboard only, a manager signs in, opens a dealer from the list, changes it and saves', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/interaction\//);
  // The e-mail field has the focus on arrival.
  await page.keyboard.type('montadora@portal.test');
  await page.keyboard.press('Tab');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Olá, Marina Montadora' })).toBeVisible();

  // The first-visit tour takes the focus; Esc closes it and gives it back.
  await expect(page.getByRole('dialog', { name: ptBR.shell.tour.menuButton.title })).toBeFocused();
  await page.keyboard.press('Escape');

  // The menu search, then the arrow down into the results, then Enter.
  await tabTo(page, page.getByRole('searchbox', { name: ptBR.shell.menu.search }));
  await page.keyboard.type('dealers');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('link', { name: 'Dealers', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dealers$/);

  // Tab reaches the rows; Enter opens one.
  const row = page.getByRole('row').nth(1);
  await tabTo(page, row);
  const nome = (await row.getByRole('cell').first().textContent())!;
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dealers\/\d+$/);

  const razaoSocial = page.getByRole('textbox', { name: /Razão social/ });
  await tabTo(page, razaoSocial);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(`${nome} Comércio de Veículos por Teclado Ltda`);
  // Through the wizard's steps with Enter on its buttons, then save.
  for (let step = 2; step <= 4; step++) {
    await tabTo(page, page.getByRole('button', { name: ptBR.wizard.next }));
    await expectFocusRing(page.getByRole('button', { name: ptBR.wizard.next }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('progressbar', { name: new RegExp(`^Passo ${step} de 4`) })).toBeVisible();
  }
  await tabTo(page, page.getByRole('button', { name: ptBR.wizard.save }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Dealer ${nome} salvo`)).toBeVisible();
});
