import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../testing/mockApi';
import { queryStates } from '../../testing/viewStates';
import { mockViewport } from '../../testing/viewport';
import { arquivo, abrirBiblioteca, GESTOR, NOME_LONGO, recusa, servidorBiblioteca } from './biblioteca.fixtures';

// A page of MUI grids, tables and autocompletes takes seconds a test on a busy two-core machine.
vi.setConfig({ testTimeout: 20_000 });

const { estado, server, chamadas } = servidorBiblioteca();
const STATES = queryStates('biblioteca_itens', {
  empty: { result: { content: [], totalElements: 0 } },
  loaded: { result: { content: [], totalElements: 0 } },
});

const user = () => userEvent.setup({ delay: null });
const abrir = abrirBiblioteca;
const pastas = () => screen.findByRole('listbox', { name: 'Pastas' });
const arquivos = () => screen.findByRole('listbox', { name: 'Arquivos' });
const nomes = (lista: HTMLElement) =>
  within(lista)
    .getAllByRole('option')
    .map((o) => o.textContent);
const esperar = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('/biblioteca, the root', () => {
  it('shows a loading state under the title (Loading)', async () => {
    server.use(...STATES.Loading);
    abrir();
    expect(await screen.findByRole('progressbar', { name: 'Carregando' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Biblioteca virtual' })).toBeInTheDocument();
  });

  it('says the folder could not be loaded, and tries again (Error)', async () => {
    server.use(...STATES.Error);
    abrir();
    expect(await screen.findByText('Não foi possível carregar os itens da pasta.')).toBeVisible();
    server.resetHandlers();
    await user().click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(nomes(await pastas())).toHaveLength(4);
  });

  it('shows an empty library with a title and a subtitle (Empty)', async () => {
    estado.itens = [];
    abrir();
    expect(await screen.findByRole('heading', { level: 2, name: 'Nada na biblioteca por aqui' })).toBeVisible();
    expect(
      screen.getByText('Quando pastas e arquivos forem compartilhados com você, eles aparecerão aqui.'),
    ).toBeVisible();
  });

  it('tells a manager at an empty root to create a folder (files go into folders: the root has no upload)', async () => {
    estado.itens = [];
    abrir('/biblioteca', GESTOR);
    expect(await screen.findByRole('heading', { level: 2, name: 'Nada na biblioteca por aqui' })).toBeVisible();
    expect(screen.getByText('Crie uma pasta para começar: os arquivos são enviados dentro das pastas.')).toBeVisible();
  });

  it('lists the folders then the files in a grid, the first page of the root asked (Loaded)', async () => {
    abrir();
    expect(nomes(await pastas())).toEqual([
      `Campanhas de marketing e materiais de po…${NOME_LONGO}`,
      'Diretoria',
      'Manuais',
      'Treinamentos',
    ]);
    // The long name is cut at 40 characters on screen; the whole name is the accessible one.
    expect(screen.getByText('Campanhas de marketing e materiais de po…')).toHaveAttribute('title', NOME_LONGO);
    expect(
      screen.getByRole('option', { name: `${NOME_LONGO} Pública: Marketing (Leitura)`, selected: false }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('option', { name: 'Diretoria Privada: só o proprietário e os gestores da biblioteca' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('listbox', { name: 'Arquivos' })).not.toBeInTheDocument();
    expect(chamadas('itens')).toEqual([{ idPasta: null, filterInput: { page: 0, rowsPerPage: 100 } }]);
    expect(chamadas('pasta')).toEqual([]);
  });

  it('shows a globe on a public folder and a lock on a private one, each with its tooltip', async () => {
    abrir();
    const lista = await pastas();
    const manuais = within(lista).getByRole('option', { name: /^Manuais/ });
    expect(within(manuais).getByTestId('icone-publica')).toBeInTheDocument();
    expect(within(manuais).getByTestId('FolderIcon')).toBeInTheDocument();
    const diretoria = within(lista).getByRole('option', { name: /^Diretoria/ });
    expect(within(diretoria).getByTestId('icone-privada')).toBeInTheDocument();
    await user().hover(within(manuais).getByRole('img', { name: /^Pública/ }));
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent(
      'Pública: Concessionárias Sul (Leitura), Gestores de pós-venda (Leitura e escrita)',
    );
    expect(tooltip.querySelector('.MuiTooltip-tooltip')).toHaveStyle({ maxWidth: '400px' });
  });

  it('cuts the groups tooltip at 25 characters on a phone: the groups, not the words around them', async () => {
    mockViewport(375);
    abrir();
    const manuais = within(await pastas()).getByRole('option', { name: /^Manuais/ });
    await user().hover(within(manuais).getByRole('img', { name: /^Pública/ }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/^Pública: Concessionárias Sul \(Leit…$/);
    await user().unhover(within(manuais).getByRole('img', { name: /^Pública/ }));
    const diretoria = within(await pastas()).getByRole('option', { name: /^Diretoria/ });
    await user().hover(within(diretoria).getByRole('img', { name: /^Privada/ }));
    // The lock's words whole (the globe's tooltip may still be fading out beside it).
    await waitFor(() =>
      expect(screen.getAllByRole('tooltip').map((t) => t.textContent)).toContain(
        'Privada: só o proprietário e os gestores da biblioteca',
      ),
    );
  });

  it('shows the 3 recent files, each leading to its folder', async () => {
    const app = abrir();
    const recentes = await screen.findByRole('region', { name: 'Arquivos recentes' });
    const links = within(recentes).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['manual-do-proprietario.pdfEm Manuais · 24/11/2026', '/biblioteca/1'],
      ['foto-fachada.jpgEm Manuais · 23/11/2026', '/biblioteca/1'],
      ['foto-showroom.pngEm Manuais · 22/11/2026', '/biblioteca/1'],
    ]);
    expect(chamadas('ultimosModificados')).toEqual([{ quantidade: 3 }]);
    await user().click(links[1]);
    expect(app.location()).toBe('/biblioteca/1');
  });
});

describe('/biblioteca/{idPasta}, a folder', () => {
  it("shows the folder's path in the top bar's breadcrumbs, named by the server, and the folder as the title", async () => {
    abrir('/biblioteca/4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Motores 2026' })).toBeInTheDocument();
    const trilha = screen.getByRole('navigation', { name: 'Você está em' });
    expect(
      within(trilha)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['Home', '/home'],
      ['Biblioteca virtual', '/biblioteca'],
      ['Manuais', '/biblioteca/1'],
    ]);
    expect(within(trilha).getByText('Motores 2026')).toHaveAttribute('aria-current', 'page');
    // One trail at a time: the page's own is for phones, where the top bar's hides.
    expect(screen.queryByRole('navigation', { name: 'Caminho da pasta' })).not.toBeInTheDocument();
    expect(nomes(await arquivos())).toEqual(['ficha-motor.pdf']);
    expect(chamadas('pasta')).toEqual([{ idPasta: '4' }]);
    expect(chamadas('itens')).toEqual([{ idPasta: '4', filterInput: { page: 0, rowsPerPage: 100 } }]);
    // The recent files belong to the root only.
    expect(screen.queryByRole('region', { name: 'Arquivos recentes' })).not.toBeInTheDocument();
  });

  it("shows the folder's own breadcrumbs on a phone, the top bar's being hidden", async () => {
    mockViewport(true);
    abrir('/biblioteca/4');
    const trilha = await screen.findByRole('navigation', { name: 'Caminho da pasta' });
    expect(
      within(trilha)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['Biblioteca virtual', '/biblioteca'],
      ['Manuais', '/biblioteca/1'],
    ]);
    expect(within(trilha).getByText('Motores 2026')).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('navigation', { name: 'Você está em' })).not.toBeInTheDocument();
  });

  it('starts the phone breadcrumbs at the root entry, the current page at the root', async () => {
    mockViewport(true);
    abrir('/biblioteca');
    const trilha = await screen.findByRole('navigation', { name: 'Caminho da pasta' });
    expect(within(trilha).getByText('Biblioteca virtual')).toHaveAttribute('aria-current', 'page');
    expect(within(trilha).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says so when the folder does not exist or is not shared with the user, with the way back and nothing to retry', async () => {
    const app = abrir('/biblioteca/99', GESTOR);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pasta não encontrada' })).toBeInTheDocument();
    expect(screen.getByText('Ela pode ter sido removida ou movida, ou não foi compartilhada com você.')).toBeVisible();
    expect(
      within(screen.getByRole('navigation', { name: 'Você está em' })).getByText('Pasta não encontrada'),
    ).toHaveAttribute('aria-current', 'page');
    // Nothing that acts on a folder that is not there.
    for (const nome of ['Tentar novamente', 'Nova pasta', 'Grade', 'Lista']) {
      expect(screen.queryByRole('button', { name: nome })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    await user().click(screen.getByRole('link', { name: 'Ir para a Biblioteca virtual' }));
    expect(app.location()).toBe('/biblioteca');
  });

  it('offers to try again when the folder could not be loaded for another reason', async () => {
    server.use(api.query('biblioteca_pasta', () => recusa('Falha interna', 'INTERNAL_SERVER_ERROR')));
    abrir('/biblioteca/4');
    expect(await screen.findByText('Não foi possível carregar os itens da pasta.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeEnabled();
  });

  it('shows thumbnails of images, and icons of folders and file types', async () => {
    abrir('/biblioteca/1');
    const lista = await arquivos();
    const fachada = within(lista).getByRole('option', { name: 'foto-fachada.jpg' });
    expect(within(fachada).getByTestId('miniatura')).toHaveAttribute(
      'src',
      'https://portal.test/arquivos/11/miniatura.webp',
    );
    expect(within(fachada).getByTestId('miniatura')).toHaveAttribute('alt', '');
    expect(
      within(lista)
        .getByRole('option', { name: 'foto-showroom.png' })
        .querySelector('[data-testid="ImageOutlinedIcon"]'),
    ).not.toBeNull();
    expect(
      within(lista)
        .getByRole('option', { name: 'manual-do-proprietario.pdf' })
        .querySelector('[data-testid="PictureAsPdfOutlinedIcon"]'),
    ).not.toBeNull();
    expect(
      within(lista)
        .getByRole('option', { name: 'tabela-precos.xlsx' })
        .querySelector('[data-testid="TableChartOutlinedIcon"]'),
    ).not.toBeNull();
    expect(
      within(await pastas())
        .getByRole('option', { name: /^Motores 2026/ })
        .querySelector('[data-testid="FolderIcon"]'),
    ).not.toBeNull();
    // A subfolder's globe lists the groups it inherits.
    expect(
      screen.getByRole('img', {
        name: 'Pública: Concessionárias Sul (Leitura), Gestores de pós-venda (Leitura e escrita)',
      }),
    ).toBeInTheDocument();
  });
});

describe('the buttons of the header', () => {
  it('shows a reader neither new folder nor upload', async () => {
    abrir('/biblioteca/5');
    expect(await screen.findByRole('heading', { level: 2, name: 'Esta pasta está vazia' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Nova pasta' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar arquivos' })).not.toBeInTheDocument();
  });

  it('offers a manager the new folder at the root, and no upload there', async () => {
    abrir('/biblioteca', GESTOR);
    await pastas();
    expect(screen.getByRole('button', { name: 'Nova pasta' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar arquivos' })).not.toBeInTheDocument();
  });

  it('offers a manager the upload in an empty folder, with the empty state telling what to do', async () => {
    abrir('/biblioteca/5', GESTOR);
    expect(await screen.findByRole('heading', { level: 2, name: 'Esta pasta está vazia' })).toBeVisible();
    expect(screen.getByText('Crie uma pasta ou envie arquivos para começar.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Enviar arquivos' })).toBeInTheDocument();
  });

  it('offers no upload in a folder that has items', async () => {
    abrir('/biblioteca/1', GESTOR);
    await arquivos();
    expect(screen.getByRole('button', { name: 'Nova pasta' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar arquivos' })).not.toBeInTheDocument();
  });

  it('takes files dropped on a folder with items into the upload, the folder as their destination', async () => {
    abrir('/biblioteca/1', GESTOR);
    const area = (await arquivos()).closest<HTMLElement>('[role="presentation"]')!;
    expect(
      screen.getByText('Para enviar arquivos a esta pasta, arraste-os do seu computador para cá, ou:'),
    ).toBeVisible();
    const soltar = (...files: File[]) =>
      fireEvent.drop(area, {
        dataTransfer: {
          files,
          items: files.map((f) => ({ kind: 'file', type: f.type, getAsFile: () => f })),
          types: ['Files'],
        },
      });
    soltar(new File(['%PDF'], 'tabela-2027.pdf', { type: 'application/pdf' }));
    const d = await screen.findByRole('dialog', { name: 'Enviar arquivos' });
    expect(within(d).getByRole('combobox', { name: 'Pasta de destino' })).toHaveValue('Manuais');
    expect(
      within(within(d).getByRole('list'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringMatching(/^tabela-2027\.pdf/)]);
  });

  it("offers the same upload from the hint's button, for the keyboard and a single pointer", async () => {
    abrir('/biblioteca/1', GESTOR);
    await arquivos();
    await user().click(screen.getByRole('button', { name: 'Escolher arquivos' }));
    const d = await screen.findByRole('dialog', { name: 'Enviar arquivos' });
    expect(within(d).getByRole('combobox', { name: 'Pasta de destino' })).toHaveValue('Manuais');
  });

  it('takes no dropped files from a reader, nor at the root', async () => {
    abrir('/biblioteca/1');
    const area = (await arquivos()).closest<HTMLElement>('[role="presentation"]')!;
    const file = new File(['x'], 'a.pdf', { type: 'application/pdf' });
    fireEvent.drop(area, { dataTransfer: { files: [file], items: [], types: ['Files'] } });
    await esperar(50);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(/arraste-os do seu computador/)).not.toBeInTheDocument();
  });

  it('takes the upload away while searching', async () => {
    abrir('/biblioteca/5', GESTOR);
    await screen.findByRole('button', { name: 'Enviar arquivos' });
    await user().type(screen.getByRole('searchbox', { name: 'Buscar nesta pasta' }), 'x');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Enviar arquivos' })).not.toBeInTheDocument());
  });
});

describe('grid and list', () => {
  it('switches to a list with a checkbox, the name, the path and the date, and remembers it', async () => {
    abrir('/biblioteca/1');
    await arquivos();
    await user().click(screen.getByRole('button', { name: 'Lista' }));
    const tabela = screen.getByRole('table', { name: 'Itens da pasta' });
    expect(
      within(tabela)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['', 'Nome', 'Local', 'Modificado em']);
    const linhas = within(tabela).getAllByRole('row').slice(1);
    expect(linhas.map((l) => within(l).getAllByRole('cell')[2].textContent)).toEqual(
      Array(5).fill('Biblioteca virtual / Manuais'),
    );
    expect(within(linhas[0]).getByRole('checkbox', { name: 'Selecionar Motores 2026' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lista' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    // Another folder keeps the list.
    await user().click(
      within(screen.getByRole('navigation', { name: 'Você está em' })).getByRole('link', {
        name: 'Biblioteca virtual',
      }),
    );
    expect(await screen.findByRole('table', { name: 'Itens da pasta' })).toBeInTheDocument();
    expect(chamadas('itens').at(-1)).toEqual({ idPasta: null, filterInput: { page: 0, rowsPerPage: 100 } });
  });

  it('shows one combined column at 768 px', async () => {
    mockViewport(768);
    abrir('/biblioteca/1');
    await arquivos();
    await user().click(screen.getByRole('button', { name: 'Lista' }));
    const tabela = screen.getByRole('table', { name: 'Itens da pasta' });
    expect(
      within(tabela)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['', 'Nome']);
    const [motores] = within(tabela).getAllByRole('row').slice(1);
    expect(within(motores).getAllByRole('cell')[1]).toHaveTextContent(/^Motores 2026Biblioteca virtual \/ Manuais/);
  });

  it('keeps the columns at 769 px', async () => {
    mockViewport(769);
    abrir('/biblioteca/1');
    await arquivos();
    await user().click(screen.getByRole('button', { name: 'Lista' }));
    expect(within(screen.getByRole('table')).getAllByRole('columnheader')).toHaveLength(4);
  });
});

describe('clicks, the keyboard and the selection', () => {
  const opcao = (nome: string | RegExp) => screen.getByRole('option', { name: nome });

  it('selects on a single click only after 235 ms, and shows the selection bar', async () => {
    abrir('/biblioteca/1');
    await arquivos();
    fireEvent.click(opcao('tabela-precos.xlsx'));
    await esperar(150);
    expect(opcao('tabela-precos.xlsx')).toHaveAttribute('aria-selected', 'false');
    await waitFor(() => expect(opcao('tabela-precos.xlsx')).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByRole('toolbar', { name: 'Ações da seleção' })).toHaveTextContent('1 item selecionado');
    fireEvent.click(opcao('tabela-precos.xlsx'));
    await waitFor(() => expect(opcao('tabela-precos.xlsx')).toHaveAttribute('aria-selected', 'false'));
    expect(screen.queryByRole('toolbar', { name: 'Ações da seleção' })).not.toBeInTheDocument();
  });

  it('opens a folder on a double click, without selecting it', async () => {
    const app = abrir('/biblioteca/1');
    await arquivos();
    await user().dblClick(opcao(/^Motores 2026/));
    expect(app.location()).toBe('/biblioteca/4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Motores 2026' })).toBeInTheDocument();
    await esperar(300);
    expect(screen.queryByRole('toolbar', { name: 'Ações da seleção' })).not.toBeInTheDocument();
  });

  it('downloads a file on a double click, through a link counted in the reports', async () => {
    const links: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      links.push(this.href);
    });
    abrir('/biblioteca/1');
    await arquivos();
    await user().dblClick(opcao('tabela-precos.xlsx'));
    await waitFor(() => expect(links).toEqual(['https://portal.test/download/arquivo/913']));
    expect(chamadas('linkDownloadArquivo')).toEqual([{ idArquivo: '913', registrarDownload: true }]);
  });

  it("opens a PDF in the browser's viewer: its signed link in a new tab", async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    abrir('/biblioteca/1');
    await arquivos();
    await user().dblClick(opcao('manual-do-proprietario.pdf'));
    expect(open).toHaveBeenCalledExactlyOnceWith('https://portal.test/arquivos/10?inline', '_blank', 'noopener');
    expect(chamadas('linkDownloadArquivo')).toEqual([]);
  });

  it('shows an image in the viewer: previous and next disabled at the ends, download and close', async () => {
    const links: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      links.push(this.href);
    });
    abrir('/biblioteca/1');
    await arquivos();
    await user().dblClick(opcao('foto-fachada.jpg'));
    const viewer = await screen.findByRole('dialog', { name: 'foto-fachada.jpg' });
    expect(within(viewer).getByRole('img', { name: 'foto-fachada.jpg' })).toHaveAttribute(
      'src',
      'https://portal.test/arquivos/11?inline',
    );
    expect(viewer).toHaveTextContent('1 de 2');
    expect(within(viewer).getByRole('button', { name: 'Imagem anterior' })).toBeDisabled();
    await user().click(within(viewer).getByRole('button', { name: 'Próxima imagem' }));
    expect(screen.getByRole('dialog', { name: 'foto-showroom.png' })).toHaveTextContent('2 de 2');
    expect(within(viewer).getByRole('button', { name: 'Próxima imagem' })).toBeDisabled();
    // The arrow keys go back and forth too.
    await user().keyboard('{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: 'foto-fachada.jpg' })).toBeInTheDocument();
    await user().click(within(viewer).getByRole('button', { name: 'Baixar' }));
    await waitFor(() => expect(links).toEqual(['https://portal.test/download/arquivo/911']));
    await user().click(within(viewer).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('works by keyboard in the grid: arrows move, Space selects, Enter opens', async () => {
    const app = abrir('/biblioteca/1');
    const lista = await arquivos();
    const todas = within(lista).getAllByRole('option');
    expect(todas.map((o) => o.tabIndex)).toEqual([0, -1, -1, -1]);
    todas[0].focus();
    await user().keyboard('{ArrowRight}');
    expect(todas[1]).toHaveFocus();
    await user().keyboard('{End}');
    expect(todas[3]).toHaveFocus();
    await user().keyboard('{ArrowLeft}{ArrowDown}');
    expect(todas[3]).toHaveFocus();
    await user().keyboard('{Home} ');
    expect(todas[0]).toHaveAttribute('aria-selected', 'true');
    expect(todas.map((o) => o.tabIndex)).toEqual([0, -1, -1, -1]);
    const motores = opcao(/^Motores 2026/);
    motores.focus();
    await user().keyboard('{Enter}');
    expect(app.location()).toBe('/biblioteca/4');
    // The item focused went with the folder left: the focus goes to the opened folder's title.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Motores 2026' })).toHaveFocus());
  });

  it('works by keyboard in the list: arrows move, Space selects, Enter opens', async () => {
    const app = abrir('/biblioteca/1');
    await arquivos();
    await user().click(screen.getByRole('button', { name: 'Lista' }));
    const linhas = within(screen.getByRole('table', { name: 'Itens da pasta' }))
      .getAllByRole('row')
      .slice(1);
    // One tab stop for the rows: the row (Space selects it), never its checkbox.
    expect(linhas.map((l) => l.tabIndex)).toEqual([0, -1, -1, -1, -1]);
    expect(linhas.map((l) => within(l).getByRole('checkbox').tabIndex)).toEqual([-1, -1, -1, -1, -1]);
    linhas[0].focus();
    await user().keyboard('{ArrowDown}{ArrowDown} ');
    expect(linhas[2]).toHaveFocus();
    expect(within(linhas[2]).getByRole('checkbox', { name: 'Selecionar foto-showroom.png' })).toBeChecked();
    await user().keyboard('{ArrowUp}{ArrowUp}{Enter}');
    expect(app.location()).toBe('/biblioteca/4');
  });

  it("shows a folder's visibility tooltip while the keyboard is on it", async () => {
    abrir('/biblioteca');
    const lista = await pastas();
    const [primeira, segunda] = within(lista).getAllByRole('option');
    await user().tab();
    while (document.activeElement !== primeira) await user().tab();
    const dicaDe = (opcao: HTMLElement) => within(opcao).getByRole('img').getAttribute('aria-label')!;
    expect(await screen.findByRole('tooltip')).toHaveTextContent(dicaDe(primeira));
    await user().keyboard('{ArrowRight}');
    expect(segunda).toHaveFocus();
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent(dicaDe(segunda)));
    await user().tab();
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('selects from the checkboxes at once, all of the page from the header', async () => {
    abrir('/biblioteca/1');
    await arquivos();
    await user().click(screen.getByRole('button', { name: 'Lista' }));
    await user().click(screen.getByRole('checkbox', { name: 'Selecionar foto-fachada.jpg' }));
    expect(screen.getByRole('toolbar', { name: 'Ações da seleção' })).toHaveTextContent('1 item selecionado');
    await user().click(screen.getByRole('checkbox', { name: 'Selecionar todos desta página' }));
    expect(screen.getByRole('toolbar', { name: 'Ações da seleção' })).toHaveTextContent('5 itens selecionados');
    screen.getByRole('button', { name: 'Limpar seleção' }).focus();
    await user().keyboard('{Enter}');
    expect(screen.queryByRole('toolbar', { name: 'Ações da seleção' })).not.toBeInTheDocument();
    // The bar went with the focus in it: the focus goes to the folder's title.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Manuais' })).toHaveFocus());
  });

  it('forgets the selection when the route changes', async () => {
    const app = abrir('/biblioteca/4');
    await arquivos();
    fireEvent.click(opcao('ficha-motor.pdf'));
    await screen.findByRole('toolbar', { name: 'Ações da seleção' });
    const trilha = screen.getByRole('navigation', { name: 'Você está em' });
    await user().click(within(trilha).getByRole('link', { name: 'Manuais' }));
    expect(app.location()).toBe('/biblioteca/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Manuais' })).toBeInTheDocument();
    expect(screen.queryByRole('toolbar', { name: 'Ações da seleção' })).not.toBeInTheDocument();
  });
});

describe('the selection bar', () => {
  const botoes = () =>
    within(screen.getByRole('toolbar', { name: 'Ações da seleção' }))
      .getAllByRole('button')
      .slice(1)
      .map((b) => [
        b.textContent,
        (b as HTMLButtonElement).disabled || b.getAttribute('aria-disabled') === 'true' ? 'desabilitado' : 'habilitado',
      ]);
  const selecionar = async (...nomes: string[]) => {
    await user().click(screen.getByRole('button', { name: 'Lista' }));
    for (const nome of nomes) await user().click(screen.getByRole('checkbox', { name: `Selecionar ${nome}` }));
  };

  it('enables everything on one top-level folder the user writes to', async () => {
    abrir('/biblioteca', GESTOR);
    await pastas();
    await selecionar('Manuais');
    expect(botoes()).toEqual([
      ['Remover', 'habilitado'],
      ['Mover', 'habilitado'],
      ['Baixar', 'habilitado'],
      ['Conceder acesso', 'habilitado'],
      ['Renomear', 'habilitado'],
    ]);
  });

  it('enables only the download on a folder the user only reads', async () => {
    abrir('/biblioteca');
    await pastas();
    await selecionar(NOME_LONGO);
    expect(botoes()).toEqual([
      ['Remover', 'desabilitado'],
      ['Mover', 'desabilitado'],
      ['Baixar', 'habilitado'],
      ['Conceder acesso', 'desabilitado'],
      ['Renomear', 'desabilitado'],
    ]);
  });

  it('refuses the download of folders and files together, and grant and rename below the top level or on files', async () => {
    abrir('/biblioteca/1', GESTOR);
    await arquivos();
    await selecionar('Motores 2026');
    expect(botoes()).toEqual([
      ['Remover', 'habilitado'],
      ['Mover', 'habilitado'],
      ['Baixar', 'habilitado'],
      ['Conceder acesso', 'desabilitado'],
      ['Renomear', 'habilitado'],
    ]);
    await user().click(screen.getByRole('checkbox', { name: 'Selecionar tabela-precos.xlsx' }));
    expect(botoes()).toEqual([
      ['Remover', 'habilitado'],
      ['Mover', 'habilitado'],
      ['Baixar', 'desabilitado'],
      ['Conceder acesso', 'desabilitado'],
      ['Renomear', 'desabilitado'],
    ]);
  });

  it('says why an action is disabled, and keeps it in the keyboard’s way', async () => {
    abrir('/biblioteca/1', GESTOR);
    await arquivos();
    await selecionar('tabela-precos.xlsx');
    const barra = screen.getByRole('toolbar', { name: 'Ações da seleção' });
    const renomear = within(barra).getByRole('button', { name: 'Renomear' });
    expect(renomear).toHaveAttribute('aria-disabled', 'true');
    expect(renomear).toHaveAccessibleDescription('Somente pastas podem ser renomeadas.');
    expect(within(barra).getByRole('button', { name: 'Conceder acesso' })).toHaveAccessibleDescription(
      'O acesso é concedido a pastas, não a arquivos.',
    );
    // Focused and pressed, it does nothing; its tooltip tells the mouse user the same.
    renomear.focus();
    await user().keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(renomear).toHaveFocus();
    await user().hover(renomear.parentElement!);
    // Among the tooltips shown (under load the view toggle's, hovered before, may still be leaving).
    await waitFor(() =>
      expect(screen.getAllByRole('tooltip').map((t) => t.textContent)).toContain(
        'Somente pastas podem ser renomeadas.',
      ),
    );
  });

  it('downloads the selected files, one signed link each', async () => {
    const links: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      links.push(this.href);
    });
    abrir('/biblioteca/1');
    await arquivos();
    await selecionar('foto-showroom.png', 'tabela-precos.xlsx');
    await user().click(screen.getByRole('button', { name: 'Baixar' }));
    await waitFor(() =>
      expect(links).toEqual(['https://portal.test/download/arquivo/912', 'https://portal.test/download/arquivo/913']),
    );
  });

  it('downloads a folder as the zip of its link', async () => {
    const links: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      links.push(this.href);
    });
    abrir('/biblioteca');
    await pastas();
    await selecionar('Manuais');
    await user().click(screen.getByRole('button', { name: 'Baixar' }));
    await waitFor(() => expect(links).toEqual(['https://portal.test/download/item/1']));
    expect(chamadas('linkDownload')).toEqual([{ idItemBiblioteca: '1' }]);
  });

  it("says why when a download link cannot be made (the server's message)", async () => {
    server.use(
      api.mutation('biblioteca_linkDownload', () =>
        recusa('Você não tem permissão para realizar esta ação.', 'FORBIDDEN'),
      ),
    );
    abrir('/biblioteca');
    await pastas();
    await selecionar('Manuais');
    await user().click(screen.getByRole('button', { name: 'Baixar' }));
    expect(await screen.findByText('Você não tem permissão para realizar esta ação.')).toBeInTheDocument();
  });
});

describe('the search', () => {
  it('asks once, 150 ms after the typing stops, and shows the results in place of the listing', async () => {
    abrir('/biblioteca');
    await pastas();
    // Four keystrokes, as fast as a typist: one search, for the last.
    const busca = screen.getByRole('searchbox', { name: 'Buscar na biblioteca' });
    for (const texto of ['f', 'fo', 'fot', 'foto']) fireEvent.change(busca, { target: { value: texto } });
    expect(chamadas('busca')).toEqual([]);
    await esperar(100);
    expect(chamadas('busca')).toEqual([]);
    const tabela = await screen.findByRole('table', { name: 'Resultados da busca' });
    expect(chamadas('busca')).toEqual([{ filterInput: { busca: 'foto', page: 0, rowsPerPage: 5 } }]);
    expect(screen.getByRole('status')).toHaveTextContent('2 resultados para “foto”');
    expect(screen.queryByRole('listbox', { name: 'Pastas' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Arquivos recentes' })).not.toBeInTheDocument();
    const [fachada] = within(tabela).getAllByRole('row').slice(1);
    expect(fachada).toHaveTextContent('Encontrado em: nome');
    expect(within(fachada).getByText('foto', { selector: 'mark' })).toBeInTheDocument();
    expect(within(fachada).getByTestId('trecho')).toHaveTextContent('foto-fachada.jpg');
    const caminho = within(fachada).getByRole('navigation', { name: 'Local de foto-fachada.jpg' });
    expect(
      within(caminho)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['Biblioteca virtual', '/biblioteca'],
      ['Manuais', '/biblioteca/1'],
    ]);
  });

  it('searches at once on Enter, and again for the same words (a file indexed meanwhile shows)', async () => {
    abrir('/biblioteca');
    await pastas();
    const busca = screen.getByRole('searchbox', { name: 'Buscar na biblioteca' });
    fireEvent.change(busca, { target: { value: 'foto' } });
    fireEvent.keyDown(busca, { key: 'Enter' });
    expect(await screen.findByRole('table', { name: 'Resultados da busca' })).toBeInTheDocument();
    expect(chamadas('busca')).toHaveLength(1);
    fireEvent.keyDown(busca, { key: 'Enter' });
    await waitFor(() => expect(chamadas('busca')).toHaveLength(2));
    expect(chamadas('busca')[1]).toEqual({ filterInput: { busca: 'foto', page: 0, rowsPerPage: 5 } });
    // The debounce, after Enter, asks nothing more.
    await esperar(200);
    expect(chamadas('busca')).toHaveLength(2);
  });

  it('searches within the open folder, a page at a time', async () => {
    estado.itens.push(
      ...Array.from({ length: 6 }, (_, i) =>
        arquivo(`7${i}`, `relatorio-${i}.pdf`, 'application/pdf', { id: '4', nome: 'Motores 2026' }, [
          { id: '1', nome: 'Manuais' },
        ]),
      ),
    );
    abrir('/biblioteca/1');
    await arquivos();
    await user().type(screen.getByRole('searchbox', { name: 'Buscar nesta pasta' }), 'relatorio');
    const tabela = await screen.findByRole('table', { name: 'Resultados da busca' });
    expect(within(tabela).getAllByRole('row')).toHaveLength(6);
    expect(screen.getByText('Mostrando 1 a 5 de 6 registros')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Ir para a próxima página' }));
    await waitFor(() => expect(within(tabela).getAllByRole('row')).toHaveLength(2));
    expect(chamadas('busca')).toEqual([
      { filterInput: { busca: 'relatorio', page: 0, rowsPerPage: 5, idPasta: '1' } },
      { filterInput: { busca: 'relatorio', page: 1, rowsPerPage: 5, idPasta: '1' } },
    ]);
  });

  it('says when nothing was found', async () => {
    abrir('/biblioteca');
    await pastas();
    await user().type(screen.getByRole('searchbox', { name: 'Buscar na biblioteca' }), 'xyz');
    expect(await screen.findByRole('heading', { level: 2, name: 'Nada encontrado para “xyz”' })).toBeVisible();
  });

  it('opens a folder found on a double click, clearing the search', async () => {
    const app = abrir('/biblioteca');
    await pastas();
    await user().type(screen.getByRole('searchbox', { name: 'Buscar na biblioteca' }), 'motores');
    const tabela = await screen.findByRole('table', { name: 'Resultados da busca' });
    await user().dblClick(within(tabela).getByText('Motores 2026', { selector: 'span' }));
    expect(app.location()).toBe('/biblioteca/4');
    expect(await screen.findByRole('searchbox', { name: 'Buscar nesta pasta' })).toHaveValue('');
    expect(await arquivos()).toBeInTheDocument();
  });

  it('is there on a phone too, on a line of its own', async () => {
    mockViewport(375);
    abrir('/biblioteca');
    await pastas();
    const busca = screen.getByRole('searchbox', { name: 'Buscar na biblioteca' });
    expect(busca.closest('.MuiTextField-root')).toHaveStyle({ flex: '1 1 100%' });
  });
});
