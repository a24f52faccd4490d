import { expect, test, type Page } from '@playwright/test';
import axe from 'axe-core';
import { ptBR } from '../../i18n/pt-BR';
import { expectFits, navigateInApp, pickOption, settle, signIn, skipTour } from './helpers';

// Issue #27's generic notifications: the manufacturer writes a model, reopens and edits it (its
// second version shows), writes a notification from it to the group holding the demo dealer and
// sends it now; the dealer then has it. List and form at 375 and 1280 px, axe on both.

const n = ptBR.notificacoesGenericas;
test.describe.configure({ timeout: 180_000 });

/** Serious and critical WCAG 2.2 AA violations of the page as it stands, one line each. */
async function violations(page: Page, where: string): Promise<string[]> {
  await settle(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const found = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe
      .run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
        resultTypes: ['violations'],
      })
      .then((results) =>
        results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} at ${v.nodes.map((node) => node.target.join(' ')).join('; ')}`),
      ),
  );
  return found.map((line) => `${where}: ${line}`);
}

const editor = (page: Page) => page.locator('.ProseMirror');

/** The dealer's unread count, asked of the API with the token the signed-in page holds. */
async function unreadTitles(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))!;
    const { access_token } = JSON.parse(localStorage.getItem(key)!) as { access_token: string };
    const response = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
      body: JSON.stringify({ query: '{ countNotificacoesNaoLidas notificacoesMenu { titulo texto } }' }),
    });
    const { data } = (await response.json()) as {
      data: { countNotificacoesNaoLidas: number; notificacoesMenu: { titulo: string; texto: string }[] };
    };
    return data.countNotificacoesNaoLidas > 0 ? data.notificacoesMenu.map((m) => `${m.titulo}|${m.texto}`) : [];
  });
}

test('the manufacturer writes a model, edits it to a second version, sends a notification from it to the dealer’s group, and the dealer has it', async ({
  page,
  browser,
}) => {
  const stamp = Date.now();
  const modelo = `Modelo E2E ${stamp}`;
  const found: string[] = [];
  await page.setViewportSize({ width: 1280, height: 900 });
  await skipTour(page);
  await signIn(page, 'montadora@portal.test', 'Olá, Marina Montadora');

  // The list, models tab: empty or not, it passes axe at both widths.
  await navigateInApp(page, '/notificacoesGenericas?tipo=modelo');
  await expect(page.getByRole('tab', { name: n.abas.modelo })).toHaveAttribute('aria-selected', 'true');
  found.push(...(await violations(page, 'list 1280')));
  await page.setViewportSize({ width: 375, height: 800 });
  await expectFits(page, 'list 375');
  found.push(...(await violations(page, 'list 375')));
  await page.setViewportSize({ width: 1280, height: 900 });

  // A model with a placeholder.
  await page.getByRole('link', { name: n.novo.modelo }).click();
  await expect(page).toHaveURL(/\/notificacoesGenericas\/nova\/modelo$/);
  await settle(page);
  await page.getByRole('textbox', { name: n.fields.titulo }).fill(modelo);
  await editor(page).click();
  await page.keyboard.type('Olá {nome}, há novidades na rede.');
  await expect(editor(page)).toHaveText('Olá {nome}, há novidades na rede.');
  await page.getByRole('button', { name: n.salvar }).click();
  await expect(page).toHaveURL(/\/notificacoesGenericas\/editar\/modelo\/\d+$/);
  const versoes = page.getByRole('region', { name: n.versoes });
  await expect(versoes.getByRole('heading', { name: /^Versão 1 ·/ })).toBeVisible();

  // Reopened from the list, edited and saved: version 2, and version 1 still readable.
  await navigateInApp(page, '/notificacoesGenericas?tipo=modelo');
  await page.getByRole('link', { name: modelo }).click();
  await settle(page);
  await page.getByRole('textbox', { name: n.fields.titulo }).fill(`${modelo} v2`);
  await page.getByRole('button', { name: n.salvar }).click();
  await expect(versoes.getByRole('heading', { name: /^Versão 2 ·/ })).toBeVisible();
  await expect(versoes.getByText(modelo, { exact: true })).toBeVisible();

  // A notification from the model, to the group of the dealer's network, sent now.
  await navigateInApp(page, '/notificacoesGenericas/nova/comModelo');
  await page.getByRole('combobox', { name: n.fields.modeloId }).click();
  await page.getByRole('option', { name: `${modelo} v2` }).click();
  await expect(page.getByRole('textbox', { name: n.fields.titulo })).toHaveValue(`${modelo} v2`);
  await expect(editor(page)).toContainText('Olá {nome}');
  const titulo = `Aviso E2E ${stamp}`;
  await page.getByRole('textbox', { name: n.fields.titulo }).fill(titulo);
  await pickOption(page, new RegExp(`^${n.fields.grupoIds}`), 'Rede Aurora Motors');
  await expect(page.getByTestId('previa-destinatarios')).toHaveText(/^Destinatários: [1-9]\d*$/);
  found.push(...(await violations(page, 'form 1280')));
  await page.setViewportSize({ width: 375, height: 800 });
  await expectFits(page, 'form 375');
  found.push(...(await violations(page, 'form 375')));
  await page.setViewportSize({ width: 1280, height: 900 });
  const destinatarios = (await page.getByTestId('previa-destinatarios').textContent())!.replace(/\D/g, '');
  await page.getByRole('button', { name: n.enviar, exact: true }).click();
  await expect(page.getByText(`Notificação enviada a ${destinatarios} usuários`)).toBeVisible();
  // Sent: read only, with a copy button.
  await expect(page.getByText(n.somenteLeitura)).toBeVisible();
  await expect(page.getByRole('button', { name: n.copiar })).toBeVisible();
  expect(found).toEqual([]);

  // The dealer has it, with their own name in it.
  const dealer = await browser.newPage();
  await skipTour(dealer);
  await signIn(dealer, 'dealer@portal.test', 'Hola, Diego Dealer');
  expect(await unreadTitles(dealer)).toContain(`${titulo}|<p>Olá Diego Dealer, há novidades na rede.</p>`);
  await dealer.close();
});
