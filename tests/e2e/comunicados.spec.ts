import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { es } from '../../i18n/es';
import { ptBR } from '../../i18n/pt-BR';
import { violations as axeViolations } from './axe';
import { enviadoAoDealer, enviar, grupoId, ler, montadoraApi, pdf, salvar } from './comunicadosApi';
import { expectFits, expectFocusRing, navigateInApp, pickOption, settle, signIn, skipTour, tabTo } from './helpers';

// Issue #28's journey: the creator (creation key only) writes an announcement with an image in its
// message and a PDF attached, to the user group reaching the dealer user, asks montadora to approve
// it; montadora finds it in Pending approval and on the bell and approves; the dealer user (Spanish)
// sees it on the bell and in the inbox, opens it, downloads the attachment and confirms "read and
// understood"; the author's dashboard counts the read and the confirmation. Then the inbox and the
// reader at 375 px, and by keyboard. One sign-in per user for the whole file.

const c = ptBR.comunicados;
const e = c.escrita;
const dc = es.comunicados;
const AURORA = 'Rede Aurora Motors';
/** A 1x1 PNG (the editor's image). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let criador: Page;
let montadora: Page;
let dealer: Page;

async function signedIn(browser: Browser, email: string, greeting: RegExp, width = 1280) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await skipTour(page);
  await signIn(page, email, greeting);
  return page;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  // One after the other: three first loads at once on a busy machine outlast the expect timeout.
  criador = await signedIn(browser, 'criador@portal.test', /^Olá, Carla Criadora/);
  montadora = await signedIn(browser, 'montadora@portal.test', /^Olá, Marina Montadora/);
  dealer = await signedIn(browser, 'dealer@portal.test', /^Hola, Diego Dealer/);
});
test.afterAll(async () => {
  await Promise.all([criador, montadora, dealer].map((page) => page?.close()));
});

/** Serious and critical violations, after the page settled. */
async function violations(page: Page, where: string): Promise<string[]> {
  await settle(page);
  return axeViolations(page, where);
}

const bell = (page: Page, name: RegExp) => page.getByRole('banner').getByRole('button', { name });

test('the creator asks montadora to approve, montadora approves, the dealer reads, downloads and confirms, and the dashboard counts it', async () => {
  const titulo = `Circular E2E ${Date.now()}`;
  const anexo = pdf(titulo);

  // The creator writes it: message with an image, group, attachment, confirmation asked, approver.
  await navigateInApp(criador, '/comunicados/novo');
  await criador.getByRole('textbox', { name: e.fields.titulo }).fill(titulo);
  const editor = criador.locator('.ProseMirror');
  await editor.click();
  await criador.getByRole('button', { name: `H2 · ${ptBR.richText.titulo2}` }).click();
  await criador.keyboard.type('Revisões');
  await criador.keyboard.press('Enter');
  await criador.keyboard.type('Nova tabela de revisões em vigor.');
  const chooser = criador.waitForEvent('filechooser');
  await criador.getByRole('button', { name: ptBR.richText.imagem }).click();
  await (await chooser).setFiles({ name: 'tabela.png', mimeType: 'image/png', buffer: PNG });
  await expect(editor.locator('img[alt="tabela.png"]')).toBeVisible();
  await pickOption(criador, new RegExp(`^${e.fields.grupos}`), AURORA);
  await expect(criador.getByText(/^Alcança \d+ usuários?$/)).toBeVisible();
  await criador
    .getByTestId('anexos-input')
    .setInputFiles({ name: 'circular.pdf', mimeType: 'application/pdf', buffer: anexo });
  await expect(criador.getByRole('button', { name: e.anexoRemover.replace('%{nome}', 'circular.pdf') })).toBeVisible();
  await criador.getByRole('switch', { name: e.fields.exigeConfirmacao }).check();
  // Without the approval key there is no send button: an approver must be chosen.
  await expect(criador.getByRole('button', { name: e.acoes.enviar, exact: true })).toHaveCount(0);
  await criador.getByRole('combobox', { name: new RegExp(`^${e.fields.aprovador}`) }).click();
  await criador.getByRole('option', { name: 'Marina Montadora (montadora@portal.test)' }).click();
  await criador.getByRole('button', { name: e.acoes.enviarParaAprovacao }).click();
  // Asked first: it cannot be taken back once the approver decides.
  const pedido = criador.getByRole('dialog');
  await expect(pedido).toContainText('para a aprovação de Marina Montadora?');
  await pedido.getByRole('button', { name: e.acoes.enviarParaAprovacao }).click();
  await expect(criador.getByText(e.sucesso.enviarParaAprovacao)).toBeVisible();
  await expect(criador).toHaveURL(/\/comunicados\/editar\/\d+$/);
  const id = /(\d+)$/.exec(criador.url())![1];
  await expect(criador.getByText('Aguardando a aprovação de Marina Montadora')).toBeVisible();
  await expect(criador.getByRole('button', { name: e.acoes.retirarDaAprovacao })).toBeVisible();

  // Montadora: the Pending approval tab counts and lists it ...
  await navigateInApp(montadora, '/comunicados?aba=PENDENTES_APROVACAO');
  await expect(
    montadora.getByRole('tab', { name: new RegExp(`^${c.abas.PENDENTES_APROVACAO}: \\d+$`) }),
  ).toHaveAttribute('aria-selected', 'true');
  const pendente = montadora.getByRole('row').filter({ hasText: titulo });
  await expect(pendente.getByText('Carla Criadora')).toBeVisible();
  // ... and the bell tells; its notification leads to the announcement, where it is approved.
  await montadora.reload();
  await bell(montadora, /^Notificações: \d+ novas?$/).click();
  const panel = montadora.getByRole('dialog', { name: ptBR.shell.notifications });
  const aviso = panel.getByRole('listitem').filter({ hasText: titulo });
  await aviso.getByRole('link', { name: c.notificacoes.aprovacaoPendente }).click();
  await expect(montadora).toHaveURL(new RegExp(`/comunicados/visualizarEnvio/${id}$`));
  await expect(montadora.getByText(titulo).first()).toBeVisible();
  await montadora.getByRole('button', { name: e.acoes.aprovar, exact: true }).click();
  const confirmacao = montadora.getByRole('dialog');
  await confirmacao.getByRole('button', { name: e.acoes.aprovar, exact: true }).click();
  await expect(montadora.getByText(e.sucesso.aprovar)).toBeVisible();
  await expect(montadora.getByRole('button', { name: e.acoes.aprovar, exact: true })).toHaveCount(0);

  // The dealer: on the bell (within one poll), then in the inbox, unread and asking for confirmation.
  await dealer.reload();
  await bell(dealer, /^Notificaciones: \d+ nuevas?$/).click();
  const dealerPanel = dealer.getByRole('dialog', { name: es.shell.notifications });
  await expect(dealerPanel.getByRole('link', { name: titulo })).toBeVisible();
  await dealer.keyboard.press('Escape');
  await expect(dealerPanel).toBeHidden();
  await navigateInApp(dealer, '/comunicados');
  const fila = dealer.getByRole('row').filter({ hasText: titulo });
  await expect(fila.getByRole('link', { name: `${dc.caixa.naoLido}: ${titulo}` })).toBeVisible();
  await expect(fila.getByText(dc.caixa.confirmacaoPendente)).toBeVisible();
  // Where a user clicks: on the title's text (the link's first box is its 1-px hidden "unread" prefix,
  // where Playwright would aim by default).
  await fila.getByRole('link', { name: `${dc.caixa.naoLido}: ${titulo}` }).click({ position: { x: 20, y: 8 } });
  await expect(dealer).toHaveURL(new RegExp(`/comunicados/visualizar/${id}$`));
  await expect(dealer.getByRole('heading', { level: 1, name: titulo })).toBeVisible();
  await expect(dealer.getByText('Nova tabela de revisões em vigor.')).toBeVisible();
  // The message's section heading reads below the page's title, not as a second, larger one.
  const tamanho = (h: HTMLElement) => parseFloat(getComputedStyle(h).fontSize);
  const secao = dealer.locator('article').getByRole('heading', { level: 2, name: 'Revisões' });
  const [doTitulo, daSecao] = [
    await dealer.getByRole('heading', { level: 1, name: titulo }).evaluate(tamanho),
    await secao.evaluate(tamanho),
  ];
  expect(daSecao).toBeLessThan(doTitulo);
  // The message's image is served (an <img> sends no token).
  const imagem = dealer.locator('article img[alt="tabela.png"]');
  await expect(imagem).toBeVisible();
  await expect.poll(() => imagem.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  // The attachment comes from the download route: the same bytes, as a PDF, under its name.
  const [resposta, download] = await Promise.all([
    dealer.waitForResponse((r) => /\/api\/comunicados\/\d+\/anexos\/\d+/.test(r.url())),
    dealer.waitForEvent('download'),
    dealer.getByRole('button', { name: dc.leitura.baixar.replace('%{nome}', 'circular.pdf') }).click(),
  ]);
  expect(resposta.status()).toBe(200);
  expect(resposta.headers()['content-type']).toMatch(/^application\/pdf/);
  expect(download.suggestedFilename()).toBe('circular.pdf');
  expect(readFileSync((await download.path())!)).toEqual(anexo);

  await dealer.getByRole('button', { name: dc.leitura.lidoEntendido }).click();
  await expect(dealer.getByRole('button', { name: dc.leitura.lidoEntendidoFeito })).toBeDisabled();
  await expect(dealer.getByRole('status').filter({ hasText: /^Usted confirmó el / })).toBeVisible();
  await navigateInApp(dealer, '/comunicados');
  await expect(fila.getByRole('link', { name: titulo, exact: true })).toBeVisible();
  await expect(fila.getByText(dc.caixa.confirmacaoPendente)).toHaveCount(0);
  // Read in the reader, its notification is read on the bell too.
  await bell(dealer, /^Notificaciones/).click();
  const avisoLido = dealerPanel.getByRole('heading').filter({ hasText: titulo });
  await expect(avisoLido).toBeVisible();
  await expect(avisoLido).not.toContainText(es.notificacoes.naoLida);
  await dealer.keyboard.press('Escape');

  // The author's dashboard: one read and one confirmation among the recipients.
  await navigateInApp(criador, `/comunicados/dashboard/${id}`);
  await expect(criador.getByRole('heading', { level: 1, name: titulo })).toBeVisible();
  const resumo = criador.getByRole('region', { name: c.dashboard.resumo });
  const destinatarios = Number(
    (await resumo.getByRole('group', { name: c.dashboard.destinatarios }).textContent())!.replace(/\D/g, ''),
  );
  expect(destinatarios).toBeGreaterThan(1);
  const numero = (rotulo: string) => resumo.getByRole('group', { name: rotulo, exact: true });
  const taxa = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 }).format(1 / destinatarios);
  await expect(numero(c.dashboard.lidos)).toHaveText(`${c.dashboard.lidos}1${taxa} dos destinatários`);
  await expect(numero(c.dashboard.confirmados)).toHaveText(`${c.dashboard.confirmados}1${taxa} dos destinatários`);
  await expect(numero(c.dashboard.naoLidos)).toHaveText(`${c.dashboard.naoLidos}${destinatarios - 1}`);
  // The unread list goes on without the dealer user.
  const naoLeram = criador.getByRole('table', { name: c.dashboard.naoLidosTitulo });
  await expect(naoLeram.getByRole('row').nth(1)).toBeVisible();
  await expect(naoLeram.getByText('dealer@portal.test')).toHaveCount(0);
});

test("montadora writes an erratum of a sent announcement and sends it to the original's recipients; the dealer finds it on the original", async () => {
  const titulo = `Errata E2E ${Date.now()}`;
  const original = await enviadoAoDealer(titulo, {}, montadoraApi);
  await navigateInApp(montadora, `/comunicados/errata/${original.id}`);
  await montadora.getByRole('textbox', { name: e.fields.justificativa }).fill('A data publicada estava errada');
  await montadora.getByRole('button', { name: e.errata.criar }).click();
  await expect(montadora).toHaveURL(/\/comunicados\/editar\/\d+$/);
  const errata = montadora.getByRole('note').filter({ hasText: c.leitura.estaEErrata });
  await expect(errata).toContainText(e.errata.destinatarios);
  await expect(errata).toContainText('A data publicada estava errada');
  await expect(montadora.getByRole('combobox', { name: new RegExp(`^${e.fields.grupos}`) })).toHaveCount(0);
  await montadora.getByRole('button', { name: e.acoes.enviar, exact: true }).click();
  await montadora.getByRole('dialog').getByRole('button', { name: e.acoes.enviar, exact: true }).click();
  await expect(montadora.getByText(/^Comunicado enviado/)).toBeVisible();

  await navigateInApp(dealer, `/comunicados/visualizar/${original.id}`);
  await expect(dealer.getByRole('region', { name: dc.leitura.errata })).toContainText('A data publicada estava errada');
});

test('montadora sends a saved draft from its preview, after a confirmation that says to how many', async () => {
  const titulo = `Prévia E2E ${Date.now()}`;
  const rascunho = await salvar(montadoraApi, {
    titulo,
    mensagem: `<p>${titulo}</p>`,
    grupoIds: [await grupoId(montadoraApi, AURORA)],
  });
  await navigateInApp(montadora, `/comunicados/visualizarEnvio/${rascunho.id}`);
  const alcance = montadora.getByText(/^Alcança \d/);
  const n = (await alcance.textContent())!.match(/^Alcança ([\d.]+)/)![1]!;
  await montadora.getByRole('button', { name: e.acoes.enviar, exact: true }).click();
  const dialog = montadora.getByRole('dialog');
  await expect(dialog).toContainText(`Enviar "${titulo}" agora a ${n} usuário`);
  await dialog.getByRole('button', { name: e.acoes.enviar, exact: true }).click();
  await expect(montadora.getByText(/^Comunicado enviado a/)).toBeVisible();
  // Read again: sent, it offers its dashboard and no send.
  await expect(
    montadora.getByTestId('acoes-comunicado').getByRole('button', { name: e.acoes.dashboard }),
  ).toBeVisible();
  await expect(montadora.getByRole('button', { name: e.acoes.enviar, exact: true })).toHaveCount(0);
  expect((await ler(montadoraApi, rascunho.id)).status.id).toBe('ENVIADO');
});

test('printed, the reader is the announcement alone: no portal bar, breadcrumbs or buttons', async () => {
  const titulo = `Impressão E2E ${Date.now()}`;
  const { id } = await enviadoAoDealer(titulo);
  await navigateInApp(dealer, `/comunicados/visualizar/${id}`);
  const titulo1 = dealer.getByRole('heading', { level: 1, name: titulo });
  await expect(titulo1).toBeVisible();
  const imprimir = dealer.getByRole('button', { name: dc.leitura.imprimir });
  const migalhas = dealer.getByRole('navigation', { name: es.shell.breadcrumbs });
  const confirmar = dealer.getByRole('button', { name: dc.leitura.lidoEntendido });
  for (const visivel of [imprimir, migalhas, dealer.getByRole('banner'), confirmar])
    await expect(visivel).toBeVisible();
  await dealer.emulateMedia({ media: 'print' });
  try {
    for (const oculto of [imprimir, migalhas, dealer.getByRole('banner'), confirmar]) await expect(oculto).toBeHidden();
    await expect(titulo1).toBeVisible();
    await expect(dealer.getByText(dc.leitura.pedeConfirmacao)).toBeVisible();
  } finally {
    await dealer.emulateMedia({ media: null });
  }
  await expect(imprimir).toBeVisible();
});

test('at 375 px the dealer reads the inbox as cards, opens one and confirms it, with nothing scrolling sideways; 768 px too', async () => {
  const titulo = `Celular E2E ${Date.now()}`;
  const { id } = await enviadoAoDealer(titulo);
  await dealer.setViewportSize({ width: 375, height: 812 });
  const found: string[] = [];
  // From another page, as the menu leads there (the inbox is read again when it opens).
  await navigateInApp(dealer, '/home');
  await navigateInApp(dealer, '/comunicados');
  const cards = dealer.getByRole('list', { name: dc.abas.ENTRADA });
  const card = cards.getByRole('listitem').filter({ hasText: titulo });
  await expect(card.getByText(dc.caixa.confirmacaoPendente)).toBeVisible();
  await expectFits(dealer, 'inbox 375', es);
  found.push(...(await violations(dealer, 'inbox 375')));

  await card.getByRole('link', { name: `${dc.caixa.naoLido}: ${titulo}` }).click({ position: { x: 20, y: 8 } });
  await expect(dealer).toHaveURL(new RegExp(`/comunicados/visualizar/${id}$`));
  await expect(dealer.getByRole('heading', { level: 1, name: titulo })).toBeVisible();
  await expectFits(dealer, 'reader 375', es);
  found.push(...(await violations(dealer, 'reader 375')));
  const confirmar = dealer.getByRole('button', { name: dc.leitura.lidoEntendido });
  await expect(confirmar).toBeInViewport();
  await confirmar.click();
  await expect(dealer.getByRole('button', { name: dc.leitura.lidoEntendidoFeito })).toBeDisabled();
  found.push(...(await violations(dealer, 'reader confirmed 375')));

  await dealer.getByRole('link', { name: dc.leitura.voltar }).click();
  await expect(card.getByRole('link', { name: titulo, exact: true })).toBeVisible();
  await expect(card.getByText(dc.caixa.confirmacaoPendente)).toHaveCount(0);

  // 768 px: the inbox is a table again, the reader fits.
  await dealer.setViewportSize({ width: 768, height: 900 });
  await expect(dealer.getByRole('table', { name: dc.abas.ENTRADA })).toBeVisible();
  await expectFits(dealer, 'inbox 768', es);
  found.push(...(await violations(dealer, 'inbox 768')));
  await navigateInApp(dealer, `/comunicados/visualizar/${id}`);
  await expectFits(dealer, 'reader 768', es);
  await dealer.setViewportSize({ width: 1280, height: 900 });
  expect(found).toEqual([]);
});

test('the dealer finds an announcement by words of its message, not its title: the row shows the words around them, the match marked', async () => {
  const lote = `lote${Date.now().toString(36)}`;
  const titulo = `Busca E2E ${Date.now()}`;
  await enviadoAoDealer(titulo, {
    mensagem: `<p>Recall preventivo.</p><p>As revisões do ${lote} começam em dezembro em todas as concessionárias.</p>`,
  });
  await navigateInApp(dealer, '/home');
  await navigateInApp(dealer, '/comunicados');
  const busca = dealer.getByRole('searchbox', { name: dc.filtros.busca });
  await busca.fill(lote);
  const linhas = dealer.getByRole('row').filter({ hasText: titulo });
  await expect(linhas).toHaveCount(1);
  await expect(dealer.getByTestId('trecho')).toHaveCount(1);
  const trecho = linhas.getByTestId('trecho');
  await expect(trecho).toContainText(`As revisões do ${lote} começam em dezembro`);
  await expect(trecho.locator('mark')).toHaveText([lote]);
  // Other forms of words of the message: "revisão" finds "revisões", "concessionária" "concessionárias".
  await busca.fill(`revisão concessionária ${lote}`);
  await expect(linhas.getByTestId('trecho').locator('mark')).toHaveText(['revisões', lote, 'concessionárias']);
  expect(await violations(dealer, 'inbox search with a snippet')).toEqual([]);
  await busca.fill('');
});

test('by keyboard: the dealer opens an inbox row and confirms it; the writer’s form leads by Tab to asking for approval', async () => {
  const titulo = `Teclado E2E ${Date.now()}`;
  const { id } = await enviadoAoDealer(titulo);
  await navigateInApp(dealer, '/home');
  await navigateInApp(dealer, '/comunicados');
  await expect(dealer.getByRole('row').filter({ hasText: titulo })).toBeVisible();
  // From the search box (the first field of the tab), Tab reaches the row's title; Enter opens it.
  await dealer.getByRole('searchbox', { name: dc.filtros.busca }).focus();
  // The page's select-all checkbox on the way shows the focus with a ring, not only a faint halo.
  await tabTo(dealer, `checkbox:${dc.caixa.selecionarPagina}`);
  await expectFocusRing(dealer.getByRole('checkbox', { name: dc.caixa.selecionarPagina }).locator('xpath=..'));
  await tabTo(dealer, `a:${dc.caixa.naoLido}: ${titulo}`);
  await dealer.keyboard.press('Enter');
  await expect(dealer).toHaveURL(new RegExp(`/comunicados/visualizar/${id}$`));
  await expect(dealer.getByRole('heading', { level: 1, name: titulo })).toBeVisible();
  await tabTo(dealer, `button:${dc.leitura.lidoEntendido}`);
  await expectFocusRing(dealer.getByRole('button', { name: dc.leitura.lidoEntendido }));
  await dealer.keyboard.press('Enter');
  await expect(dealer.getByRole('button', { name: dc.leitura.lidoEntendidoFeito })).toBeDisabled();
  await expect(dealer.getByRole('status').filter({ hasText: /^Usted confirmó el / })).toBeVisible();

  // The form: from the title, every field in reading order, then save and ask for approval.
  await navigateInApp(criador, '/comunicados/novo');
  // The message editor loads apart (a chunk of its own): the walk starts once it is there.
  await expect(criador.getByRole('textbox', { name: e.fields.mensagem })).toBeVisible();
  await criador.getByRole('textbox', { name: e.fields.titulo }).focus();
  const path = await tabTo(criador, `button:${e.acoes.enviarParaAprovacao}`, 80);
  const order = [
    `textbox:${e.fields.mensagem}`,
    `combobox:${e.fields.departamento}`,
    `combobox:${e.fields.grupos}`,
    `text:${e.fields.emailsAvulsos}`,
    `combobox:${e.fields.usuariosRemovidos}`,
    `combobox:${e.fields.etiquetas}`,
    `combobox:${e.fields.serie}`,
    // The e-mail layout names its choice (the standard one on a new announcement).
    `combobox:${e.fields.templateName} ${e.modelosEmail.padrao}`,
    `button:${e.anexosEscolher}`,
    `switch:${e.fields.exigeConfirmacao}`,
    `radio:${e.quando.agora}`,
    `combobox:${e.fields.aprovador}`,
    `button:${e.acoes.salvar}`,
    `button:${e.acoes.enviarParaAprovacao}`,
  ];
  const positions = order.map((step) => path.indexOf(step));
  expect(positions, path.join(' | ')).not.toContain(-1);
  expect(positions, path.join(' | ')).toEqual([...positions].sort((a, b) => a - b));

  // Saved by keyboard, the new draft becomes /editar/{id} with the focus still on Save.
  await criador.getByRole('textbox', { name: e.fields.titulo }).fill(`${titulo} (rascunho)`);
  await criador.getByRole('textbox', { name: e.fields.mensagem }).focus();
  await criador.keyboard.type('Rascunho salvo pelo teclado.');
  await criador.getByRole('button', { name: e.acoes.salvar }).focus();
  await criador.keyboard.press('Enter');
  await expect(criador).toHaveURL(/\/comunicados\/editar\/\d+$/);
  await expect(criador.getByRole('button', { name: e.acoes.salvar })).toBeFocused();
});

test('montadora writes a link (its dialog, by keyboard) and a table (menu, Tab from cell to cell and out of the editor) in the message, reopens the draft, changes the link and adds a column; the dealer reads it at 375 px, scrolling the table, not the page', async () => {
  const titulo = `Tabela E2E ${Date.now()}`;
  const rt = ptBR.richText;
  await navigateInApp(montadora, '/comunicados/novo');
  await montadora.getByRole('textbox', { name: e.fields.titulo }).fill(titulo);
  const editor = montadora.locator('.ProseMirror');
  await editor.click();
  await montadora.keyboard.type('Preços da campanha (');
  // A link by keyboard: the dialog asks for the address and, with nothing selected, the text.
  const link = montadora.getByRole('button', { name: ptBR.ra.tiptap.link, exact: true });
  await link.click();
  const dialogo = montadora.getByRole('dialog', { name: rt.linkInserir });
  await expect(dialogo.getByRole('textbox', { name: rt.linkEndereco })).toBeFocused();
  await montadora.keyboard.type('rede.test/campanha');
  await montadora.keyboard.press('Tab');
  await montadora.keyboard.type('regulamento');
  await montadora.keyboard.press('Enter');
  await expect(dialogo).toBeHidden();
  await expect(editor).toBeFocused();
  await montadora.keyboard.type('):');
  await expect(editor.getByRole('link', { name: 'regulamento' })).toHaveAttribute('href', 'https://rede.test/campanha');
  const tabela = montadora.getByRole('button', { name: rt.tabela, exact: true });
  // Closed without a choice, the menu gives the focus back to its button.
  await tabela.click();
  await expect(montadora.getByRole('menuitem', { name: rt.tabelaInserir })).toBeFocused();
  await montadora.keyboard.press('Escape');
  await expect(tabela).toBeFocused();
  await tabela.click();
  // Outside a table only inserting one is offered.
  await expect(montadora.getByRole('menuitem', { name: rt.tabelaExcluir })).toBeDisabled();
  await montadora.getByRole('menuitem', { name: rt.tabelaInserir }).click();
  // Typed at once, the first cell's text is all there (the menu's fade-out kept the first keys once).
  // Tab goes from cell to cell; from the last one it leaves the editor (no row added).
  const celulas = ['Modelo', 'Preço', 'Prazo', 'Onix', 'R$ 89.990', '30 dias', 'Tracker', 'R$ 129.990', '45 dias'];
  for (const [i, texto] of celulas.entries()) {
    await montadora.keyboard.type(texto);
    if (i < celulas.length - 1) await montadora.keyboard.press('Tab');
  }
  await montadora.keyboard.press('Tab');
  await expect(editor).not.toBeFocused();
  expect(await editor.evaluate((el) => el.contains(document.activeElement))).toBe(false);
  await expect(editor.locator('table tr')).toHaveCount(3);
  await expect(editor.locator('th')).toHaveText(['Modelo', 'Preço', 'Prazo']);
  await pickOption(montadora, new RegExp(`^${e.fields.grupos}`), AURORA);
  await montadora.getByRole('button', { name: e.acoes.salvar }).click();
  await expect(montadora.getByText(e.sucesso.salvar)).toBeVisible();
  await expect(montadora).toHaveURL(/\/comunicados\/editar\/\d+$/);
  const id = /(\d+)$/.exec(montadora.url())![1];

  // Reopened, the table is back in the editor; a column added to its right, saved again.
  await navigateInApp(montadora, '/comunicados');
  await navigateInApp(montadora, `/comunicados/editar/${id}`);
  await expect(editor.locator('th')).toHaveText(['Modelo', 'Preço', 'Prazo']);
  // A click on the link in the editor stays in the editor (tiptap would open it in a new tab);
  // the dialog changes its address.
  const pages = montadora.context().pages().length;
  await editor.getByRole('link', { name: 'regulamento' }).click();
  await expect(link).toHaveAttribute('aria-pressed', 'true');
  await link.click();
  const edicao = montadora.getByRole('dialog', { name: rt.linkEditar });
  await expect(edicao.getByRole('textbox', { name: rt.linkEndereco })).toHaveValue('https://rede.test/campanha');
  await edicao.getByRole('textbox', { name: rt.linkEndereco }).fill('https://rede.test/regulamento-2026');
  await edicao.getByRole('button', { name: rt.linkAplicar }).click();
  await expect(editor.getByRole('link', { name: 'regulamento' })).toHaveAttribute(
    'href',
    'https://rede.test/regulamento-2026',
  );
  expect(montadora.context().pages()).toHaveLength(pages);
  await editor.locator('th').filter({ hasText: 'Prazo' }).click();
  await tabela.click();
  await montadora.getByRole('menuitem', { name: rt.tabelaColuna }).click();
  await expect(editor.locator('th')).toHaveCount(4);
  // As in a word processor the cursor stays where it was: Tab goes to the new cell.
  await montadora.keyboard.press('Tab');
  await montadora.keyboard.type('Observações sobre a disponibilidade');
  await montadora.getByRole('button', { name: e.acoes.salvar }).click();
  await expect(montadora.getByText(e.sucesso.salvar)).toBeVisible();
  const salvo = await ler(montadoraApi, id);
  expect(salvo.mensagem).toContain('<th><p>Observações sobre a disponibilidade</p></th>');
  expect(salvo.mensagem).not.toMatch(/style=|colgroup/);
  expect(salvo.mensagem).toMatch(
    /Preços da campanha \(<a [^>]*href="https:\/\/rede.test\/regulamento-2026"[^>]*>regulamento<\/a>\):/,
  );
  await enviar(montadoraApi, salvo);

  // The dealer at 375 px: the table is a table, and only its own box scrolls, by keyboard too.
  await dealer.setViewportSize({ width: 375, height: 812 });
  try {
    await navigateInApp(dealer, `/comunicados/visualizar/${id}`);
    const lida = dealer.getByRole('table');
    await expect(lida.getByRole('columnheader')).toHaveText([
      'Modelo',
      'Preço',
      'Prazo',
      'Observações sobre a disponibilidade',
    ]);
    await expect(lida.getByRole('row')).toHaveCount(3);
    await expect(dealer.getByRole('link', { name: 'regulamento' })).toHaveAttribute(
      'href',
      'https://rede.test/regulamento-2026',
    );
    // The new column's empty cells keep a line's height, as in the editor (a row of them was a sliver).
    const vazias = lida.locator('td > p:empty');
    await expect(vazias).toHaveCount(2);
    expect(await vazias.first().evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(10);
    await expectFits(dealer, 'reader with a table 375', es);
    const caixa = dealer.getByRole('region', { name: es.richText.tabela });
    await expect(caixa).toHaveAttribute('tabindex', '0');
    await caixa.focus();
    await dealer.keyboard.press('ArrowRight');
    await expect.poll(() => caixa.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    expect(await violations(dealer, 'reader with a table 375')).toEqual([]);
  } finally {
    await dealer.setViewportSize({ width: 1280, height: 900 });
  }
});
