import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { AdminContext, Notification, TestMemoryRouter, memoryStore, type AuthProvider } from 'react-admin';
import { createQueryClient } from '../../../providers/queryClient';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider, setAccessTokenGetter } from '../../../providers/dataProvider';
import { createI18nProvider } from '../../../providers/i18nProvider';
import { Home } from './Home';
import { mockApiServer } from '../../testing/mockApi';

const api = graphql.link(new URL('/graphql', window.location.origin).href);

/** A block's answer: its data, or an error (`{ erro }`), or a promise of either (a slow block). */
type Resposta = unknown;
const ERRO = Symbol('erro');
const falha = (message = 'falhou') => ({ [ERRO]: message });
const isFalha = (v: unknown): v is Record<typeof ERRO, string> => typeof v === 'object' && v !== null && ERRO in v;

const COMUNICADOS = [
  {
    id: '501',
    lido: false,
    comunicado: {
      id: '71',
      titulo: 'Campanha de revisão',
      envioDateTime: '2026-11-20T12:00:00.000Z',
      departamento: { id: '1', sigla: 'MKT', nome: 'Marketing' },
    },
  },
  {
    id: '502',
    lido: true,
    comunicado: { id: '72', titulo: 'Novo catálogo', envioDateTime: '2026-11-19T12:00:00.000Z', departamento: null },
  },
];
const ARQUIVOS = [
  {
    id: '9',
    nome: 'tabela.pdf',
    isPasta: false,
    ultimaModificacao: '2026-11-21T10:00:00.000Z',
    pastaPai: { id: '4', nome: 'Preços' },
    tipoMime: 'application/pdf',
  },
  {
    id: '8',
    nome: 'logo.png',
    isPasta: false,
    ultimaModificacao: '2026-11-20T10:00:00.000Z',
    pastaPai: { id: '0', nome: 'Raiz' },
    tipoMime: 'image/png',
  },
  // The reader's own file in a folder they no longer read: the server names no folder.
  {
    id: '7',
    nome: 'meu.txt',
    isPasta: false,
    ultimaModificacao: '2026-11-19T10:00:00.000Z',
    pastaPai: null,
    tipoMime: 'text/plain',
  },
];
const imagem = (id: string, largura: number, altura: number) => ({
  id,
  nome: `${id}.jpg`,
  largura,
  altura,
  link: `/api/vitrine/imagens/${id}`,
  linkMobile: null,
});
const SLIDES = [
  {
    id: '11',
    titulo: 'Feirão de novembro',
    corTitulo: '#ffffff',
    tamanhoTitulo: 40,
    subtitulo: 'Condições especiais',
    corSubtitulo: '#ffffff',
    tamanhoSubtitulo: 20,
    tituloBotao: 'Saiba mais',
    link: '/comunicados',
    linkTarget: '_self',
    arquivo: imagem('s11', 1140, 400),
  },
  {
    id: '12',
    titulo: 'Treinamento de vendas',
    corTitulo: '#ffffff',
    tamanhoTitulo: 40,
    subtitulo: null,
    corSubtitulo: '#ffffff',
    tamanhoSubtitulo: 20,
    tituloBotao: null,
    link: null,
    linkTarget: '_self',
    arquivo: imagem('s12', 1140, 400),
  },
];
const ANUNCIO = {
  id: '21',
  titulo: 'Seguro auto',
  link: 'https://seguro.example',
  linkTarget: '_blank',
  arquivo: imagem('a21', 244, 360),
};
const REDES = [
  { id: '1', nome: 'Facebook', url: 'https://facebook.com/marca1', icone: 'fab|facebook' },
  { id: '2', nome: 'Instagram', url: 'https://instagram.com/marca1', icone: 'fab|instagram' },
];

/** What each home block answers in a test (changed by `responder`). */
let respostas: Record<string, Resposta>;
/** Each home request: its operation name and the blocks (fields) it asked for. */
const pedidos: { operationName: string; blocos: string[]; variables: Record<string, unknown> }[] = [];
const NAO_NULOS = ['slides', 'comunicados', 'arquivos', 'redesSociais'];

/**
 * Answers the home's requests as the API does: the blocks' fields under their aliases
 * (`<name>_<i>`), or one block alone (`result`); a failing non-null field nulls `data`.
 */
const homeHandler = api.operation(async ({ query, operationName, variables }) => {
  if (!operationName.startsWith('home_')) return undefined;
  const sozinho = /\{ result: /.test(query);
  const campos = sozinho
    ? [{ alias: 'result', nome: operationName.slice('home_'.length) }]
    : [...query.matchAll(/(\w+)_(\d+): /g)].map((m) => ({ alias: `${m[1]}_${m[2]}`, nome: m[1] }));
  pedidos.push({ operationName, blocos: campos.map((c) => c.nome), variables });
  const data: Record<string, unknown> = {};
  const errors: { message: string; path: string[] }[] = [];
  let nulo = false;
  for (const { alias, nome } of campos) {
    const resposta = await respostas[nome];
    if (isFalha(resposta)) {
      errors.push({ message: resposta[ERRO], path: [alias] });
      data[alias] = null;
      if (NAO_NULOS.includes(nome)) nulo = true;
    } else data[alias] = resposta;
  }
  return HttpResponse.json(errors.length ? { data: nulo ? null : data, errors } : { data });
});

mockApiServer(
  homeHandler,
  api.query('sessao_menu', () =>
    HttpResponse.json({
      data: {
        result: {
          title: 'Portal',
          theme: 'default',
          productName: 'Portal',
          currentProduct: null,
          linkHelpTec: 'https://ajuda.portal.test',
          linkPortal: null,
          linkAcademia: null,
          brandImageUrl: null,
          locales: [],
          menus: '[]',
        },
      },
    }),
  ),
);

beforeEach(() => {
  setAccessTokenGetter(async () => 'token');
  localStorage.clear();
  respostas = { slides: SLIDES, anuncio: ANUNCIO, comunicados: COMUNICADOS, arquivos: ARQUIVOS, redesSociais: REDES };
});
afterEach(() => {
  cleanup();
  pedidos.length = 0;
  vi.restoreAllMocks();
});

function authProvider(marcas: { id: string; nome: string }[] = [{ id: '3', nome: 'Marca Um' }]): AuthProvider {
  return {
    login: vi.fn(async () => undefined),
    logout: vi.fn(async () => false as const),
    checkAuth: vi.fn(async () => undefined),
    checkError: vi.fn(async () => undefined),
    getIdentity: vi.fn(async () => ({
      id: '42',
      fullName: 'Ana Souza',
      email: 'ana@portal.test',
      tipo: 'DEALER_GRUPO',
      idioma: 'PT_BR',
      marcas,
    })),
  };
}

function renderHome(auth = authProvider()) {
  const store = memoryStore();
  render(
    <TestMemoryRouter initialEntries={['/home']}>
      <AdminContext
        dataProvider={createDataProvider()}
        authProvider={auth}
        queryClient={createQueryClient()}
        i18nProvider={createI18nProvider({ idioma: 'PT_BR' })}
        store={store}
      >
        <Home />
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { auth, store };
}

describe('Home', { timeout: 20_000 }, () => {
  it('greets the user by name; the language and signing out are left to the top bar', async () => {
    renderHome();
    expect(await screen.findByRole('heading', { level: 1, name: 'Olá, Ana Souza' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Idioma' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sair' })).not.toBeInTheDocument();
    // The blocks answered: nothing of this test still on its way into the next one's count.
    expect(await screen.findByText('Campanha de revisão')).toBeInTheDocument();
  });
});

const bloco = (nome: string) => {
  const el = document.querySelector<HTMLElement>(`[data-bloco="${nome}"]`);
  if (!el) throw new Error(`no block ${nome}`);
  return within(el);
};

describe('Home blocks', { timeout: 20_000 }, () => {
  it("loads every block in one request: announcements, recent files and the brand's social networks", async () => {
    renderHome();
    const comunicados = await screen.findByRole('region', { name: 'Comunicados recentes' });
    const cards = await within(comunicados).findAllByRole('link', { name: /Campanha de revisão|Novo catálogo/ });
    expect(cards.map((c) => c.getAttribute('href'))).toEqual([
      '/comunicados/visualizar/71',
      '/comunicados/visualizar/72',
    ]);
    // The unread one says so; the read one does not.
    expect(within(cards[0]).getByText('Não lido')).toBeInTheDocument();
    expect(within(cards[1]).queryByText('Não lido')).toBeNull();
    expect(within(comunicados).getByRole('link', { name: 'Ver todos Comunicados recentes' })).toHaveAttribute(
      'href',
      '/comunicados',
    );

    const arquivos = screen.getByRole('region', { name: 'Arquivos recentes' });
    expect(await within(arquivos).findByRole('link', { name: /tabela\.pdf/ })).toHaveAttribute('href', '/biblioteca/4');
    expect(within(arquivos).getByRole('link', { name: /logo\.png/ })).toHaveAttribute('href', '/biblioteca');
    expect(within(arquivos).getByRole('link', { name: /meu\.txt/ })).toHaveTextContent('Em uma pasta que você não lê');
    // Each file's icon by its type, as the library shows it.
    expect(
      within(within(arquivos).getByRole('link', { name: /tabela\.pdf/ })).getByTestId('PictureAsPdfOutlinedIcon'),
    ).toBeInTheDocument();
    expect(
      within(within(arquivos).getByRole('link', { name: /logo\.png/ })).getByTestId('ImageOutlinedIcon'),
    ).toBeInTheDocument();
    expect(within(arquivos).getByRole('link', { name: 'Abrir a biblioteca' })).toHaveAttribute('href', '/biblioteca');

    const redes = screen.getByRole('region', { name: 'Redes sociais' });
    expect(await within(redes).findByRole('link', { name: 'Facebook (abre em nova aba)' })).toHaveAttribute(
      'href',
      'https://facebook.com/marca1',
    );
    expect(within(redes).getByRole('link', { name: 'Instagram (abre em nova aba)' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(within(redes).getByText('Siga Marca Um')).toBeInTheDocument();

    const carrossel = screen.getByRole('region', { name: 'Destaques' });
    expect(within(carrossel).getByText('Feirão de novembro')).toBeInTheDocument();
    expect(within(carrossel).getByRole('button', { name: 'Pausar a apresentação' })).toBeInTheDocument();
    const anuncio = screen.getByRole('region', { name: 'Anúncio' });
    const link = within(anuncio).getByRole('link', { name: 'Anúncio: Seguro auto' });
    expect(link).toHaveAttribute('href', 'https://seguro.example');
    expect(within(link).getByRole('img', { name: 'Seguro auto' })).toHaveAttribute('loading', 'lazy');

    // One round trip: every block's field in one document, the first brand asked for.
    expect(pedidos).toHaveLength(1);
    expect(pedidos[0].blocos.sort()).toEqual(['anuncio', 'arquivos', 'comunicados', 'redesSociais', 'slides']);
    expect(Object.entries(pedidos[0].variables)).toEqual(
      expect.arrayContaining([
        [expect.stringMatching(/^redesSociais_\d+_marca$/), '3'],
        [expect.stringMatching(/^arquivos_\d+_quantidade$/), 3],
      ]),
    );
  });

  it('shows each block loading, then its empty state', async () => {
    let soltar: () => void = () => undefined;
    const espera = new Promise<void>((resolve) => (soltar = resolve));
    respostas = {
      slides: espera.then(() => []),
      anuncio: espera.then(() => null),
      comunicados: espera.then(() => []),
      arquivos: espera.then(() => []),
      redesSociais: espera.then(() => []),
    };
    renderHome();
    await screen.findByRole('region', { name: 'Comunicados recentes' });
    for (const nome of ['slides', 'anuncio', 'comunicados', 'arquivos', 'redesSociais']) {
      expect(bloco(nome).getByRole('status', { name: 'Carregando…' })).toBeInTheDocument();
    }
    soltar();
    expect(await bloco('comunicados').findByText('Você ainda não recebeu comunicados.')).toBeInTheDocument();
    expect(await bloco('arquivos').findByText('Nenhum arquivo na biblioteca ainda.')).toBeInTheDocument();
    expect(await bloco('redesSociais').findByText('Sua marca não tem redes sociais cadastradas.')).toBeInTheDocument();
    expect(await bloco('anuncio').findByText('Nenhum anúncio no momento.')).toBeInTheDocument();
    // No slide on display: the default banner, with the help site.
    expect(await bloco('slides').findByText('Bem-vindo ao portal')).toBeInTheDocument();
    expect(await bloco('slides').findByRole('link', { name: 'Central de ajuda (abre em nova aba)' })).toHaveAttribute(
      'href',
      'https://ajuda.portal.test',
    );
    expect(screen.queryAllByRole('status', { name: 'Carregando…' })).toHaveLength(0);
  });

  it('a user without a brand gets the social block empty, without asking for it', async () => {
    renderHome(authProvider([]));
    await screen.findByRole('heading', { name: 'Olá, Ana Souza' });
    expect(await bloco('redesSociais').findByText('Sua marca não tem redes sociais cadastradas.')).toBeInTheDocument();
    await bloco('comunicados').findByRole('link', { name: /Campanha de revisão/ });
    expect(pedidos.flatMap((p) => p.blocos)).not.toContain('redesSociais');
  });

  it('a failing block fails alone: the others show their data, and its retry asks for it alone', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    respostas.comunicados = falha('banco indisponível');
    renderHome();
    const comunicados = await screen.findByRole('region', { name: 'Comunicados recentes' });
    expect(await within(comunicados).findByText('Não foi possível carregar os comunicados.')).toBeInTheDocument();
    // The failing non-null field took `data` with it: the others were asked again, alone, and answered.
    expect(await bloco('arquivos').findByRole('link', { name: /tabela\.pdf/ })).toBeInTheDocument();
    expect(await bloco('redesSociais').findByRole('link', { name: /Facebook/ })).toBeInTheDocument();
    expect(within(comunicados).queryByRole('link', { name: /Campanha/ })).toBeNull();

    respostas.comunicados = COMUNICADOS;
    const antes = pedidos.length;
    await userEvent.setup().click(within(comunicados).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(comunicados).findByRole('link', { name: /Campanha de revisão/ })).toBeInTheDocument();
    expect(pedidos.slice(antes).map((p) => p.blocos)).toEqual([['comunicados']]);
  });

  it('a failing nullable field (the advert) fails alone inside the same answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    respostas.anuncio = falha();
    renderHome();
    await screen.findByRole('heading', { name: 'Olá, Ana Souza' });
    expect(
      await bloco('anuncio').findByText('Não foi possível carregar o anúncio.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(bloco('comunicados').getByRole('link', { name: /Campanha de revisão/ })).toBeInTheDocument();
    expect(bloco('slides').getByText('Feirão de novembro')).toBeInTheDocument();
    // The others came in the first answer (only the advert was asked for again, by its retries).
    expect(pedidos.slice(1).every((p) => p.blocos.join() === 'anuncio')).toBe(true);
  });

  it('a block that cannot draw its data fails alone (its error boundary)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    respostas.comunicados = [{ id: '1', lido: false, comunicado: null }];
    renderHome();
    await screen.findByRole('heading', { name: 'Olá, Ana Souza' });
    expect(await bloco('comunicados').findByText('Não foi possível carregar os comunicados.')).toBeInTheDocument();
    expect(await bloco('arquivos').findByRole('link', { name: /tabela\.pdf/ })).toBeInTheDocument();
    expect(bloco('redesSociais').getByRole('link', { name: /Facebook/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Olá, Ana Souza' })).toBeInTheDocument();
  });
});
