import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setAccessTokenGetter } from '../../providers/dataProvider';
import { renderResource } from '../../src/testing/renderResource';
import { resourceHandlers } from '../../src/testing/mockApi';
import SlideCreate from './SlideCreate';
import SlideEdit from './SlideEdit';
import SlideList from './SlideList';
import { SLIDES } from './slides.fixtures';
import { mockApiServer } from '../../src/testing/mockApi';

// The slide screens (issue #30): the form with every field of spec section 3 and the live preview
// in the slide's colours, the image upload (refused when not an image, a warning on another
// ratio), the rules of the shared schema before anything is sent, the save with the ids the API
// takes and the version read, and the carousel order moved with the up/down buttons.

const api = graphql.link(new URL('/graphql', window.location.origin).href);
const saved: Record<string, unknown>[] = [];
const moved: Record<string, unknown>[] = [];

const server = mockApiServer(
  api.mutation('slides_update', ({ variables }) => {
    saved.push(variables.input);
    return HttpResponse.json({ data: { result: { ...SLIDES[0], ...variables.input, version: 4 } } });
  }),
  api.mutation('slides_create', ({ variables }) => {
    saved.push(variables.input);
    return HttpResponse.json({ data: { result: { ...SLIDES[0], id: '9' } } });
  }),
  api.mutation('slides_mover', ({ variables }) => {
    moved.push(variables);
    return HttpResponse.json({ data: { result: { id: variables.id, ordem: 1, __typename: 'Slide' } } });
  }),
  api.query('gruposUsuarios_ativos', () =>
    HttpResponse.json({
      data: {
        result: [
          { id: '7', nome: 'Rede Aurora Motors', publico: true, favorito: false, __typename: 'GrupoUsuarios' },
          { id: '8', nome: 'Gerentes', publico: true, favorito: false, __typename: 'GrupoUsuarios' },
        ],
      },
    }),
  ),
  api.query('gruposUsuarios_destinatarios', () =>
    HttpResponse.json({ data: { result: { content: [], totalElements: 12, totalDestinatarios: 12 } } }),
  ),
  ...resourceHandlers({ slides: [...SLIDES] }),
);

beforeEach(() => setAccessTokenGetter(async () => 'token-1'));
afterEach(() => {
  saved.length = 0;
  moved.length = 0;
});

const renderAt = (path: string) =>
  renderResource('slides', { list: SlideList, create: SlideCreate, edit: SlideEdit }, path);

const PNG_800x600 = {
  id: '21',
  nome: 'foto.png',
  tamanho: 10,
  tipoMime: 'image/png',
  largura: 800,
  altura: 600,
  link: '/api/vitrine/imagens/00000000-0000-4000-8000-000000000021',
  linkMobile: null,
};

describe('/slides/editar/:id', { timeout: 20_000 }, () => {
  it('shows every field and the live preview in the slide’s colours, and saves with the ids and version read', async () => {
    const user = userEvent.setup({ delay: null });
    const { location } = renderAt('/slides/editar/1');
    const titulo = await screen.findByRole('textbox', { name: 'Título' });
    expect(titulo).toHaveValue('Feirão de novembro');
    expect(screen.getByRole('textbox', { name: /^Subtítulo/ })).toHaveValue('Condições especiais para a rede');
    expect(screen.getByLabelText(/^Cor do subtítulo/)).toHaveValue('#ffee00');
    expect(screen.getByRole('spinbutton', { name: /^Tamanho do título/ })).toHaveValue(40);
    expect(screen.getByRole('textbox', { name: /^Título do botão/ })).toHaveValue('Saiba mais');
    expect(screen.getByText('Rede Aurora Motors')).toBeInTheDocument();
    expect(screen.getByTestId('vitrine-imagem-atual')).toHaveTextContent('imagem-1.png (1140 x 400 px)');
    // The recommended size is said; this image has it, so no warning.
    expect(screen.getByText(/Tamanho recomendado: 1140 x 400 px/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    const previa = screen.getByRole('region', { name: 'Pré-visualização' });
    expect(within(previa).getByText('Condições especiais para a rede')).toHaveStyle({ color: '#FFEE00' });
    await user.clear(titulo);
    await user.type(titulo, 'Feirão de dezembro');
    expect(within(previa).getByText('Feirão de dezembro')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      id: '1',
      version: 3,
      titulo: 'Feirão de dezembro',
      arquivoId: '1',
      grupoIds: ['7'],
      corSubtitulo: '#FFEE00',
      inicioDate: '2026-11-01T12:00:00.000Z',
    });
    expect(await screen.findByText('Slide "Feirão de dezembro" salvo')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/slides'));
  });
});

describe('/slides/novo', { timeout: 20_000 }, () => {
  it('refuses a file the API says is not an image, warns on another ratio, and sends nothing without groups', async () => {
    let resposta: { status: number; body: object } = {
      status: 415,
      body: { code: 'BAD_USER_INPUT', message: 'O arquivo não é uma imagem aceita (JPEG, PNG, WebP ou GIF)' },
    };
    server.use(http.post('*/api/vitrine/imagens', () => HttpResponse.json(resposta.body, { status: resposta.status })));
    const user = userEvent.setup({ delay: null });
    renderAt('/slides/novo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Novo slide' })).toBeInTheDocument();
    expect(screen.getByText('Escolha uma imagem para ver a pré-visualização.')).toBeInTheDocument();
    const input = screen.getByTestId('vitrine-imagem');

    await user.upload(input, new File(['%PDF'], 'disfarce.png', { type: 'image/png' }));
    expect(await screen.findAllByText('O arquivo não é uma imagem aceita (JPEG, PNG, WebP ou GIF)')).not.toHaveLength(
      0,
    );
    expect(screen.queryByTestId('vitrine-imagem-atual')).not.toBeInTheDocument();

    resposta = { status: 201, body: PNG_800x600 };
    await user.upload(input, new File(['png'], 'foto.png', { type: 'image/png' }));
    expect(await screen.findByTestId('vitrine-imagem-atual')).toHaveTextContent('foto.png (800 x 600 px)');
    expect(
      screen.getByText(/^A imagem tem 800 x 600 px: a proporção difere da recomendada \(1140 x 400 px\)/),
    ).toBeInTheDocument();
    // The preview shows the uploaded image with the default title colour.
    const previa = screen.getByRole('region', { name: 'Pré-visualização' });
    expect(within(previa).getByRole('presentation', { hidden: true })).toHaveAttribute('src', PNG_800x600.link);

    await user.type(screen.getByRole('textbox', { name: 'Título' }), 'Sem grupos');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Escolha pelo menos um grupo de usuários')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});

describe('/slides', { timeout: 20_000 }, () => {
  it('moves a slide up with its button, to the position above it', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/slides');
    await user.click(await screen.findByRole('button', { name: 'Mover "Campanha de revisão" para cima' }));
    await waitFor(() => expect(moved).toEqual([{ id: '2', posicao: 0 }]));
    expect(await screen.findByText('"Campanha de revisão" agora é o 1º slide')).toBeInTheDocument();
    // The first cannot go up, the last cannot go down.
    expect(screen.getByRole('button', { name: 'Mover "Feirão de novembro" para cima' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mover "Treinamento encerrado" para baixo' })).toBeDisabled();
  });

  it('moves a slide dragged by its handle to the row it is dropped on, marking that row meanwhile', async () => {
    renderAt('/slides');
    const handle = await screen.findByTitle('Arraste para mudar a ordem de "Treinamento encerrado"');
    const store = new Map<string, string>();
    const dataTransfer = {
      get types() {
        return [...store.keys()];
      },
      setData: (type: string, value: string) => store.set(type, value),
      getData: (type: string) => store.get(type) ?? '',
      effectAllowed: 'none',
      dropEffect: 'none',
    };
    const primeira = screen.getByText('Feirão de novembro').closest('tr')!;
    fireEvent.dragStart(handle, { dataTransfer });
    fireEvent.dragOver(within(primeira).getByText('Feirão de novembro'), { dataTransfer });
    expect(primeira).toHaveAttribute('data-alvo');
    fireEvent.drop(within(primeira).getByText('Feirão de novembro'), { dataTransfer });
    expect(primeira).not.toHaveAttribute('data-alvo');
    await waitFor(() => expect(moved).toEqual([{ id: '3', posicao: 0 }]));
    expect(await screen.findByText('"Treinamento encerrado" agora é o 1º slide')).toBeInTheDocument();
  });

  it('ignores a drop of anything but a slide, and a slide dropped on its own row', async () => {
    const { location } = renderAt('/slides');
    const handle = await screen.findByTitle('Arraste para mudar a ordem de "Campanha de revisão"');
    const store = new Map<string, string>([['text/plain', 'texto']]);
    const dataTransfer = {
      get types() {
        return [...store.keys()];
      },
      setData: (type: string, value: string) => store.set(type, value),
      getData: (type: string) => store.get(type) ?? '',
    };
    const propria = screen.getByText('Campanha de revisão');
    fireEvent.drop(screen.getByText('Feirão de novembro'), { dataTransfer });
    fireEvent.dragStart(handle, { dataTransfer });
    fireEvent.drop(propria, { dataTransfer });
    // A click on the handle does not open the slide either.
    fireEvent.click(handle);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(moved).toEqual([]);
    expect(location()).toBe('/slides');
  });
});
