import { expect, test, type Browser, type Page } from '@playwright/test';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { es } from '../../i18n/es';
import { ptBR } from '../../i18n/pt-BR';
import { ApiUser } from './api';
import { violations as axeViolations } from './axe';
import { usuario } from './comunicadosApi';
import { expectFits, navigateInApp, pickOption, settle, signIn, skipTour } from './helpers';

// Issue #29's journey: the demo manufacturer (a library manager) creates a public folder for the
// "Rede Aurora Motors" group (read) and a group holding one dealer-group user (read and write),
// uploads two images and a PDF into it with their progress, and a subfolder; the dealer user (a
// member of the read group, in Spanish) sees them, goes through the images in the viewer, opens the
// PDF in the browser, may not rename, remove or move, and finds the PDF by a word inside it (accents
// aside), while nothing of a private folder or of a folder of another group reaches them; the
// member with write moves an image into the subfolder. Then the library at 375 px. axe throughout.
// One sign-in per user for the whole file.

const b = ptBR.biblioteca;
const db = es.biblioteca;
const AURORA = 'Rede Aurora Motors';
const ESCRITOR = 'bruno.ribeiro.22@portal.test';
/** The word inside the PDFs (searched without its accent). */
const PALAVRA = 'zircônio';
const BUSCA = 'zirconio';

const PASTA = 'Manuais E2E';
const SUBPASTA = 'Arquivo morto';
const PRIVADA = 'Privada E2E';
const OUTRO_GRUPO = 'Só escrita E2E';
const ESCRITA = 'Escrita da biblioteca E2E';
const PNG = 'foto-oficina.png';
const JPG = 'painel.jpg';
const PDF = 'manual-tecnico.pdf';
const LEIA_ME = 'leia-me.txt';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const montadoraApi = new ApiUser('montadora@portal.test');
let montadora: Page;
let dealer: Page;
let escritor: Page;
/** Ids made through the API: the private folder (the dealer must not open it). */
let privadaId: string;
/** The public folder's path, once created on screen. */
let pastaPath: string;

const pdf = (texto: string) =>
  new Promise<Buffer>((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text(texto);
    doc.end();
  });

/** An image of noise (it does not compress: about 1 MB, so the upload shows its progress). */
const ruido = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .png()
    .toBuffer();

async function signedIn(browser: Browser, email: string, greeting: RegExp) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await skipTour(page);
  await signIn(page, email, greeting);
  return page;
}

/** Uploads a file as the upload dialog does (POST /api/upload) and places it in `pasta`. */
async function colocar(user: ApiUser, pasta: string, nome: string, bytes: Buffer, tipo: string) {
  const { id } = await user.upload<{ id: string }>('/api/upload', nome, bytes, tipo, {
    field: 'file',
    fields: { info: JSON.stringify({ fileType: 'LIBRARY' }) },
  });
  await user.call('mutation($a: [UploadArquivoInput!]!) { uploadArquivos(arquivos: $a) { id } }', {
    a: [{ idArquivo: id, idPastaPai: pasta }],
  });
}

const criarPasta = async (user: ApiUser, novaPasta: Record<string, unknown>) =>
  (
    await user.call<{ criarNovaPasta: { id: string } }>(
      'mutation($p: NovaPastaInput!) { criarNovaPasta(novaPasta: $p) { id } }',
      { p: novaPasta },
    )
  ).criarNovaPasta.id;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  // Through the API, as they are not the subject: the group giving write to one user, a private
  // folder and a folder of that group only, each with a file holding the word searched.
  const escritorRef = await usuario(montadoraApi, ESCRITOR);
  const { salvarGrupoUsuarios: grupo } = await montadoraApi.call<{ salvarGrupoUsuarios: { id: string } }>(
    'mutation($g: GrupoUsuariosInput!) { salvarGrupoUsuarios(grupoUsuarios: $g) { id } }',
    { g: { nome: ESCRITA, active: true, possuiUsuariosManuais: true, usuarioManualIds: [escritorRef.id] } },
  );
  privadaId = await criarPasta(montadoraApi, { nome: PRIVADA, isPublico: false });
  await colocar(
    montadoraApi,
    privadaId,
    'sigiloso.pdf',
    await pdf(`Liga de ${PALAVRA} da diretoria.`),
    'application/pdf',
  );
  const outra = await criarPasta(montadoraApi, {
    nome: OUTRO_GRUPO,
    isPublico: true,
    tiposAcesso: [{ idGrupoAcesso: grupo.id, permissao: 'LEITURA' }],
  });
  await colocar(montadoraApi, outra, 'notas.txt', Buffer.from(`Estoque de ${PALAVRA} na oficina.\n`), 'text/plain');

  // Each user signs in where they come in first (one first load at a time: a busy machine's
  // three at once outlast the expect timeout).
  montadora = await signedIn(browser, 'montadora@portal.test', /^Olá, Marina Montadora/);
});
test.afterAll(async () => {
  await Promise.all([montadora, dealer, escritor].map((page) => page?.close()));
});

/** Serious and critical violations, after the page settled. */
async function violations(page: Page, where: string): Promise<string[]> {
  await settle(page);
  return axeViolations(page, where);
}

const item = (page: Page, nome: string) => page.getByRole('option', { name: nome });
const barra = (page: Page, catalog = ptBR) => page.getByRole('toolbar', { name: catalog.lista.selecao.barra });

/** Selects an item of the grid (a single click acts 235 ms later) and answers the selection bar. */
async function selecionar(page: Page, nome: string, catalog = ptBR) {
  await item(page, nome).click();
  await expect(item(page, nome)).toHaveAttribute('aria-selected', 'true');
  return barra(page, catalog);
}

test('the manager creates a public folder for two groups and uploads two images and a PDF with their progress', async () => {
  const found: string[] = [];
  const [png, jpg, manual] = await Promise.all([
    ruido(600, 600),
    sharp({ create: { width: 320, height: 200, channels: 3, background: '#1565c0' } })
      .jpeg()
      .toBuffer(),
    pdf(`Torque das rodas: aperte com a chave de ${PALAVRA} em todas as revisões.`),
  ]);

  await navigateInApp(montadora, '/biblioteca');
  await expect(item(montadora, PRIVADA)).toBeVisible();
  await montadora.getByRole('button', { name: b.acoes.novaPasta }).click();
  const nova = montadora.getByRole('dialog', { name: b.novaPasta.titulo });
  await nova.getByRole('textbox', { name: b.novaPasta.nome }).fill(PASTA);
  await nova.getByRole('radio', { name: b.visibilidade.publica }).check();
  await pickOption(montadora, new RegExp(`^${b.grupos.leitura}$`), AURORA);
  await pickOption(montadora, new RegExp(`^${b.grupos.escrita}$`), ESCRITA);
  found.push(...(await violations(montadora, 'new folder dialog')));
  await nova.getByRole('button', { name: b.novaPasta.criar }).click();
  await expect(montadora.getByText(b.novaPasta.criada.replace('%{nome}', PASTA))).toBeVisible();
  await expect(nova).toBeHidden();
  // The globe tells who reaches it (the groups by name).
  await expect(
    item(montadora, PASTA).getByRole('img', {
      name: `${b.visibilidade.publica}: ${ESCRITA} (${b.permissoes.LEITURA_ESCRITA}), ${AURORA} (${b.permissoes.LEITURA})`,
    }),
  ).toBeVisible();
  await expect(item(montadora, PRIVADA).getByRole('img', { name: b.visibilidade.privadaDica })).toBeVisible();

  // Opened (a double click), empty: the upload is offered.
  await item(montadora, PASTA).dblclick();
  await expect(montadora).toHaveURL(/\/biblioteca\/\d+$/);
  pastaPath = new URL(montadora.url()).pathname;
  await expect(montadora.getByRole('heading', { level: 1, name: PASTA })).toBeVisible();
  await expect(montadora.getByText(b.vazio.titulo)).toBeVisible();
  await montadora.getByRole('button', { name: b.acoes.enviar }).click();
  const envio = montadora.getByRole('dialog', { name: b.upload.titulo });
  await expect(envio.getByRole('combobox', { name: b.upload.destino })).toHaveValue(PASTA);
  await envio.getByTestId('upload-input').setInputFiles([
    { name: PNG, mimeType: 'image/png', buffer: png },
    { name: JPG, mimeType: 'image/jpeg', buffer: jpg },
    { name: PDF, mimeType: 'application/pdf', buffer: manual },
  ]);
  const lista = envio.getByRole('list', { name: b.upload.lista });
  await expect(lista.getByRole('listitem')).toHaveCount(3);
  await expect(lista.getByText(b.upload.estados.pendente)).toHaveCount(3);
  // Choosing the same file again is refused with a warning.
  await envio.getByTestId('upload-input').setInputFiles([{ name: PDF, mimeType: 'application/pdf', buffer: manual }]);
  await expect(montadora.getByText(b.upload.duplicado.replace('%{nome}', PDF))).toBeVisible();
  await expect(lista.getByRole('listitem')).toHaveCount(3);
  found.push(...(await violations(montadora, 'upload dialog')));

  // Each file's bar, as it moves: the upload goes out at 2 Mbit/s (the image takes about 4 s).
  await montadora.evaluate(() => {
    const seen: Record<string, number[]> = {};
    (window as unknown as { progresso: typeof seen }).progresso = seen;
    const record = (el: Element) => {
      const name = el.getAttribute('aria-label');
      const now = el.getAttribute('aria-valuenow');
      if (el.getAttribute('role') !== 'progressbar' || !name || now === null) return;
      const values = (seen[name] ??= []);
      if (values.at(-1) !== Number(now)) values.push(Number(now));
    };
    new MutationObserver((mutations) => {
      for (const m of mutations) {
        if (m.target instanceof Element) record(m.target);
        m.addedNodes.forEach((n) => n instanceof Element && n.querySelectorAll('[role=progressbar]').forEach(record));
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
  const cdp = await montadora.context().newCDPSession(montadora);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
  await envio.getByRole('button', { name: b.upload.enviar, exact: true }).click();
  await expect(lista.getByText(/^Enviando: [1-9]\d?%$/)).toBeVisible();
  await expect(envio.getByRole('button', { name: b.upload.cancelar.replace('%{nome}', PNG) })).toBeVisible();
  await expect(montadora.getByText('3 arquivos enviados')).toBeVisible({ timeout: 20_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await cdp.detach();
  await expect(envio).toBeHidden();
  const progresso = await montadora.evaluate(
    () => (window as unknown as { progresso: Record<string, number[]> }).progresso,
  );
  const barraDe = (nome: string) => progresso[b.upload.progresso.replace('%{nome}', nome)] ?? [];
  for (const nome of [PNG, JPG, PDF]) expect(barraDe(nome).at(-1), nome).toBe(100);
  expect(barraDe(PNG).filter((v) => v > 0 && v < 100).length, JSON.stringify(progresso)).toBeGreaterThan(1);

  const arquivos = montadora.getByRole('listbox', { name: b.secoes.arquivos });
  for (const nome of [PNG, JPG, PDF]) await expect(arquivos.getByRole('option', { name: nome })).toBeVisible();
  // Now with items, the folder offers no upload button (spec section 2): files dragged from the
  // computer onto it open the upload into it instead.
  await expect(montadora.getByRole('button', { name: b.acoes.enviar })).toHaveCount(0);
  await expect(montadora.getByText(b.upload.dicaSoltar)).toBeVisible();
  const arrastados = await montadora.evaluateHandle((nome) => {
    const dataTransfer = new DataTransfer();
    dataTransfer.items.add(new File(['Leia antes de usar as fichas.'], nome, { type: 'text/plain' }));
    return dataTransfer;
  }, LEIA_ME);
  const areaDaPasta = arquivos.locator('xpath=ancestor::*[@role="presentation"][1]');
  await areaDaPasta.dispatchEvent('dragenter', { dataTransfer: arrastados });
  await expect(
    montadora.getByRole('status').filter({ hasText: b.upload.soltarNaPasta.replace('%{nome}', PASTA) }),
  ).toBeVisible();
  await areaDaPasta.dispatchEvent('drop', { dataTransfer: arrastados });
  const soltos = montadora.getByRole('dialog', { name: b.upload.titulo });
  await expect(soltos.getByRole('combobox', { name: b.upload.destino })).toHaveValue(PASTA);
  await expect(soltos.getByRole('list', { name: b.upload.lista }).getByRole('listitem')).toHaveCount(1);
  await soltos.getByRole('button', { name: b.upload.enviar, exact: true }).click();
  await expect(montadora.getByText('1 arquivo enviado')).toBeVisible();
  await expect(soltos).toBeHidden();
  await expect(arquivos.getByRole('option', { name: LEIA_ME })).toBeVisible();
  // A subfolder inherits its folder's visibility.
  await montadora.getByRole('button', { name: b.acoes.novaPasta }).click();
  await nova.getByRole('textbox', { name: b.novaPasta.nome }).fill(SUBPASTA);
  await expect(nova.getByRole('combobox', { name: b.novaPasta.pai })).toHaveValue(PASTA);
  await expect(
    nova.getByRole('note').filter({ hasText: b.novaPasta.herdada.replace('%{visibilidade}', b.visibilidade.publica) }),
  ).toBeVisible();
  await nova.getByRole('button', { name: b.novaPasta.criar }).click();
  await expect(montadora.getByText(b.novaPasta.criada.replace('%{nome}', SUBPASTA))).toBeVisible();
  await expect(
    montadora.getByRole('listbox', { name: b.secoes.pastas }).getByRole('option', { name: SUBPASTA }),
  ).toBeVisible();
  found.push(...(await violations(montadora, 'folder')));

  // The content job indexes the PDFs and the text file after the upload: the manager finds all three
  // by the word inside them (the search waits for it: Enter searches the same words again).
  await navigateInApp(montadora, '/biblioteca');
  const busca = montadora.getByRole('searchbox', { name: b.busca.label });
  const resultados = montadora.getByRole('table', { name: b.secoes.resultados });
  await busca.fill(BUSCA);
  await expect(async () => {
    await busca.press('Enter');
    await expect(montadora.getByText(`3 resultados para “${BUSCA}”`)).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  for (const nome of [PDF, 'sigiloso.pdf', 'notas.txt'])
    await expect(resultados.getByRole('row', { name: nome })).toBeVisible();
  // Done with the manager: one browser page less for the machine to run.
  await montadora.close();
  expect(found).toEqual([]);
});

test('the dealer (read) sees the folder, goes through the images, opens the PDF, may not rename, and finds the PDF by a word inside it', async ({
  browser,
}) => {
  const found: string[] = [];
  dealer = await signedIn(browser, 'dealer@portal.test', /^Hola, Diego Dealer/);
  await navigateInApp(dealer, '/biblioteca');
  await expect(item(dealer, PASTA)).toBeVisible();
  // Nothing of the private folder nor of the folder of another group.
  await expect(item(dealer, PRIVADA)).toHaveCount(0);
  await expect(item(dealer, OUTRO_GRUPO)).toHaveCount(0);
  found.push(...(await violations(dealer, 'root (dealer)')));

  // Selected, the folder may be downloaded, but neither renamed, moved, removed nor shared.
  const acoes = await selecionar(dealer, PASTA, es);
  await expect(acoes.getByRole('button', { name: db.acoes.baixar, exact: true })).toBeEnabled();
  for (const acao of [db.acoes.renomear, db.acoes.mover, db.acoes.excluir, db.acoes.concederAcesso]) {
    await expect(acoes.getByRole('button', { name: acao, exact: true }), acao).toBeDisabled();
  }
  // ... and each says why (its description, and a tooltip).
  await expect(acoes.getByRole('button', { name: db.acoes.renomear, exact: true })).toHaveAccessibleDescription(
    db.motivos.semEscrita,
  );

  await item(dealer, PASTA).dblclick();
  await expect(dealer).toHaveURL(new RegExp(`${pastaPath}$`));
  await expect(dealer.getByRole('heading', { level: 1, name: PASTA })).toBeVisible();
  await expect(acoes).toBeHidden();
  for (const nome of [PNG, JPG, PDF, SUBPASTA]) await expect(item(dealer, nome)).toBeVisible();
  await expect(dealer.getByRole('button', { name: db.acoes.novaPasta })).toHaveCount(0);
  // The subfolder: no rename either.
  const daSubpasta = await selecionar(dealer, SUBPASTA, es);
  await expect(daSubpasta.getByRole('button', { name: db.acoes.renomear, exact: true })).toBeDisabled();
  await daSubpasta.getByRole('button', { name: es.lista.selecao.limpar }).click();
  found.push(...(await violations(dealer, 'folder (dealer)')));

  // The image viewer: the folder's two images, previous and next disabled at the ends, then closed.
  await item(dealer, PNG).dblclick();
  const visor = dealer.getByRole('dialog', { name: PNG });
  const posicao = (atual: number) =>
    db.visualizador.posicao.replace('%{atual}', String(atual)).replace('%{total}', '2');
  await expect(visor.getByText(posicao(1))).toBeVisible();
  const imagem = visor.getByRole('img', { name: PNG });
  await expect.poll(() => imagem.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
  await expect(visor.getByRole('button', { name: db.visualizador.anterior })).toBeDisabled();
  found.push(...(await violations(dealer, 'image viewer')));
  await visor.getByRole('button', { name: db.visualizador.proxima }).click();
  const segunda = dealer.getByRole('dialog', { name: JPG });
  await expect(segunda.getByText(posicao(2))).toBeVisible();
  await expect
    .poll(() => segunda.getByRole('img', { name: JPG }).evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(320);
  await expect(segunda.getByRole('button', { name: db.visualizador.proxima })).toBeDisabled();
  await segunda.getByRole('button', { name: db.visualizador.anterior }).click();
  await expect(visor.getByText(posicao(1))).toBeVisible();
  await visor.getByRole('button', { name: db.visualizador.fechar }).click();
  await expect(visor).toBeHidden();

  // The PDF opens in a new tab, in the browser's viewer: served inline, as a PDF.
  const [resposta, aba] = await Promise.all([
    // The new tab's page (not a thumbnail or the viewer's image, from the same route).
    dealer
      .context()
      .waitForEvent(
        'response',
        (r) => r.url().includes('/api/biblioteca/download') && r.request().resourceType() === 'document',
      ),
    dealer.context().waitForEvent('page'),
    item(dealer, PDF).dblclick(),
  ]);
  expect(resposta.status()).toBe(200);
  expect(resposta.headers()['content-type']).toMatch(/^application\/pdf/);
  expect(resposta.headers()['content-disposition'] ?? '').toMatch(/^inline/);
  await aba.close();

  // The search, at the root: the PDF by the word inside it, and nothing of the folders not shared.
  await navigateInApp(dealer, '/biblioteca');
  await dealer.getByRole('searchbox', { name: db.busca.label }).fill(BUSCA);
  await expect(dealer.getByText(`1 resultado para “${BUSCA}”`)).toBeVisible();
  const resultado = dealer.getByRole('table', { name: db.secoes.resultados }).getByRole('row', { name: PDF });
  await expect(resultado.getByText(db.busca.encontradoEm.replace('%{onde}', db.busca.origens.CONTEUDO))).toBeVisible();
  await expect(resultado.getByTestId('trecho').locator('mark')).toHaveText(PALAVRA);
  await expect(resultado.getByRole('link', { name: PASTA })).toBeVisible();
  found.push(...(await violations(dealer, 'search results (dealer)')));

  // The private folder's address leads nowhere.
  await navigateInApp(dealer, `/biblioteca/${privadaId}`);
  await expect(dealer.getByRole('heading', { level: 1, name: db.naoEncontrada.titulo })).toBeVisible();
  await expect(dealer.getByText(db.naoEncontrada.texto)).toBeVisible();
  await expect(item(dealer, 'sigiloso.pdf')).toHaveCount(0);
  expect(found).toEqual([]);
});

test('the member with write moves an image into the subfolder', async ({ browser }) => {
  escritor = await signedIn(browser, ESCRITOR, /^Olá, Bruno Ribeiro/);
  await navigateInApp(escritor, pastaPath);
  // Write: the subfolder may be renamed (not done), the image moved.
  const daSubpasta = await selecionar(escritor, SUBPASTA);
  await expect(daSubpasta.getByRole('button', { name: b.acoes.renomear, exact: true })).toBeEnabled();
  await daSubpasta.getByRole('button', { name: ptBR.lista.selecao.limpar }).click();
  const acoes = await selecionar(escritor, JPG);
  await acoes.getByRole('button', { name: b.acoes.mover, exact: true }).click();
  const mover = escritor.getByRole('dialog', { name: 'Mover 1 item' });
  await mover.getByRole('combobox', { name: b.mover.destino }).click();
  await escritor.getByRole('option', { name: `${PASTA} / ${SUBPASTA}` }).click();
  await mover.getByRole('button', { name: b.acoes.mover, exact: true }).click();
  await expect(escritor.getByText('1 item movido')).toBeVisible();
  await expect(mover).toBeHidden();
  // The selection bar went with the item: the keyboard's focus is on the folder's title, not lost.
  await expect(escritor.getByRole('heading', { level: 1, name: PASTA })).toBeFocused();
  await expect(item(escritor, JPG)).toHaveCount(0);
  await expect(item(escritor, PNG)).toBeVisible();
  await item(escritor, SUBPASTA).dblclick();
  await expect(escritor.getByRole('heading', { level: 1, name: SUBPASTA })).toBeVisible();
  await expect(item(escritor, JPG)).toBeVisible();
  // Read by the dealer there too.
  await navigateInApp(dealer, new URL(escritor.url()).pathname);
  await expect(item(dealer, JPG)).toBeVisible();
  await escritor.close();
});

test('at 375 px the library fits and has no serious axe violation: the root, a folder, search results', async () => {
  const found: string[] = [];
  // On a phone the search box is on a line of its own, and finds what it finds at a desk.
  await dealer.setViewportSize({ width: 375, height: 812 });
  await navigateInApp(dealer, '/biblioteca');
  await dealer.getByRole('searchbox', { name: db.busca.label }).fill(BUSCA);
  await expect(dealer.getByText(`1 resultado para “${BUSCA}”`)).toBeVisible();
  await expect(dealer.getByRole('table', { name: db.secoes.resultados }).getByRole('row', { name: PDF })).toBeVisible();
  await expectFits(dealer, 'search results 375', es);
  found.push(...(await violations(dealer, 'search results 375')));

  await navigateInApp(dealer, '/home');
  await navigateInApp(dealer, '/biblioteca');
  await expect(item(dealer, PASTA)).toBeVisible();
  await expectFits(dealer, 'root 375', es);
  found.push(...(await violations(dealer, 'root 375')));

  await item(dealer, PASTA).dblclick();
  await expect(dealer.getByRole('heading', { level: 1, name: PASTA })).toBeVisible();
  await expect(item(dealer, PDF)).toBeVisible();
  await expectFits(dealer, 'folder 375', es);
  found.push(...(await violations(dealer, 'folder 375')));
  // The list mode's compact layout too.
  await dealer.getByRole('button', { name: db.acoes.lista }).click();
  await expect(dealer.getByRole('table', { name: db.secoes.itens }).getByRole('row', { name: PDF })).toBeVisible();
  await expectFits(dealer, 'folder list 375', es);
  // From the top: scrolled to the toggle, the sticky top bar covers the banner's button above it,
  // which axe counts as a target too small (any page scrolled under a sticky bar would be).
  await dealer.evaluate(() => window.scrollTo(0, 0));
  found.push(...(await violations(dealer, 'folder list 375')));
  await dealer.getByRole('button', { name: db.acoes.grade }).click();
  await dealer.setViewportSize({ width: 1280, height: 900 });
  expect(found).toEqual([]);
});
