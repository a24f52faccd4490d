import { expect, test, type Page } from '@playwright/test';
import { es } from '../../i18n/es';
import { ptBR } from '../../i18n/pt-BR';
import { violations as axeViolations } from './axe';
import { expectFits, navigateInApp, pickOption, settle, signIn, skipTour } from './helpers';

// Issue #27's generic notifications: the manufacturer writes a model, reopens and edits it (its
// second version shows), writes a notification from it to the group holding the demo dealer and
// sends it now; the dealer sees it on the bell, follows its link, and the count is 0. List and form at 375 and 1280 px, axe on both.
// Provider staff schedules one, reopens it from the list, edits and reschedules it, and cancels the schedule.

const n = ptBR.notificacoesGenericas;
test.describe.configure({ timeout: 180_000 });

/** Serious and critical violations, after the page settled. */
async function violations(page: Page, where: string): Promise<string[]> {
  await settle(page);
  return axeViolations(page, where);
}

const editor = (page: Page) => page.locator('.ProseMirror');

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
  // Saved by keyboard: shown at its own address, the focus on Save again (not the page's body).
  await page.getByRole('button', { name: n.salvar }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/notificacoesGenericas\/editar\/modelo\/\d+$/);
  const versoes = page.getByRole('region', { name: n.versoes });
  await expect(versoes.getByRole('heading', { name: /^Versão 1 ·/ })).toBeVisible();
  await expect(page.getByRole('button', { name: n.salvar })).toBeFocused();

  // Reopened from the list, edited and saved: version 2, and version 1 still readable.
  await navigateInApp(page, '/notificacoesGenericas?tipo=modelo');
  await page.getByRole('link', { name: modelo }).click();
  await settle(page);
  await page.getByRole('textbox', { name: n.fields.titulo }).fill(`${modelo} v2`);
  await page.getByRole('button', { name: n.salvar }).click();
  await expect(versoes.getByRole('heading', { name: /^Versão 2 ·/ })).toBeVisible();
  await expect(page.getByRole('button', { name: n.salvar })).toBeFocused();
  await expect(versoes.getByText(modelo, { exact: true })).toBeVisible();

  // A notification from the model, to the group of the dealer's network, sent now.
  await navigateInApp(page, '/notificacoesGenericas/nova/comModelo');
  await page.getByRole('combobox', { name: n.fields.modeloId }).click();
  await page.getByRole('option', { name: `${modelo} v2` }).click();
  await expect(page.getByRole('textbox', { name: n.fields.titulo })).toHaveValue(`${modelo} v2`);
  await expect(editor(page)).toContainText('Olá {nome}');
  const titulo = `Aviso E2E ${stamp}`;
  await page.getByRole('textbox', { name: n.fields.titulo }).fill(titulo);
  await page.getByRole('textbox', { name: n.fields.link }).fill('/minha-conta');
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
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page.getByRole('button', { name: n.copiar })).toBeVisible();
  expect(found).toEqual([]);

  // The dealer (Spanish) sees it on the bell at sign-in (within one poll), with their own name in
  // the panel; following its link closes the panel and the count is 0, also after a reload.
  const dealer = await browser.newPage();
  await dealer.setViewportSize({ width: 375, height: 812 });
  await skipTour(dealer);
  await signIn(dealer, 'dealer@portal.test', 'Hola, Diego Dealer');
  const bell = dealer.getByRole('banner').getByRole('button', { name: /^Notificaciones/ });
  await expect(bell).toHaveAccessibleName(/^Notificaciones: \d+ nuevas?$/);
  await bell.click();
  const panel = dealer.getByRole('dialog', { name: es.shell.notifications });
  const item = panel.getByRole('listitem').filter({ hasText: titulo });
  await expect(item.getByText('Olá Diego Dealer, há novidades na rede.')).toBeVisible();
  expect(await violations(dealer, 'panel 375')).toEqual([]);
  await item.getByRole('link', { name: titulo }).click();
  await expect(dealer).toHaveURL(/\/minha-conta$/);
  await expect(panel).toBeHidden();
  await expect(bell).toHaveAccessibleName(es.shell.notifications);
  await dealer.reload();
  await expect(dealer.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(bell).toHaveAccessibleName(es.shell.notifications);
  await dealer.close();
});

test('provider staff schedules a notification, reopens it from the list to edit and reschedule it, then cancels the schedule', async ({
  page,
}) => {
  const titulo = `Agenda E2E ${Date.now()}`;
  // Local date and time strings of the datetime-local input, and the day as the page shows it.
  const daysAhead = (days: number, hour: number) => {
    const d = new Date();
    d.setDate(d.getDate() + days);
    d.setHours(hour, 0, 0, 0);
    const two = (v: number) => String(v).padStart(2, '0');
    return {
      input: `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(hour)}:00`,
      shown: `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()}`,
    };
  };
  const amanha = daysAhead(1, 10);
  const depois = daysAhead(2, 11);
  await page.setViewportSize({ width: 1280, height: 900 });
  await skipTour(page);
  await signIn(page, 'super@portal.test', 'Olá, Super Administrador');

  // Written without a model, to the dealer network's group, scheduled for tomorrow.
  await navigateInApp(page, '/notificacoesGenericas/nova/comModelo');
  await settle(page);
  await page.getByRole('textbox', { name: n.fields.titulo }).fill(titulo);
  await editor(page).click();
  await page.keyboard.type('Manutenção programada do portal.');
  await pickOption(page, new RegExp(`^${n.fields.grupoIds}`), 'Rede Aurora Motors');
  await page.getByRole('radio', { name: n.quando.agendar }).check();
  await page.getByLabel(n.fields.dataHoraAgendamento).fill(amanha.input);
  await page.getByRole('button', { name: n.agendar, exact: true }).click();
  await expect(page).toHaveURL(/\/notificacoesGenericas\/editar\/comModelo\/\d+$/);
  await expect(page.getByText(new RegExp(`^Agendada para ${amanha.shown}`))).toBeVisible();

  // Reopened from the notifications tab, retitled and moved to the day after: saved and rescheduled.
  await navigateInApp(page, '/notificacoesGenericas?tipo=comModelo');
  await page.getByRole('link', { name: titulo }).click();
  await settle(page);
  await expect(page.getByRole('radio', { name: n.quando.agendar })).toBeChecked();
  await page.getByRole('textbox', { name: n.fields.titulo }).fill(`${titulo} v2`);
  await page.getByLabel(n.fields.dataHoraAgendamento).fill(depois.input);
  await page.getByRole('button', { name: n.agendar, exact: true }).click();
  await expect(page.getByText(new RegExp(`^Agendada para ${depois.shown}`))).toBeVisible();
  await navigateInApp(page, '/notificacoesGenericas?tipo=comModelo');
  const row = page.getByRole('row').filter({ hasText: `${titulo} v2` });
  await expect(row.getByText(n.estados.agendada)).toBeVisible();

  // At 375 px the form fits; cancelling the schedule makes it a draft again, also after a reload.
  await row.getByRole('link', { name: `${titulo} v2` }).click();
  await settle(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectFits(page, 'staff form 375');
  await page.getByRole('button', { name: n.cancelarAgendamento }).click();
  await expect(page.getByText(n.agendamentoCancelado)).toBeVisible();
  await expect(page.getByRole('button', { name: n.salvar })).toBeFocused();
  await expect(page.getByText(/^Agendada para/)).toBeHidden();
  await page.reload();
  await expect(page.getByRole('textbox', { name: n.fields.titulo })).toHaveValue(`${titulo} v2`);
  await expect(page.getByText(/^Agendada para/)).toBeHidden();
  // The focus went back to Save after the cancel, so the page was scrolled to it (and the reload
  // keeps the scroll): from the top, as a toolbar under the sticky bar is "obscured" for axe.
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await violations(page, 'staff form 375')).toEqual([]);
});
