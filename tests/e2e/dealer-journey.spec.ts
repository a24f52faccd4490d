import { expect, test, type Page } from '@playwright/test';
import { checkDigits } from '../../domain/documentos';
import { ptBR } from '../../i18n/pt-BR';
import { addTag, chooseIn, pickOption, signIn } from './helpers';

// Issue #4's journey: a manufacturer user (brand Cometa only) creates a group and a dealer in it,
// edits the dealer, inactivates the group (which inactivates the dealer) and reads the dealer's audit.

const d = ptBR.dealers;
const grupoNome = 'Grupo Jundiaí E2E';
const dealerNome = 'Cometa Jundiaí E2E';
const cnpjBase = '458273910001';
const cnpj = cnpjBase + checkDigits(cnpjBase, 'cnpj');

/**
 * Types in the list's search and waits until the list has taken it into its URL: the search is
 * debounced, and a click on a row before that would be undone when the filter lands.
 */
async function search(page: Page, text: string) {
  await page.getByPlaceholder('Buscar', { exact: true }).fill(text);
  await expect(page).toHaveURL(new RegExp(encodeURIComponent(JSON.stringify({ q: text }).slice(1, -1))));
}

test('a manufacturer creates a dealer, edits it, inactivates its group and reads its audit', async ({ page }) => {
  await signIn(page, 'fabio.ferreira.6@portal.test', 'Olá, Fábio Ferreira');
  // A first visit: the menu tour opens by itself over the page; finishing it records it as seen,
  // so it does not open again over the journey.
  await expect(page.getByRole('dialog', { name: ptBR.shell.tour.menuButton.title })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await page.getByRole('button', { name: ptBR.shell.tour.finish }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A new group of the user's brand.
  await page.goto('/grupos');
  await page.getByRole('link', { name: 'Criar' }).click();
  await expect(page).toHaveURL(/\/grupos\/novo$/);
  await page.getByRole('textbox', { name: /Nome/ }).fill(grupoNome);
  await pickOption(page, /Marcas/, 'Cometa Veículos');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(`${grupoNome} salvo`)).toBeVisible();
  await expect(page).toHaveURL(/\/grupos$/);

  // The dealer wizard: each step is checked before the next one.
  await page.goto('/dealers/novo');
  await expect(page.getByText('Passo 1 de 4')).toBeVisible();
  await page.getByRole('textbox', { name: /Nome de exibição/ }).fill(dealerNome);
  await page.getByRole('textbox', { name: /Razão social/ }).fill('Cometa 1234');
  await page.getByRole('textbox', { name: 'CNPJ', exact: true }).fill(cnpj);
  await expect(page.getByRole('textbox', { name: 'CNPJ', exact: true })).toHaveValue(
    /^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/,
  );
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expect(page.getByText(d.validation.razaoSocial)).toBeVisible();
  await expect(page.getByText(d.validation.codigoObrigatorio)).toBeVisible();
  await expect(page.getByText('Passo 1 de 4')).toBeVisible();
  await page.getByRole('textbox', { name: /Razão social/ }).fill('Cometa Jundiaí Comércio de Veículos Ltda');
  await addTag(page, /Código/, 'JDI-01');
  await chooseIn(page, /Divisão/, 'Vendas');
  await chooseIn(page, /Setor/, 'Veículos novos');
  await page.getByRole('button', { name: 'Avançar' }).click();

  await expect(page.getByText('Passo 2 de 4')).toBeVisible();
  await addTag(page, /Celular/, '11 3333-44445');
  await expect(page.getByText('Valor inválido')).toBeVisible();
  await addTag(page, /Celular/, '11988887777');
  await addTag(page, /Telefone/, '1133334444');
  await expect(page.getByRole('listitem').filter({ hasText: '(11) 98888-7777' })).toBeVisible();
  await page.getByRole('textbox', { name: /Cidade/ }).fill('Jundiaí');
  await page.getByRole('textbox', { name: /UF/ }).fill('SP');
  await page.getByRole('button', { name: 'Avançar' }).click();

  await expect(page.getByText('Passo 3 de 4')).toBeVisible();
  await pickOption(page, /Marcas/, 'Cometa Veículos');
  await pickOption(page, /Grupos econômicos/, grupoNome, 'Jundiaí');
  await page.getByRole('button', { name: 'Avançar' }).click();

  await expect(page.getByText('Passo 4 de 4')).toBeVisible();
  await page.getByRole('button', { name: d.complementares.add }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: d.complementares.save }).click();
  await expect(dialog.getByText(ptBR.validation.required).first()).toBeVisible();
  await chooseIn(page, /Produto/, 'Peças');
  await dialog.getByRole('textbox', { name: /URI/ }).fill('https://pecas.exemplo.test/jundiai');
  await dialog.getByRole('button', { name: d.complementares.save }).click();
  await expect(page.getByRole('cell', { name: 'https://pecas.exemplo.test/jundiai' })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(`Dealer ${dealerNome} salvo`)).toBeVisible();
  await expect(page).toHaveURL(/\/dealers$/);

  // The list finds it without accents; editing changes the company name.
  await search(page, 'cometa jundiai');
  const row = page.getByRole('row').filter({ hasText: dealerNome });
  await expect(row).toBeVisible();
  await expect(row.getByText('Ativo', { exact: true })).toBeVisible();
  await row.getByText(dealerNome).click();
  await expect(page.getByText(dealerNome, { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: /Razão social/ }).fill('Cometa Jundiaí Veículos e Serviços Ltda');
  for (let step = 0; step < 3; step++) await page.getByRole('button', { name: 'Avançar' }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(`Dealer ${dealerNome} salvo`)).toBeVisible();

  // Inactivating the group says what it touches, then inactivates the dealer with it.
  await page.goto('/grupos');
  await search(page, 'jundiai e2e');
  const grupoRow = page.getByRole('row').filter({ hasText: grupoNome });
  await grupoRow.getByRole('button', { name: 'Inativar' }).click();
  await expect(page.getByRole('dialog').getByText('inativar 1 dealer', { exact: true })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Inativar' }).click();
  await expect(page.getByText(`${grupoNome} inativado`)).toBeVisible();
  await expect(grupoRow.getByText('Inativo', { exact: true })).toBeVisible();

  await page.goto('/dealers');
  await search(page, 'cometa jundiai');
  await expect(
    page.getByRole('row').filter({ hasText: dealerNome }).getByText('Inativo', { exact: true }),
  ).toBeVisible();

  // The dealer's audit: newest first, and one change side by side.
  await page.getByRole('row').filter({ hasText: dealerNome }).getByText(dealerNome).click();
  await page.getByRole('link', { name: 'Auditoria' }).click();
  await expect(page).toHaveURL(/\/auditoria\/\d+\/DEALER$/);
  const rows = page.getByRole('table', { name: ptBR.auditoria.tabela }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Inativação em cascata');
  await expect(rows.nth(2)).toContainText('Alteração');
  await expect(rows.nth(3)).toContainText('Criação');
  await expect(rows.nth(1)).toContainText('Fábio Ferreira');
  await rows.nth(2).click();
  const change = page.getByRole('dialog');
  await expect(change.getByText('Cometa Jundiaí Comércio de Veículos Ltda')).toBeVisible();
  await expect(change.getByText('Cometa Jundiaí Veículos e Serviços Ltda')).toBeVisible();
});
