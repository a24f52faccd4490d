import { expect, test, type Browser, type Page } from '@playwright/test';
import axe from 'axe-core';
import { checkDigits } from '../../domain/documentos';
import { ptBR } from '../../i18n/pt-BR';
import {
  addTag,
  chooseIn,
  expectFits,
  menuPaths,
  navigateInApp,
  openMenu,
  pickOption,
  settle,
  signIn,
  skipTour,
} from './helpers';
import { mailbox } from './mailbox';
import { E2E_URL } from './server';

// Issue #13's journeys: a manager creates a user with both wizard steps; the new user sets a
// password from the welcome e-mail, signs in and sees only what the permissions allow; a view-only
// user lists users without any way to change them; the wizard at 375 px. Issue #25's: each type of
// user maintainer (provider staff, a manufacturer, a dealer-group user given the key) opens an
// existing user, changes something, saves, and finds the change when reopening.

const u = ptBR.usuarios;

// Each journey is two users' sessions (a whole wizard, then a first sign-in from the e-mail).
test.describe.configure({ timeout: 120_000 });
const NEW_PASSWORD = 'Bemvinda#2026';

const cpfOf = (base: string) => base + checkDigits(base, 'cpf');

/** Answers the set-password link of the welcome e-mail sent to `email`. */
async function welcomeLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const mail = mailbox().find(
        (received) => received.to.includes(email) && received.text.includes('conta no portal'),
      );
      link = mail?.text.match(/https?:\/\/\S+\?token=[\w-]+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return link!;
}

/** In a fresh browser context (nobody signed in): sets the password through the link and signs in. */
async function firstSignIn(browser: Browser, email: string, greeting: string, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ baseURL: E2E_URL, locale: 'pt-BR', viewport });
  const page = await context.newPage();
  await page.goto(await welcomeLink(email));
  await page.getByRole('textbox', { name: ptBR.forgotPassword.newPassword, exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('textbox', { name: ptBR.forgotPassword.confirmPassword }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: ptBR.forgotPassword.save }).click();
  await expect(page.getByText(ptBR.forgotPassword.success)).toBeVisible();
  await skipTour(page);
  await signIn(page, email, greeting, NEW_PASSWORD);
  return page;
}

async function saveUser(page: Page, nome: string) {
  await page.getByRole('button', { name: ptBR.wizard.save, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Salvar o usuário ${nome}?` });
  await dialog.getByRole('button', { name: ptBR.wizard.save }).click();
  await expect(page.getByText(`Usuário ${nome} salvo`)).toBeVisible();
  // Back on the list (with the search it kept, when the user was opened from one).
  await expect(page).toHaveURL(/\/usuarios(\?.*)?$/);
}

test('a manufacturer creates a dealer user with a position and permissions; the user sets a password from the e-mail and sees only what they were given', async ({
  page,
  browser,
}) => {
  const nome = 'Rita Rede E2E';
  const email = 'rita.rede.e2e@portal.test';
  await skipTour(page, ['HOME', 'USUARIO_EDICAO']);
  await signIn(page, 'montadora@portal.test', 'Olá, Marina Montadora');
  await navigateInApp(page, '/usuarios');
  await page.getByRole('link', { name: 'Criar' }).click();
  await expect(page).toHaveURL(/\/usuarios\/novo$/);
  await expect(page.getByRole('progressbar', { name: /^Passo 1 de 2: / })).toBeVisible();

  // Step 1: personal data, brand and dealer, management data, a position.
  await page.getByRole('textbox', { name: u.fields.nome }).fill(nome);
  await page.getByRole('textbox', { name: u.fields.email, exact: true }).fill(email.toUpperCase());
  await page.getByRole('textbox', { name: u.fields.cpf }).fill(cpfOf('314159265'));
  await chooseIn(page, new RegExp(`^${u.fields.tipo}`), ptBR.tiposUsuario.DEALER_GRUPO);
  // E-mails are lower-cased when the field is left.
  await expect(page.getByRole('textbox', { name: u.fields.email, exact: true })).toHaveValue(email);
  await pickOption(page, new RegExp(`^${u.fields.marcas}`), 'Aurora Motors');
  await pickOption(page, new RegExp(`^${u.fields.dealers}`), 'Aurora São Paulo 01', 'São Paulo');
  await page.getByLabel(u.fields.dataAdmissao).fill('2026-01-05');
  await page.getByRole('textbox', { name: u.fields.emailSuperior }).fill('montadora@portal.test');
  await chooseIn(page, new RegExp(`^${u.fields.dealer}$`), 'Aurora São Paulo 01');
  await chooseIn(page, new RegExp(`^${u.fields.cargo}$`), 'Vendedor');
  await chooseIn(page, new RegExp(`^${u.fields.departamento}$`), 'Comercial');
  await page.getByLabel(u.fields.dataInicio).fill('2026-01-05');
  await page.getByRole('button', { name: u.cargos.add }).click();
  await expect(
    page.getByRole('list', { name: u.sections.cargos }).getByText(/^Vendedor em Aurora São Paulo 01, desde/),
  ).toBeVisible();
  await page.getByRole('button', { name: ptBR.wizard.next }).click();

  // Step 2: the portal's "Gestor" access type, without the users and network maintenance.
  await expect(page.getByRole('progressbar', { name: /^Passo 2 de 2: / })).toBeVisible();
  await page
    .getByRole('group', { name: `${u.fields.tiposAcesso}: Portal` })
    .getByRole('checkbox', { name: 'Gestor' })
    .check();
  const funcionalidades = page.getByRole('group', { name: `${u.fields.funcionalidades}: Portal` });
  await expect(funcionalidades.getByRole('checkbox', { name: 'Manutenção de usuários' })).toBeChecked();
  await funcionalidades.getByRole('checkbox', { name: 'Manutenção de usuários' }).uncheck();
  await funcionalidades.getByRole('checkbox', { name: 'Manutenção de dealers e grupos' }).uncheck();
  await saveUser(page, nome);

  // The list finds the new user by name, with the brand and dealer by name.
  await page.getByPlaceholder('Buscar', { exact: true }).fill('Rita Rede');
  const row = page.getByRole('row', { name: new RegExp(nome) });
  await expect(row).toContainText('Aurora São Paulo 01');
  await expect(row).toContainText(ptBR.tiposUsuario.DEALER_GRUPO);

  // Rita sets her password from the welcome e-mail and signs in: the menu has what she was given.
  const rita = await firstSignIn(browser, email, `Olá, ${nome}`);
  await openMenu(rita);
  expect(await menuPaths(rita)).toEqual([
    '/anuncios',
    '/biblioteca',
    '/comunicados',
    '/gruposUsuarios',
    '/home',
    '/notificacoes',
    '/slides',
  ]);
  await rita.goto('/usuarios');
  await expect(rita).toHaveURL(/\/home$/);
  await rita.context().close();
});

test('at 375 px the staff creates a view-only user; that user lists users with no way to change them', async ({
  page,
  browser,
}) => {
  const nome = 'Vera Visualiza E2E';
  const email = 'vera.visualiza.e2e@portal.test';
  const phone = { width: 375, height: 812 };
  await page.setViewportSize(phone);
  await skipTour(page, ['HOME', 'USUARIO_EDICAO']);
  await signIn(page, 'super@portal.test', 'Olá, Super Administrador');
  await navigateInApp(page, '/usuarios/novo');
  await expectFits(page, '375 px /usuarios/novo step 1');

  await page.getByRole('textbox', { name: u.fields.nome }).fill(nome);
  await page.getByRole('textbox', { name: u.fields.email, exact: true }).fill(email);
  await page.getByRole('textbox', { name: u.fields.cpf }).fill(cpfOf('271828182'));
  await chooseIn(page, new RegExp(`^${u.fields.tipo}`), ptBR.tiposUsuario.MONTADORA);
  await pickOption(page, new RegExp(`^${u.fields.marcas}`), 'Aurora Motors');
  await expectFits(page, '375 px /usuarios/novo step 1 filled');
  await page.getByRole('button', { name: ptBR.wizard.next }).click();

  await expect(page.getByRole('progressbar', { name: /^Passo 2 de 2: / })).toBeVisible();
  await page
    .getByRole('group', { name: `${u.fields.tiposAcesso}: Portal` })
    .getByRole('checkbox', { name: 'Usuário', exact: true })
    .check();
  await page
    .getByRole('group', { name: `${u.fields.funcionalidades}: Portal` })
    .getByRole('checkbox', { name: 'Consulta de usuários' })
    .check();
  await expectFits(page, '375 px /usuarios/novo step 2');
  await saveUser(page, nome);
  // On the phone's list each user keeps the table's row actions, under the link to the user.
  await page.getByPlaceholder('Buscar', { exact: true }).fill(nome);
  const row = page.getByRole('main').getByRole('listitem').filter({ hasText: email });
  await expect(row.getByRole('link', { name: new RegExp(nome) })).toBeVisible();
  await expect(row.getByRole('button', { name: ptBR.lista.inactivate })).toBeVisible();
  await expect(row.getByRole('button', { name: ptBR.usuarios.ativacaoEspecial.liberar })).toBeVisible();
  await expectFits(page, '375 px /usuarios with row actions');

  const viewer = await firstSignIn(browser, email, `Olá, ${nome}`, phone);
  await navigateInApp(viewer, '/usuarios');
  // Under 768 px the users are a list; Vera finds Marina (who shares her brand), without actions.
  await viewer.getByPlaceholder('Buscar', { exact: true }).fill('Marina');
  await expect(viewer.getByRole('main').getByText('Marina Montadora')).toBeVisible();
  await expectFits(viewer, '375 px /usuarios as a viewer');
  await expect(viewer.getByRole('link', { name: 'Criar' })).toHaveCount(0);
  await expect(viewer.getByRole('button', { name: ptBR.lista.inactivate })).toHaveCount(0);
  // The wizard's routes send her home.
  await viewer.goto('/usuarios/novo');
  await expect(viewer).toHaveURL(/\/home$/);
  await viewer.context().close();
});

/** Finds a user in the list by name and opens them in the wizard, at step 1. */
async function openUser(page: Page, nome: string) {
  await navigateInApp(page, '/usuarios');
  await page.getByPlaceholder('Buscar', { exact: true }).fill(nome);
  // The list re-renders as the search applies: click again until the wizard opens.
  await expect(async () => {
    await page.getByRole('main').getByText(nome, { exact: true }).first().click({ timeout: 2000 });
    await expect(page.getByRole('progressbar', { name: /^Passo 1 de 2: / })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('textbox', { name: u.fields.nome })).toHaveValue(nome);
  await settle(page);
}

/** Adds a position (with the management data it makes required) on step 1 of the wizard. */
async function addCargo(page: Page, cargo: { dealer: string; cargo: string; departamento: string; superior: string }) {
  await chooseIn(page, new RegExp(`^${u.fields.dealer}$`), cargo.dealer);
  await chooseIn(page, new RegExp(`^${u.fields.cargo}$`), cargo.cargo);
  await chooseIn(page, new RegExp(`^${u.fields.departamento}$`), cargo.departamento);
  await page.getByLabel(u.fields.dataInicio).fill('2026-02-02');
  await page.getByRole('button', { name: u.cargos.add }).click();
  await expect(
    page
      .getByRole('list', { name: u.sections.cargos })
      .getByText(`${cargo.cargo} em ${cargo.dealer}, desde 02/02/2026`),
  ).toBeVisible();
  await page.getByLabel(u.fields.dataAdmissao).fill('2026-02-02');
  await page.getByRole('textbox', { name: u.fields.emailSuperior }).fill(cargo.superior);
}

/** The locked fields of an existing user are shown, read-only, with their values (and so saved with them). */
async function expectLocked(page: Page, email: string) {
  const field = page.getByRole('textbox', { name: u.fields.email, exact: true });
  await expect(field).toHaveValue(email);
  await expect(field).toHaveAttribute('readonly');
  await expect(page.getByRole('combobox', { name: new RegExp(`^${u.fields.tipo}`) })).toBeVisible();
}

/** Serious and critical WCAG 2.2 AA violations inside the page's main region (the wizard). */
async function formViolations(page: Page): Promise<string[]> {
  await settle(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe
      .run('main', {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
        resultTypes: ['violations'],
      })
      .then((results) =>
        results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`),
      ),
  );
}

test('provider staff open an existing user, change a phone on the first step and save; the change is there when reopened', async ({
  page,
}) => {
  const nome = 'Gabriela Ribeiro';
  await skipTour(page, ['HOME', 'USUARIO_EDICAO']);
  await signIn(page, 'super@portal.test', 'Olá, Super Administrador');
  await openUser(page, nome);
  await expectLocked(page, 'gabriela.ribeiro.7@portal.test');
  expect(await formViolations(page)).toEqual([]);
  await addTag(page, new RegExp(`^${u.fields.telefone}`), '1132224455');
  await page.getByRole('button', { name: ptBR.wizard.next }).click();
  await expect(page.getByRole('progressbar', { name: /^Passo 2 de 2: / })).toBeVisible();
  expect(await formViolations(page)).toEqual([]);
  await saveUser(page, nome);
  await expect(page.getByText(ptBR.validation.required)).toHaveCount(0);

  await openUser(page, nome);
  await expect(page.getByRole('list', { name: u.fields.telefone })).toContainText('(11) 3222-4455');
});

test('at 375 px a manufacturer gives a dealer-group user a position and user maintenance; that user then edits a colleague at their dealer', async ({
  page,
  browser,
}) => {
  const admin = { nome: 'Diego Pereira', email: 'diego.pereira.24@portal.test' };
  const colega = 'Diego Barbosa';
  await page.setViewportSize({ width: 375, height: 812 });
  await skipTour(page, ['HOME', 'USUARIO_EDICAO']);
  await signIn(page, 'montadora@portal.test', 'Olá, Marina Montadora');
  await openUser(page, admin.nome);
  await expectLocked(page, admin.email);
  await addCargo(page, {
    dealer: 'Aurora Porto Alegre 04',
    cargo: 'Gerente de vendas',
    departamento: 'Comercial',
    superior: 'montadora@portal.test',
  });
  await expectFits(page, '375 px editing a user, step 1');
  await page.getByRole('button', { name: ptBR.wizard.next }).click();
  await expect(page.getByRole('progressbar', { name: /^Passo 2 de 2: / })).toBeVisible();
  const funcionalidades = page.getByRole('group', { name: `${u.fields.funcionalidades}: Portal` });
  await funcionalidades.getByRole('checkbox', { name: 'Manutenção de usuários' }).check();
  await saveUser(page, admin.nome);

  await openUser(page, admin.nome);
  await expect(page.getByRole('list', { name: u.sections.cargos })).toContainText(
    'Gerente de vendas em Aurora Porto Alegre 04, desde 02/02/2026',
  );
  await page.getByRole('button', { name: ptBR.wizard.next }).click();
  await expect(funcionalidades.getByRole('checkbox', { name: 'Manutenção de usuários' })).toBeChecked();

  // Diego now maintains the users of his dealer: he edits a colleague's positions.
  const context = await browser.newContext({
    baseURL: E2E_URL,
    locale: 'pt-BR',
    viewport: { width: 1280, height: 800 },
  });
  const dealerPage = await context.newPage();
  await skipTour(dealerPage, ['HOME', 'USUARIO_EDICAO']);
  await signIn(dealerPage, admin.email, `Olá, ${admin.nome}`);
  await openUser(dealerPage, colega);
  await expectLocked(dealerPage, 'diego.barbosa.44@portal.test');
  await addCargo(dealerPage, {
    dealer: 'Aurora Porto Alegre 04',
    cargo: 'Consultor técnico',
    departamento: 'Pós-venda',
    superior: admin.email,
  });
  await dealerPage.getByRole('button', { name: ptBR.wizard.next }).click();
  await expect(dealerPage.getByRole('progressbar', { name: /^Passo 2 de 2: / })).toBeVisible();
  await saveUser(dealerPage, colega);
  await openUser(dealerPage, colega);
  await expect(dealerPage.getByRole('list', { name: u.sections.cargos })).toContainText(
    'Consultor técnico em Aurora Porto Alegre 04, desde 02/02/2026',
  );
  await context.close();
});
