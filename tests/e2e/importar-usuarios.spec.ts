import { expect, test, type Page } from '@playwright/test';
import axe from 'axe-core';
import ExcelJS from 'exceljs';
import { checkDigits } from '../../domain/documentos';
import { COLUNAS_IMPORTACAO, tituloColuna } from '../../domain/importarUsuarios';
import { translate } from '../../i18n';
import { ptBR } from '../../i18n/pt-BR';
import { expectFits, navigateInApp, signIn, skipTour } from './helpers';

// Issue #15's journey: the provider's administrator downloads the template, fills it with good and
// bad rows, sends it through the page, watches the import reach its end and downloads the report
// of the rows that failed, with their reasons; the page at 375 px and its accessibility.

test.describe.configure({ timeout: 120_000 });

const p = ptBR.importarUsuarios.pagina;
const colunas = ptBR.importarUsuarios.colunas;
const cpfOf = (base: string) => base + checkDigits(base, 'cpf');

/** Serious and critical WCAG 2.2 AA violations of the page as it stands (as accessibility.spec.ts runs axe). */
async function violations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe
      .run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
        resultTypes: ['violations'],
      })
      .then((results) =>
        results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`),
      ),
  );
}

/** The values of a sheet's rows as text (first row included). */
function rowsOf(sheet: ExcelJS.Worksheet): (string | null)[][] {
  const rows: (string | null)[][] = [];
  sheet.eachRow((row) => {
    const values = (row.values as unknown[]).slice(1);
    rows.push(values.map((v) => (v === undefined || v === null ? null : String(v))));
  });
  return rows;
}

test('the administrator downloads the template, imports good and bad rows, watches the import finish and downloads the report of the failed rows', async ({
  page,
}) => {
  await skipTour(page);
  await signIn(page, 'super@portal.test', 'Olá, Super Administrador');
  await navigateInApp(page, '/importarUsuarios');
  await expect(page.getByRole('heading', { level: 1, name: ptBR.routes.importarUsuarios })).toBeVisible();

  // The template, in the user's language: the importer's headers in Portuguese and the instructions.
  const link = page.getByRole('link', { name: p.modelo });
  await expect(link).toHaveAttribute('href', '/ModeloImportacaoUsuarios.xlsx?idioma=PT_BR');
  const [modelo] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(modelo.suggestedFilename()).toBe('ModeloImportacaoUsuarios.xlsx');
  const template = new ExcelJS.Workbook();
  await template.xlsx.readFile(await modelo.path());
  const [dados, instrucoes] = template.worksheets;
  const headers = rowsOf(dados)[0] as string[];
  expect(headers).toEqual(COLUNAS_IMPORTACAO.map((c) => translate('PT_BR', tituloColuna(c.key))));
  expect(dados.actualRowCount).toBe(1);
  expect(instrucoes.name).toBe(ptBR.importarUsuarios.modelo.instrucoes);

  // A sheet filled on the template's headers: three good rows and two bad ones. The journeys share
  // one database: CPFs and e-mails differ from every other spec's (users.spec.ts uses 271828182...).
  const good = [1, 2, 3].map((n) => ({
    [colunas.nome.titulo]: `Importado E2E ${n}`,
    [colunas.email.titulo]: `importado.e2e.${n}@portal.test`,
    [colunas.cpf.titulo]: cpfOf(`57721566${n}`),
    [colunas.tipo.titulo]: 'MONTADORA',
    [colunas.idioma.titulo]: 'PT_BR',
    [colunas.marcas.titulo]: 'Aurora Motors',
  }));
  const badEmail = {
    [colunas.nome.titulo]: 'Sem E-mail Válido',
    [colunas.email.titulo]: 'nao-e-um-email',
    [colunas.cpf.titulo]: cpfOf('161803398'),
    [colunas.tipo.titulo]: 'MONTADORA',
    [colunas.marcas.titulo]: 'Aurora Motors',
  };
  const badBrand = {
    [colunas.nome.titulo]: 'Marca Desconhecida',
    [colunas.email.titulo]: 'marca.desconhecida.e2e@portal.test',
    [colunas.cpf.titulo]: cpfOf('141421356'),
    [colunas.tipo.titulo]: 'MONTADORA',
    [colunas.marcas.titulo]: 'Marca Inexistente',
  };
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(ptBR.importarUsuarios.modelo.planilha);
  sheet.addRow(headers);
  for (const row of [good[0], badEmail, good[1], badBrand, good[2]]) sheet.addRow(headers.map((h) => row[h] ?? null));
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());

  // Sent through the page (the picker's input), then its row reaches FINISHED.
  const fileName = 'usuarios-e2e.xlsx';
  await page.getByTestId('importacao-arquivo').setInputFiles({
    name: fileName,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  await expect(page.getByText(`Planilha ${fileName} recebida: a importação começa em instantes.`)).toBeVisible();
  const row = page.getByRole('table', { name: p.importacoes }).getByRole('row').filter({ hasText: fileName });
  await expect(row.getByText(p.status.FINISHED, { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(row).toContainText('100,00%');
  await expect(row).toContainText('5 de 5 linhas');
  await expect(row).toContainText('Criados: 3');
  await expect(row).toContainText('Atualizados: 0');
  await expect(row).toContainText('Com erro: 2');

  // Sending the same file again is refused with the server's message.
  await page.getByTestId('importacao-arquivo').setInputFiles({
    name: 'outro-nome.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  await expect(page.getByText(ptBR.importarUsuarios.upload.duplicado)).toBeVisible();

  // The error report: the two failed rows as they came, plus the reason in the author's language.
  const [relatorio] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `Baixar relatório de erros de ${fileName}` }).click(),
  ]);
  expect(relatorio.suggestedFilename()).toBe('ErrosImportacao-usuarios-e2e.xlsx');
  const report = new ExcelJS.Workbook();
  await report.xlsx.readFile(await relatorio.path());
  const [header, ...failed] = rowsOf(report.worksheets[0]);
  // The sheet's row number first, then the cells as they came and the reason.
  expect(header).toEqual([ptBR.importarUsuarios.relatorio.linha, ...headers, ptBR.importarUsuarios.relatorio.motivo]);
  expect(failed).toHaveLength(2);
  expect(failed.map((r) => r[0])).toEqual(['3', '5']);
  const motivo = 1 + headers.length;
  const at = (key: keyof typeof colunas) => 1 + headers.indexOf(colunas[key].titulo);
  expect(failed[0][at('email')]).toBe('nao-e-um-email');
  expect(failed[0][at('nome')]).toBe('Sem E-mail Válido');
  expect(failed[0][motivo]).toContain(`${colunas.email.titulo}: ${ptBR.validation.email}`);
  expect(failed[1][at('email')]).toBe('marca.desconhecida.e2e@portal.test');
  expect(failed[1][motivo]).toBe(
    `${colunas.marcas.titulo}: ${translate('PT_BR', 'importarUsuarios.linha.naoEncontrado', { valor: 'Marca Inexistente' })}`,
  );

  // The imported users exist.
  await navigateInApp(page, '/usuarios?filter=' + encodeURIComponent(JSON.stringify({ q: 'Importado E2E' })));
  for (const n of [1, 2, 3]) await expect(page.getByText(`importado.e2e.${n}@portal.test`)).toBeVisible();
  await expect(page.getByText('marca.desconhecida.e2e@portal.test')).toHaveCount(0);

  // Accessibility at desktop width and at 375 px, without sideways scroll.
  await navigateInApp(page, '/importarUsuarios');
  await expect(row).toBeVisible();
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  expect(await violations(page)).toEqual([]);

  await page.setViewportSize({ width: 375, height: 812 });
  const item = page.getByRole('list', { name: p.importacoes }).getByRole('listitem').filter({ hasText: fileName });
  await expect(item.getByRole('button', { name: `Baixar relatório de erros de ${fileName}` })).toBeVisible();
  await expectFits(page, '375 px /importarUsuarios');
  expect(await violations(page)).toEqual([]);

  // By keyboard: from the template link, Tab reaches the button that opens the picker (checked last:
  // a keyboard-focused MUI button pulses, which `settle` would wait for).
  await page.getByRole('link', { name: p.modelo }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: p.enviar })).toBeFocused();
});

test('an import with bad rows shows each failed row on the page, by sheet row and column, the unknown dealer alone', async ({
  page,
}) => {
  await skipTour(page);
  await signIn(page, 'super@portal.test', 'Olá, Super Administrador');
  await navigateInApp(page, '/importarUsuarios');
  const headers = COLUNAS_IMPORTACAO.map((c) => translate('PT_BR', tituloColuna(c.key)));
  const unknownCnpj = '60.221.407/6000-11';
  const rows = [
    {
      [colunas.nome.titulo]: 'Linha Boa E2E',
      [colunas.email.titulo]: 'linhas.e2e.boa@portal.test',
      [colunas.cpf.titulo]: cpfOf('662607015'),
      [colunas.tipo.titulo]: 'MONTADORA',
      [colunas.marcas.titulo]: 'Aurora Motors',
    },
    {
      // A dealer user at a dealer the portal does not know, with no position: only the dealer is wrong.
      [colunas.nome.titulo]: 'Dealer Desconhecido E2E',
      [colunas.email.titulo]: 'linhas.e2e.dealer@portal.test',
      [colunas.cpf.titulo]: cpfOf('299792458'),
      [colunas.tipo.titulo]: 'DEALER_GRUPO',
      [colunas.dealers.titulo]: unknownCnpj,
    },
    {
      [colunas.nome.titulo]: 'E-mail Ruim E2E',
      [colunas.email.titulo]: 'linhas-e2e-sem-arroba',
      [colunas.cpf.titulo]: cpfOf('602214076'),
      [colunas.tipo.titulo]: 'MONTADORA',
      [colunas.marcas.titulo]: 'Aurora Motors',
    },
  ];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(ptBR.importarUsuarios.modelo.planilha);
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(headers.map((h) => row[h] ?? null));
  const fileName = 'linhas-com-erro-e2e.xlsx';
  await page.getByTestId('importacao-arquivo').setInputFiles({
    name: fileName,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
  });
  const row = page.getByRole('table', { name: p.importacoes }).getByRole('row').filter({ hasText: fileName });
  await expect(row.getByText(p.status.FINISHED, { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(row).toContainText('Com erro: 2');

  await row.getByRole('button', { name: `Ver as linhas com erro de ${fileName}` }).click();
  const erros = page.getByRole('table', { name: `Linhas com erro de ${fileName}` });
  await expect(erros.getByRole('row')).toHaveText([
    'LinhaColunaMensagem',
    `3H · ${colunas.dealers.titulo}${translate('PT_BR', 'importarUsuarios.linha.naoEncontrado', { valor: unknownCnpj })}`,
    `4B · ${colunas.email.titulo}${ptBR.validation.email}`,
  ]);
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  expect(await violations(page)).toEqual([]);
  await expectFits(page, '1280 px /importarUsuarios with the failed rows');

  // At 768 px still a table, and at 375 px the same rows as blocks, both without sideways scroll.
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(erros.getByRole('row')).toHaveCount(3);
  await expectFits(page, '768 px /importarUsuarios with the failed rows');
  await page.setViewportSize({ width: 375, height: 812 });
  const lista = page.getByRole('list', { name: `Linhas com erro de ${fileName}` });
  await expect(lista.getByRole('listitem')).toHaveCount(2);
  await expect(lista.getByRole('listitem').first()).toContainText('Linha 3');
  await expect(lista.getByRole('listitem').first()).toContainText(unknownCnpj);
  await expectFits(page, '375 px /importarUsuarios with the failed rows');
  expect(await violations(page)).toEqual([]);
});
