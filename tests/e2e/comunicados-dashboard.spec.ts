import { expect, test, type Browser, type Page } from '@playwright/test';
import { checkDigits } from '../../domain/documentos';
import { es } from '../../i18n/es';
import { ptBR } from '../../i18n/pt-BR';
import { violations as axeViolations } from './axe';
import { enviadoAoDealer, montadoraApi, superApi } from './comunicadosApi';
import { expectFits, expectFocusRing, focused, navigateInApp, settle, signIn, skipTour, tabTo } from './helpers';

// The announcement dashboard's roll-up (by brand, dealer group, dealer; 25 rows a page) with more
// dealers than a page, at 375 and 1280 px and by keyboard, and the errata form at 375 px: what a
// phone user meets (long dealer names, the pager, the form's order), with axe on each state.

const c = ptBR.comunicados;
const d = c.dashboard;
const e = c.escrita;
const WIDTHS = [375, 768, 1280] as const;
const TAG = `T26${Date.now() % 100000}`;
/** More dealers than the demo's 20, so the dealer level has more than one page of 25 rows. */
const NOVOS_DEALERS = 8;

// Not serial: a failing test (a defect) does not keep the others from running (the next worker seeds again).
test.describe.configure({ mode: 'default', timeout: 180_000 });

let staff: Page;
let montadora: Page;
let dealer: Page;
let comunicadoId = '';
let totalDealers = 0;

async function signedIn(browser: Browser, email: string, greeting: RegExp, width = 1280) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await skipTour(page);
  await signIn(page, email, greeting);
  return page;
}

async function violations(page: Page, where: string): Promise<string[]> {
  await settle(page);
  return axeViolations(page, where);
}

// ---------------------------------------------------------------------------------------------
// Seeding through the API: NOVOS_DEALERS dealers, each with one dealer user, a group reaching every
// dealer user, and an announcement sent to it by staff (the dashboard's author).

function cpf(n: number) {
  const base = String(100000000 + ((Date.now() + n * 7919) % 899999999)).slice(0, 9);
  return base + checkDigits(base, 'cpf');
}
function cnpj(n: number) {
  const base = `${String(10000000 + ((Date.now() + n * 104729) % 89999999)).slice(0, 8)}0001`;
  return base + checkDigits(base, 'cnpj');
}

async function semear() {
  const ref = await superApi.call<{
    marcas: { id: string; nome: string }[];
    gruposAtivos: { id: string; nome: string; marcaIds: string[] }[];
    setores: { id: string; divisaoId: string }[];
    cargos: { id: string }[];
    departamentosCargosUsuarios: { id: string }[];
  }>(
    '{ marcas { id nome } gruposAtivos { id nome marcaIds } setores { id divisaoId } cargos { id } departamentosCargosUsuarios { id } }',
  );
  const marca = ref.marcas[0];
  const grupo = ref.gruposAtivos.find((g) => g.marcaIds.includes(marca.id))!;
  const setor = ref.setores[0];
  for (let i = 0; i < NOVOS_DEALERS; i++) {
    const { salvarDealer } = await superApi.call<{ salvarDealer: { id: string } }>(
      'mutation($dealer: DealerInput!) { salvarDealer(dealer: $dealer) { id } }',
      {
        dealer: {
          nomeExibicao: `Concessionária ${TAG} Avenida dos Bandeirantes Comércio de Veículos ${i + 1}`,
          razaoSocial: `Tour ${TAG} Comércio de Veículos ${i + 1} Ltda`,
          cnpj: cnpj(i),
          cnpjsAdicionais: [],
          codigos: [`${TAG}-${i}`],
          divisaoId: setor.divisaoId,
          setorId: setor.id,
          telefones: [],
          celulares: [],
          endereco: { logradouro: 'Rua T, 26', cidade: 'São Paulo', estado: 'SP', cep: '01001-000' },
          marcaIds: [marca.id],
          grupoIds: [grupo.id],
          dadosComplementares: [],
          active: true,
        },
      },
    );
    await superApi.call(
      `mutation($u: UsuarioInput!, $c: [CargoUsuarioInput!]) { salvarUsuario(usuario: $u, cargos: $c, infos: []) { id } }`,
      {
        u: {
          nome: `Usuário ${TAG} ${i + 1}`,
          email: `tour26.${TAG.toLowerCase()}.${i + 1}@portal.test`,
          cpf: cpf(i),
          tipo: 'DEALER_GRUPO',
          idioma: 'PT_BR',
          marcaIds: [marca.id],
          grupoIds: [grupo.id],
          dealerIds: [salvarDealer.id],
          telefones: [],
          celulares: [],
          dataAdmissao: '2024-01-02',
          emailSuperior: 'super@portal.test',
        },
        c: [
          {
            cargoId: ref.cargos[0].id,
            dealerId: salvarDealer.id,
            dataInicio: '2024-01-02',
            departamentoId: ref.departamentosCargosUsuarios[0]?.id,
          },
        ],
      },
    );
  }
  const { salvarGrupoUsuarios } = await superApi.call<{ salvarGrupoUsuarios: { id: string } }>(
    'mutation($g: GrupoUsuariosInput!) { salvarGrupoUsuarios(grupoUsuarios: $g) { id } }',
    {
      g: {
        nome: `Todos os dealers ${TAG}`,
        active: true,
        publico: true,
        possuiPerfil: true,
        todosDealers: true,
        marcaIds: ref.marcas.map((m) => m.id),
        tiposUsuario: ['DEALER_GRUPO'],
      },
    },
  );
  const sent = await enviadoAoDealer(`Painel ${TAG}`, { grupoIds: [salvarGrupoUsuarios.id] }, superApi);
  comunicadoId = sent.id;
  const { comunicadoDashboardRollup } = await superApi.call<{ comunicadoDashboardRollup: { totalElements: number } }>(
    'query($id: ID!) { comunicadoDashboardRollup(id: $id, nivel: "DEALER") { totalElements } }',
    { id: comunicadoId },
  );
  totalDealers = comunicadoDashboardRollup.totalElements;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  await semear();
  staff = await signedIn(browser, 'super@portal.test', /^(Olá|Hello|Hola), Super Administrador/);
  montadora = await signedIn(browser, 'montadora@portal.test', /^(Olá|Hello|Hola), Marina Montadora/);
  dealer = await signedIn(browser, 'dealer@portal.test', /^Hola, Diego Dealer/);
});
test.afterAll(async () => {
  await Promise.all([staff, montadora, dealer].map((page) => page?.close()));
});

// ---------------------------------------------------------------------------------------------

const rollupSection = (page: Page) => page.getByRole('region', { name: d.rollup });
/** The roll-up's table at a level, named as its sentence says it ("Taxa de leitura por marca"). */
const rollupTable = (page: Page, nivel: keyof typeof d.niveisNaFrase) =>
  page.getByRole('table', { name: d.rollupTabela.replace('%{nivel}', d.niveisNaFrase[nivel]) });
/** The pager's "Mostrando 1 a 25 de N registros", exactly. */
const faixa = (de: number, ate: number, catalog: { ra: { navigation: { page_range_info: string } } } = ptBR) =>
  catalog.ra.navigation.page_range_info
    .replace('%{offsetBegin}', String(de))
    .replace('%{offsetEnd}', String(ate))
    .replace('%{total}', String(totalDealers));
const bodyRows = (page: Page, nivel: keyof typeof d.niveisNaFrase) => rollupTable(page, nivel).locator('tbody tr');

/**
 * The dashboard drawn anew (its level, order and page as at first): by way of the home page, once
 * the dashboard has left the page (a loaded machine may not have drawn the home page before the
 * next navigation, and the same route then keeps its component and its state).
 */
async function abrirPainelDeNovo(page: Page) {
  await navigateInApp(page, '/home');
  await expect(rollupSection(page)).toHaveCount(0);
  await navigateInApp(page, `/comunicados/dashboard/${comunicadoId}`);
}

test('seeding gives the dealer level more than one page of 25 rows', () => {
  expect(totalDealers, 'dealers in the roll-up').toBeGreaterThan(25);
});

for (const width of WIDTHS) {
  test(`dashboard roll-up at ${width} px: levels, order, pager, no sideways scroll, axe clean`, async () => {
    await staff.setViewportSize({ width, height: 900 });
    await abrirPainelDeNovo(staff);
    await expect(staff.getByRole('heading', { level: 1, name: `Painel ${TAG}` })).toBeVisible();
    const secao = rollupSection(staff);
    await expect(secao).toBeVisible();
    const found: string[] = [];

    // Brand level first, least read first.
    const niveis = secao.getByRole('tablist', { name: d.nivel });
    await expect(niveis.getByRole('tab', { name: d.niveis.MARCA })).toHaveAttribute('aria-selected', 'true');
    await expect(rollupTable(staff, 'MARCA')).toBeVisible();
    await expectFits(staff, `${width} brand level`);
    found.push(...(await violations(staff, `${width} brand`)));

    // Dealer group level.
    await niveis.getByRole('tab', { name: d.niveis.GRUPO }).click();
    await expect(rollupTable(staff, 'GRUPO')).toBeVisible();
    expect(await bodyRows(staff, 'GRUPO').count()).toBeGreaterThan(0);

    // Dealer level: 25 rows a page, the pager tells "1-25 de N".
    await niveis.getByRole('tab', { name: d.niveis.DEALER }).click();
    const tabela = rollupTable(staff, 'DEALER');
    await expect(tabela).toBeVisible();
    await expect(bodyRows(staff, 'DEALER')).toHaveCount(25);
    await expect(secao.getByText(faixa(1, 25))).toBeVisible();
    await settle(staff);
    await expectFits(staff, `${width} dealer level`);
    found.push(...(await violations(staff, `${width} dealer`)));

    // Every column at every width: on a phone the table scrolls in its own box (focusable, named),
    // the page does not.
    const cabecalhos = await tabela
      .locator('thead th')
      .evaluateAll((ths) => ths.filter((th) => getComputedStyle(th).display !== 'none').map((th) => th.textContent));
    expect(cabecalhos).toEqual([
      d.niveis.DEALER,
      d.colunas.destinatarios,
      d.colunas.lidos,
      d.colunas.confirmados,
      d.colunas.taxaLeitura,
    ]);
    const caixa = secao.getByRole('region', { name: new RegExp(`${d.niveisNaFrase.DEALER}$`) });
    if (width < 600) {
      await expect(caixa).toHaveAttribute('tabindex', '0');
      await caixa.focus();
      await staff.keyboard.press('ArrowRight');
      await expect.poll(() => caixa.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    } else {
      // From a tablet up every column shows at once: nothing of the table is cut at its box's edge,
      // which then is no scrolling region.
      const largura = (el: HTMLElement) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth;
      expect(await tabela.evaluate(largura), `${width}: table wider than its box`).toBe(0);
      await expect(caixa).toHaveCount(0);
    }

    // Names wrap between words, not inside one ("Concession|ária"), while the number columns have room.
    const partidas = await bodyRows(staff, 'DEALER')
      .locator('td:first-child')
      .evaluateAll((cells) => {
        const out: string[] = [];
        for (const cell of cells) {
          const node = cell.firstChild;
          if (!node || node.nodeType !== Node.TEXT_NODE) continue;
          const text = node.textContent ?? '';
          const re = /\S+/g;
          let m: RegExpExecArray | null;
          while ((m = re.exec(text))) {
            const range = document.createRange();
            range.setStart(node, m.index);
            range.setEnd(node, m.index + m[0].length);
            const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (tops.size > 1)
              out.push(`${m[0]} in "${text}" (cell ${Math.round(cell.getBoundingClientRect().width)} px)`);
          }
        }
        return out;
      });
    expect(partidas.slice(0, 5), `${width}: dealer names broken inside words`).toEqual([]);

    // Next page: the rest.
    const proxima = secao.getByRole('button', { name: ptBR.ra.navigation.next });
    const anterior = secao.getByRole('button', { name: ptBR.ra.navigation.previous });
    await expect(anterior).toBeDisabled();
    await proxima.click();
    await expect(bodyRows(staff, 'DEALER')).toHaveCount(totalDealers - 25);
    await expect(secao.getByText(faixa(26, totalDealers))).toBeVisible();
    await expect(proxima).toBeDisabled();
    await expectFits(staff, `${width} dealer level, page 2`);

    // Order by name: back to page 1, A to Z; again: Z to A.
    const porNome = tabela.getByRole('button', { name: d.niveis.DEALER, exact: true });
    await porNome.click();
    await expect(secao.getByText(faixa(1, 25))).toBeVisible();
    await expect(tabela.locator('thead th').first()).toHaveAttribute('aria-sort', 'ascending');
    // The header turns at once; the rows are the new order's once the table is no longer busy.
    await expect(tabela).toHaveAttribute('aria-busy', 'false');
    const nomes = async () => bodyRows(staff, 'DEALER').locator('td:first-child').allTextContents();
    const asc = await nomes();
    expect(asc).toEqual([...asc].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    await porNome.click();
    await expect(tabela.locator('thead th').first()).toHaveAttribute('aria-sort', 'descending');
    await expect(tabela).toHaveAttribute('aria-busy', 'false');
    const desc = await nomes();
    expect(desc).toEqual([...desc].sort((a, b) => b.localeCompare(a, 'pt-BR')));
    // No dealer shown by its id.
    for (const nome of desc) expect(nome, 'a dealer shown by its id').not.toMatch(/^\d+$/);

    // Search by name (the server searches the whole level): one dealer's full name finds it alone.
    const procurado = desc[3]!;
    const busca = secao.getByRole('searchbox', { name: d.rollupBusca });
    await busca.fill(procurado);
    await expect(bodyRows(staff, 'DEALER')).toHaveCount(1);
    await expect(bodyRows(staff, 'DEALER').locator('td').first()).toHaveText(procurado);
    await expectFits(staff, `${width} dealer level, searched`);
    await busca.fill('');
    await expect(bodyRows(staff, 'DEALER')).toHaveCount(25);

    // Order by rate (a numeric column), visible at every width.
    await tabela.getByRole('button', { name: d.colunas.taxaLeitura }).click();
    await expect(tabela.locator('thead th').last()).toHaveAttribute('aria-sort', /ascending|descending/);

    // Changing level goes back to least read first and page 1.
    await proxima.click();
    await niveis.getByRole('tab', { name: d.niveis.MARCA }).click();
    await niveis.getByRole('tab', { name: d.niveis.DEALER }).click();
    await expect(secao.getByText(faixa(1, 25))).toBeVisible();
    await expect(tabela.locator('thead th').last()).toHaveAttribute('aria-sort', 'ascending');
    found.push(...(await violations(staff, `${width} dealer reordered`)));
    expect(found).toEqual([]);
  });
}

test('dashboard roll-up by keyboard at 375 px: the level tabs, the sort headers and the pager, with focus rings', async () => {
  await staff.setViewportSize({ width: 375, height: 812 });
  await abrirPainelDeNovo(staff);
  const secao = rollupSection(staff);
  await expect(secao).toBeVisible();
  const niveis = secao.getByRole('tablist', { name: d.nivel });
  // From the section's heading, Tab reaches the selected level tab.
  await secao.getByRole('heading', { name: d.rollup }).evaluate((h: HTMLElement) => {
    h.tabIndex = -1;
    h.focus();
  });
  const ida = await tabTo(staff, `tab:${d.niveis.MARCA}`, 15);
  expect(ida.at(-1), ida.join(' | ')).toBe(`tab:${d.niveis.MARCA}`);
  const tabMarca = niveis.getByRole('tab', { name: d.niveis.MARCA });
  const ringTab = await tabMarca.evaluate((el) => getComputedStyle(el).outlineStyle);
  // Arrow keys move among the levels; the dealer level is chosen by keyboard.
  await staff.keyboard.press('ArrowRight');
  await staff.keyboard.press('ArrowRight');
  expect(await focused(staff)).toBe(`tab:${d.niveis.DEALER}`);
  await staff.keyboard.press('Enter');
  await expect(niveis.getByRole('tab', { name: d.niveis.DEALER })).toHaveAttribute('aria-selected', 'true');
  const tabela = rollupTable(staff, 'DEALER');
  await expect(tabela).toBeVisible();
  await settle(staff);
  // Tab reaches the name header; Enter orders by name.
  const path = await tabTo(staff, `button:${ptBR.ra.navigation.next}`, 30);
  const joined = path.join(' | ');
  expect(path, joined).toContain(`button:${d.niveis.DEALER}`);
  expect(path, joined).toContain(`button:${d.colunas.lidos}`);
  expect(path, joined).toContain(`button:${d.colunas.taxaLeitura}`);
  // Every column's header, the table's scrolling box first (the keyboard scrolls it on a phone).
  expect(path, joined).toContain(`button:${d.colunas.destinatarios}`);
  expect(path.indexOf(`region:${d.rollupTabela.replace('%{nivel}', d.niveisNaFrase.DEALER)}`), joined).toBeLessThan(
    path.indexOf(`button:${d.niveis.DEALER}`),
  );
  expect(path.at(-1), joined).toBe(`button:${ptBR.ra.navigation.next}`);
  const proxima = secao.getByRole('button', { name: ptBR.ra.navigation.next });
  await expectFocusRing(proxima);
  await staff.keyboard.press('Enter');
  await expect(secao.getByText(faixa(26, totalDealers))).toBeVisible();
  // Focus stays usable: Shift+Tab goes back to the previous-page button, now enabled.
  await staff.keyboard.press('Shift+Tab');
  expect(await focused(staff)).toBe(`button:${ptBR.ra.navigation.previous}`);
  await staff.keyboard.press('Enter');
  await expect(secao.getByText(faixa(1, 25))).toBeVisible();

  // A sort header by keyboard: focus ring, Enter sorts.
  const porNome = tabela.getByRole('button', { name: d.niveis.DEALER, exact: true });
  await porNome.focus();
  await staff.keyboard.press('Shift+Tab');
  await staff.keyboard.press('Tab');
  expect(await focused(staff)).toBe(`button:${d.niveis.DEALER}`);
  await expectFocusRing(porNome);
  await staff.keyboard.press('Enter');
  await expect(tabela.locator('thead th').first()).toHaveAttribute('aria-sort', 'ascending');
  expect(ringTab, 'the level tab shows no focus ring').toBe('solid');
});

// ---------------------------------------------------------------------------------------------

test('errata form at 375 px: fits, every control reachable by keyboard, names not ids, axe clean; short justification refused in words', async () => {
  const titulo = `Original ${TAG} com um título comprido para ver se quebra a linha no celular`;
  const original = await enviadoAoDealer(titulo, {}, montadoraApi);
  await montadora.setViewportSize({ width: 375, height: 812 });
  await navigateInApp(montadora, '/home');
  // Reached as its author reaches it: from the sent announcement's dashboard.
  await navigateInApp(montadora, `/comunicados/dashboard/${original.id}`);
  // Its author puts it away from the sent list and back; the button turns where the focus is.
  await montadora.getByRole('button', { name: d.arquivar }).click();
  await expect(montadora.getByRole('button', { name: d.desarquivar })).toBeFocused();
  await montadora.getByRole('button', { name: d.desarquivar }).click();
  await expect(montadora.getByRole('button', { name: d.arquivar })).toBeFocused();
  await montadora.getByRole('link', { name: e.acoes.errata }).click();
  await expect(montadora).toHaveURL(new RegExp(`/comunicados/errata/${original.id}$`));
  await expect(montadora.getByRole('heading', { level: 1, name: ptBR.routes.comunicadosErrata })).toBeVisible();
  await expect(montadora.getByText(e.errata.de.replace('%{titulo}', titulo))).toBeVisible();
  await expect(montadora.getByRole('textbox', { name: e.fields.titulo })).toHaveValue(titulo);
  await settle(montadora);
  const found: string[] = [];
  await expectFits(montadora, 'errata 375');
  found.push(...(await violations(montadora, 'errata 375')));

  // Breadcrumb / title show the name, not the id.
  const texto = await montadora.locator('body').innerText();
  expect(texto, 'the id shown instead of the title').not.toMatch(new RegExp(`(^|\\s)#?${original.id}(\\s|$)`));

  // Every control by Tab, in order, from the title field.
  await montadora.getByRole('textbox', { name: e.fields.titulo }).focus();
  const path = await tabTo(montadora, `button:${e.errata.criar}`, 60);
  const joined = path.join(' | ');
  const order = [
    `textbox:${e.fields.mensagem}`,
    `textarea:${e.fields.justificativa}`,
    `checkbox:${e.fields.renotificar}`,
    `checkbox:${e.fields.reiniciarLeitura}`,
    `button:${e.anexosEscolher}`,
    `button:${e.errata.criar}`,
  ];
  const positions = order.map((step) =>
    path.findIndex((p) => p === step || p === step.replace('checkbox:', 'switch:')),
  );
  expect(positions, joined).not.toContain(-1);
  expect(positions, joined).toEqual([...positions].sort((a, b) => a - b));
  await expectFocusRing(montadora.getByRole('button', { name: e.errata.criar }));

  // A justification too short: refused with words, not a code.
  await montadora.getByRole('textbox', { name: e.fields.justificativa }).fill('curta');
  await montadora.getByRole('button', { name: e.errata.criar }).click();
  await expect(montadora).toHaveURL(new RegExp(`/comunicados/errata/${original.id}$`));
  const campo = montadora.getByRole('textbox', { name: e.fields.justificativa });
  await expect(campo).toHaveAttribute('aria-invalid', 'true');
  const erro = await campo.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );
  expect(erro, 'the justification error is a raw key/code').not.toMatch(/^[a-z]+(\.[a-zA-Z]+)+$|[A-Z_]{6,}/);
  expect(erro).toMatch(/15/);
  found.push(...(await violations(montadora, 'errata 375 with error')));
  expect(found).toEqual([]);
});

test('errata sent with notify again and reset reading: the dealer sees it on the original, unread and to confirm again', async () => {
  const { id: comunicadoId } = await enviadoAoDealer(`Corrigir ${TAG}`, {}, montadoraApi);
  // The dealer confirms the original first.
  await dealer.setViewportSize({ width: 375, height: 812 });
  await navigateInApp(dealer, `/comunicados/visualizar/${comunicadoId}`);
  await dealer.getByRole('button', { name: es.comunicados.leitura.lidoEntendido }).click();
  await expect(dealer.getByRole('button', { name: es.comunicados.leitura.lidoEntendidoFeito })).toBeDisabled();

  const justificativa = 'A data de vigência publicada estava errada';
  await navigateInApp(montadora, `/comunicados/errata/${comunicadoId}`);
  await montadora.getByRole('textbox', { name: e.fields.justificativa }).fill(justificativa);
  const renotificar = montadora
    .getByRole('switch', { name: e.fields.renotificar })
    .or(montadora.getByRole('checkbox', { name: e.fields.renotificar }));
  const reiniciar = montadora
    .getByRole('switch', { name: e.fields.reiniciarLeitura })
    .or(montadora.getByRole('checkbox', { name: e.fields.reiniciarLeitura }));
  await expect(renotificar).toBeChecked();
  await reiniciar.check();
  await expect(reiniciar).toBeChecked();
  await montadora.getByRole('button', { name: e.errata.criar }).click();
  await expect(montadora).toHaveURL(/\/comunicados\/editar\/\d+$/);
  const errataId = /(\d+)$/.exec(montadora.url())![1];
  await settle(montadora);
  const nota = montadora.getByRole('note').filter({ hasText: c.leitura.estaEErrata });
  await expect(nota).toContainText(justificativa);
  await expectFits(montadora, 'the erratum draft at 375');
  const found = await violations(montadora, 'errata draft 375');
  await montadora.getByRole('button', { name: e.acoes.enviar, exact: true }).click();
  await montadora.getByRole('dialog').getByRole('button', { name: e.acoes.enviar, exact: true }).click();
  await expect(montadora.getByText(/^Comunicado enviado/)).toBeVisible();
  expect(errataId).not.toBe(comunicadoId);

  // The dealer opens the original: the erratum is on it, and the reading starts over.
  await navigateInApp(dealer, '/home');
  await navigateInApp(dealer, `/comunicados/visualizar/${comunicadoId}`);
  const regiao = dealer.getByRole('region', { name: es.comunicados.leitura.errata });
  await expect(regiao).toContainText(justificativa);
  await settle(dealer);
  await expectFits(dealer, 'the original with its erratum at 375', es);
  found.push(...(await violations(dealer, 'original with erratum 375')));
  // Reset reading: the confirmation is asked again.
  await expect(dealer.getByRole('button', { name: es.comunicados.leitura.lidoEntendido })).toBeEnabled();
  expect(found).toEqual([]);
});
