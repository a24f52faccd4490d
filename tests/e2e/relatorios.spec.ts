import { createServer, type Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { decodeJwt } from 'jose';
import { es } from '../../i18n/es';
import { ptBR } from '../../i18n/pt-BR';
import { violations } from './axe';
import { enviar, grupoId, montadoraApi, salvar, superApi } from './comunicadosApi';
import { expectFits, navigateInApp, openMenu, settle, signIn, skipTour } from './helpers';
import { E2E_BI_ORIGIN, E2E_BI_PORT } from './server';

// Issue #31's reports: the super admin defines, on the super-admin page's Reports tab, an embedded
// report for managers (an external BI tool stood in for by a local page, which receives the signed
// token) and the built-in announcement-reach report for everyone, then reopens and edits one. The
// manufacturer opens both from the menu, filters the reach report by a dealer group and exports it
// to CSV; the dealer user sees only the reach report, and the managers' report sends them home.
// The form and the reach report pass axe; the reach report fits 375 px.

const r = ptBR.relatorios;
const run = Date.now();
const gestores = { slug: `bi-gestores-${run}`, titulo: `Painel de gestores ${run}` };
const alcance = { slug: `alcance-${run}`, titulo: `Alcance da rede ${run}` };

// Each test builds on the one before (the definitions, then their readers).
test.describe.configure({ mode: 'serial' });

let bi: Server;
test.beforeAll(async () => {
  // The BI tool: a page naming the reader its token says (decoded, not checked: the API tests check it).
  bi = createServer((req, res) => {
    const token = new URL(req.url ?? '/', E2E_BI_ORIGIN).searchParams.get('token');
    const claims = token ? decodeJwt(token) : {};
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="pt-BR"><title>BI</title><h1>Painel BI</h1>
      <p>Leitor: ${String(claims.tipo ?? 'sem token')}</p></html>`);
  });
  await new Promise<void>((resolve) => bi.listen(E2E_BI_PORT, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => bi.close(() => resolve()));
  // The other journeys' menus are the route table's: this run's reports leave with it.
  const { relatorios } = await superApi.call<{ relatorios: { id: string; version: number; slug: string }[] }>(
    '{ relatorios { id version slug } }',
  );
  for (const def of relatorios.filter((d) => d.slug.endsWith(`-${run}`))) {
    await superApi.call('mutation($id: ID!, $v: Int) { excluirRelatorio(id: $id, version: $v) }', {
      id: def.id,
      v: def.version,
    });
  }
});

/** A field by the start of its label (a required one ends with an asterisk). */
const rotulo = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const field = (page: Page, name: string) => page.getByRole('textbox', { name: rotulo(name) });

async function definir(page: Page, def: { slug: string; titulo: string }, preencher: () => Promise<void>) {
  await navigateInApp(page, '/superAdmin');
  await page.getByRole('tab', { name: ptBR.superAdmin.tabs.relatorios }).click();
  await page.getByRole('link', { name: ptBR.ra.action.create }).click();
  await expect(page).toHaveURL(/\/relatorios\/novo$/);
  await settle(page);
  await field(page, r.fields.slug).fill(def.slug);
  await field(page, r.fields.tituloPtBr).fill(def.titulo);
  await field(page, r.fields.tituloEs).fill(`${def.titulo} (es)`);
  await field(page, r.fields.tituloEn).fill(`${def.titulo} (en)`);
  await preencher();
  await page.getByRole('button', { name: ptBR.ra.action.save }).click();
  await expect(page).toHaveURL(/\/relatorios$/);
  await expect(page.getByText(def.titulo, { exact: true })).toBeVisible();
}

async function escolher(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: rotulo(label) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the super admin defines an embedded report for managers and a built-in one for everyone, and edits one', async ({
  page,
}) => {
  const found: string[] = [];
  await page.setViewportSize({ width: 1280, height: 900 });
  await skipTour(page);
  await signIn(page, 'super@portal.test', 'Olá, Super Administrador');

  await definir(page, gestores, async () => {
    await escolher(page, r.fields.tipo, r.tipos.EMBUTIDO);
    await field(page, r.fields.url).fill(`${E2E_BI_ORIGIN}/painel`);
    await page.getByRole('switch', { name: r.fields.tokenAssinado }).check();
    await page.getByRole('checkbox', { name: ptBR.tiposUsuario.TECSINAPSE }).check();
    await page.getByRole('checkbox', { name: ptBR.tiposUsuario.MONTADORA }).check();
    await settle(page);
    found.push(...(await violations(page, 'definition form 1280')));
  });
  await definir(page, alcance, async () => {
    await escolher(page, r.fields.tipo, r.tipos.INTERNO);
    await escolher(page, r.fields.interno, r.internos.ALCANCE_COMUNICADOS);
  });

  // Reopened from the list, edited (moved down the menu) and saved.
  await settle(page);
  await expect(async () => {
    await page.getByText(alcance.titulo, { exact: true }).click();
    await expect(page).toHaveURL(/\/relatorios\/\d+$/, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await settle(page);
  await expect(field(page, r.fields.slug)).toHaveValue(alcance.slug);
  await page.getByRole('spinbutton', { name: r.fields.posicao }).fill('3');
  await page.getByRole('button', { name: ptBR.ra.action.save }).click();
  await expect(page).toHaveURL(/\/relatorios$/);

  // At 375 px, a new definition with a slug already taken: the field says so, nothing is saved.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('link', { name: ptBR.ra.action.create }).click();
  await expect(page).toHaveURL(/\/relatorios\/novo$/);
  await settle(page);
  await field(page, r.fields.slug).fill(alcance.slug);
  await field(page, r.fields.tituloPtBr).fill('Repetido');
  await field(page, r.fields.tituloEs).fill('Repetido');
  await field(page, r.fields.tituloEn).fill('Repeated');
  await escolher(page, r.fields.tipo, r.tipos.INTERNO);
  await escolher(page, r.fields.interno, r.internos.USUARIOS);
  await page.getByRole('button', { name: ptBR.ra.action.save }).click();
  await expect(page.getByText(r.errors.slugEmUso)).toBeVisible();
  await expect(page).toHaveURL(/\/relatorios\/novo$/);
  await expectFits(page, 'definition form 375');
  found.push(...(await violations(page, 'definition form 375')));
  const { relatorios } = await superApi.call<{ relatorios: { slug: string; tituloPtBr: string }[] }>(
    '{ relatorios { slug tituloPtBr } }',
  );
  expect(relatorios.filter((d) => d.slug === alcance.slug).map((d) => d.tituloPtBr)).toEqual([alcance.titulo]);
  expect(found).toEqual([]);
});

test('the manufacturer opens both from the menu, filters the reach report by a dealer group and exports it', async ({
  page,
}) => {
  // An announcement of the manufacturer's, so the reach report has figures.
  const grupo = await grupoId(montadoraApi, 'Rede Aurora Motors');
  await enviar(
    montadoraApi,
    await salvar(montadoraApi, { titulo: `Alcance E2E ${run}`, mensagem: '<p>Leia.</p>', grupoIds: [grupo] }),
  );
  const found: string[] = [];
  await page.setViewportSize({ width: 1280, height: 900 });
  await skipTour(page);
  await signIn(page, 'montadora@portal.test', 'Olá, Marina Montadora');

  await openMenu(page);
  await page.getByRole('link', { name: gestores.titulo }).click();
  await expect(page).toHaveURL(new RegExp(`/relatorio/${gestores.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: gestores.titulo })).toBeVisible();
  const frame = page.frameLocator(`iframe[title="${r.pagina.frame.replace('%{titulo}', gestores.titulo)}"]`);
  await expect(frame.getByText('Leitor: MONTADORA')).toBeVisible();

  await openMenu(page);
  await page.getByRole('link', { name: alcance.titulo }).click();
  await expect(page.getByRole('heading', { level: 1, name: alcance.titulo })).toBeVisible();
  await expect(page.getByRole('table', { name: r.alcance.secoes.DEALER })).toBeVisible({ timeout: 15_000 });
  // The chart's text alternative: its name, and the table of the same figures.
  await expect(
    page.getByRole('img', { name: r.alcance.grafico.replace('%{secao}', r.alcance.secoes.MARCA) }),
  ).toBeVisible();

  const grupoSelect = page.getByRole('combobox', { name: r.filtros.grupo });
  await grupoSelect.click();
  const opcao = page.getByRole('option').nth(1);
  const nomeGrupo = (await opcao.textContent())!;
  await opcao.click();
  await page.getByRole('button', { name: r.filtros.aplicar }).click();
  await expect(page.getByRole('table', { name: r.alcance.secoes.GRUPO })).toContainText(nomeGrupo);
  await expect(page.getByRole('table', { name: r.alcance.secoes.GRUPO }).getByRole('row')).toHaveCount(2);
  await settle(page);
  found.push(...(await violations(page, 'reach report 1280')));

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: ptBR.lista.exportCsv }).click();
  const csv = await (await download).createReadStream();
  let text = '';
  for await (const chunk of csv) text += String(chunk);
  const linhas = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');
  expect(linhas[0]).toContain(r.alcance.taxaLeitura);
  expect(linhas.some((l) => l.startsWith(`${r.alcance.niveis.GRUPO};${nomeGrupo};`))).toBe(true);

  await page.setViewportSize({ width: 375, height: 800 });
  await expectFits(page, '375 px reach report');
  expect(found).toEqual([]);
});

test("the dealer user sees only the report for everyone, and the managers' report sends them home", async ({
  page,
}) => {
  await skipTour(page);
  await signIn(page, 'dealer@portal.test', /Hola/);
  await openMenu(page, es);
  await expect(page.getByRole('link', { name: `${alcance.titulo} (es)` })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(gestores.titulo) })).toHaveCount(0);
  await navigateInApp(page, `/relatorio/${gestores.slug}`);
  await expect(page).toHaveURL(/\/home$/);
});

test('the super admin reads the users, library usage and imports reports, and the definitions, at 1280, 768 and 375 px', async ({
  page,
}) => {
  const internos = (['USUARIOS', 'USO_BIBLIOTECA', 'IMPORTACOES'] as const).map((interno) => ({
    interno,
    slug: `${interno.toLowerCase().replace('_', '-')}-${run}`,
    titulo: `${r.internos[interno]} ${run}`,
  }));
  for (const def of internos) {
    await superApi.call('mutation($r: RelatorioInput!) { salvarRelatorio(relatorio: $r) { id } }', {
      r: {
        slug: def.slug,
        tituloPtBr: def.titulo,
        tituloEs: def.titulo,
        tituloEn: def.titulo,
        tipo: 'INTERNO',
        interno: def.interno,
        tiposUsuario: ['TECSINAPSE'],
      },
    });
  }
  const found: string[] = [];
  await skipTour(page);
  await signIn(page, 'super@portal.test', 'Olá, Super Administrador');
  const vazio = { USUARIOS: r.usuarios.vazio, USO_BIBLIOTECA: r.biblioteca.vazio, IMPORTACOES: r.importacoes.vazio };
  for (const width of [1280, 768, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const def of internos) {
      await navigateInApp(page, `/relatorio/${def.slug}`);
      await expect(page.getByRole('heading', { level: 1, name: def.titulo })).toBeVisible();
      // Its figures (a table) or, on a machine without them, the report's empty state.
      await expect(page.getByRole('table').or(page.getByText(vazio[def.interno])).first()).toBeVisible({
        timeout: 15_000,
      });
      await expectFits(page, `${def.interno} ${width}`);
      found.push(...(await violations(page, `${def.interno} ${width}`)));
    }
    // The definitions: the super-admin page's tab and an existing one's form.
    await navigateInApp(page, '/superAdmin');
    await page.getByRole('tab', { name: ptBR.superAdmin.tabs.relatorios }).click();
    await expect(page.getByText(internos[0]!.titulo, { exact: true })).toBeVisible();
    await expectFits(page, `definitions ${width}`);
    found.push(...(await violations(page, `definitions ${width}`)));
  }
  // The users report's week table by keyboard: Tab reaches Apply and the exports.
  await page.setViewportSize({ width: 1280, height: 900 });
  await navigateInApp(page, `/relatorio/${internos[0]!.slug}`);
  await expect(page.getByRole('table', { name: r.usuarios.secoes.TIPO })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: r.filtros.aplicar }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: ptBR.lista.exportCsv })).toBeFocused();
  expect(found).toEqual([]);
});
