import { expect, test } from '@playwright/test';
import { ptBR } from '../../i18n/pt-BR';
import { signIn } from './helpers';

const t = ptBR.superAdmin;

test('the provider staff sets a product staging URI and runs a synchronisation, seeing its result', async ({
  page,
}) => {
  await signIn(page, 'super@portal.test', 'Olá, Super Administrador');
  await page.goto('/superAdmin');
  await expect(page.getByRole('heading', { level: 1, name: 'Super admin' })).toBeVisible();

  // Product: the URI comes from the product chosen; the change is saved after confirmation.
  await page.getByRole('combobox', { name: /Produto/ }).click();
  await page.getByRole('option', { name: 'Peças' }).click();
  const uri = page.getByRole('textbox', { name: /URI base de homologação/ });
  await expect(uri).toHaveValue('https://homolog.pecas.portal.test');
  await uri.fill('');
  await expect(uri).toHaveValue('');
  await page.getByRole('button', { name: t.produto.save }).click();
  await expect(page.getByText(ptBR.validation.required)).toBeVisible();
  await uri.fill('https://staging-e2e.pecas.portal.test');
  await page.getByRole('button', { name: t.produto.save }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Salvar o produto Peças?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Produto Peças atualizado.')).toBeVisible();

  // Saved on the server: a fresh page shows the new URI.
  await page.reload();
  await page.getByRole('combobox', { name: /Produto/ }).click();
  await page.getByRole('option', { name: 'Peças' }).click();
  await expect(page.getByRole('textbox', { name: /URI base de homologação/ })).toHaveValue(
    'https://staging-e2e.pecas.portal.test',
  );

  // Synchronisation: queued after confirmation, then its progress and result on the tab.
  await page.getByRole('tab', { name: t.tabs.sincronizacao }).click();
  const dealers = page.getByRole('region', { name: t.sincronizacao.dealers.title });
  await dealers.getByRole('button', { name: t.sincronizacao.dealers.run }).click();
  await expect(dialog.getByText(t.sincronizacao.dealers.confirmTitle)).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText(t.sincronizacao.dealers.success)).toBeVisible();
  await expect(dealers.getByText(t.jobs.status.CONCLUIDO, { exact: true })).toBeVisible();
  await expect(dealers.getByText(/^Dealers inativados: \d+$/)).toBeVisible();
  await expect(dealers.getByText(/\(100%\)$/)).toBeVisible();
  await expect(dealers.getByRole('button', { name: t.sincronizacao.dealers.run })).toBeEnabled();
});

test('a manufacturer user opening /superAdmin is sent to /home', async ({ page }) => {
  await signIn(page, 'montadora@portal.test', 'Olá, Marina Montadora');
  await page.goto('/superAdmin');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Olá, Marina Montadora' })).toBeVisible();
});

test('at 375 px the toast of an invalid report definition leaves Save free to press', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'super@portal.test', 'Olá, Super Administrador');
  await page.goto('/relatorios/novo');
  const salvar = page.getByRole('button', { name: ptBR.ra.action.save, exact: true });
  await page.getByRole('textbox', { name: new RegExp(`^${ptBR.relatorios.fields.slug}`) }).fill('x');
  await salvar.click();
  const toast = page.locator('.MuiSnackbar-root').filter({ hasText: ptBR.ra.message.invalid_form });
  await expect(toast).toBeVisible();
  const [caixaToast, caixaSalvar] = [await toast.boundingBox(), await salvar.boundingBox()];
  // Save sits on the toolbar fixed to the bottom of a phone's screen; the toast lies above it.
  expect(caixaToast!.y + caixaToast!.height, 'the toast covers Save').toBeLessThanOrEqual(caixaSalvar!.y);
  await salvar.click({ trial: true, timeout: 2_000 });
});
