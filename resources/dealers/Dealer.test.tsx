import { screen, waitFor, within } from '@testing-library/react';
import { renderResource } from '../../src/testing/renderResource';
import userEvent from '@testing-library/user-event';
import { graphql, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessTokenGetter } from '../../providers/dataProvider';
import { resourceHandlers } from '../../src/testing/mockApi';
import DealerCreate from './DealerCreate';
import DealerEdit from './DealerEdit';
import DealerList from './DealerList';
import {
  DEALER,
  DEALER_ROWS,
  DIVISOES,
  GRUPOS,
  MARCAS,
  NOVO_DEALER_CONTATO,
  NOVO_DEALER_REDE,
  PRODUTOS,
  SETORES,
} from './dealers.fixtures';
import { mockApiServer } from '../../src/testing/mockApi';

const origin = window.location.origin;
const api = graphql.link(new URL('/graphql', origin).href);

type Row = (typeof DEALER_ROWS)[number];
let rows: Row[] = [...DEALER_ROWS];
const listed: Record<string, unknown>[] = [];
const saved: { operation: string; input: Record<string, unknown> }[] = [];
const toggled: { id: unknown; query: string }[] = [];
const exported: URL[] = [];

const answerDealer = (input: Record<string, unknown>) => ({
  data: { result: { ...DEALER, id: '99', ...input, __typename: 'Dealer' } },
});

const server = mockApiServer(
  api.query('dealers_getList', ({ variables }) => {
    const input = variables.filterInput as { busca?: string; active?: boolean };
    listed.push(input);
    const content = rows.filter(
      (row) =>
        (!input.busca || row.nomeExibicao.toLowerCase().includes(input.busca.toLowerCase())) &&
        (input.active == null || row.active === input.active),
    );
    return HttpResponse.json({
      data: { result: { content, totalElements: content.length, __typename: 'DealerPage' } },
    });
  }),
  api.query('dealers_getOne', () => HttpResponse.json({ data: { result: DEALER } })),
  api.mutation('dealers_create', ({ variables }) => {
    saved.push({ operation: 'create', input: variables.input });
    return HttpResponse.json(answerDealer(variables.input));
  }),
  api.mutation('dealers_update', ({ variables }) => {
    saved.push({ operation: 'update', input: variables.input });
    return HttpResponse.json(answerDealer(variables.input));
  }),
  api.mutation('SetActive', ({ variables, query }) => {
    toggled.push({ id: variables.id, query });
    const active = !query.includes('inativarDealer(');
    rows = rows.map((row) => (row.id === variables.id ? { ...row, active } : row));
    return HttpResponse.json({ data: { result: { id: variables.id, active, __typename: 'Dealer' } } });
  }),
  ...resourceHandlers({ divisoes: DIVISOES, setores: SETORES, marcas: MARCAS, grupos: GRUPOS, produtos: PRODUTOS }),
  http.get(new URL('/api/exportar/dealers', origin).href, ({ request }) => {
    exported.push(new URL(request.url));
    return new HttpResponse('nomeExibicao\nAurora Centro\n', {
      headers: { 'content-type': 'text/csv', 'content-disposition': "attachment; filename*=UTF-8''dealers.csv" },
    });
  }),
);

const downloads: string[] = [];

beforeEach(() => {
  setAccessTokenGetter(async () => 'token-1');
  rows = [...DEALER_ROWS];
  // A download is an <a download> clicked on a blob URL: record it instead of navigating.
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:${origin}/1`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  listed.length = 0;
  saved.length = 0;
  toggled.length = 0;
  exported.length = 0;
  downloads.length = 0;
});

function renderAt(path: string) {
  return renderResource('dealers', { list: DealerList, create: DealerCreate, edit: DealerEdit }, path);
}

/**
 * The create wizard opened at step `passo` (1 to 4) with the earlier steps' values, as react-admin
 * prefills a create (`?source=`): a test of a step does not click through the ones before it.
 */
function renderNewAt(passo: number, values: object) {
  return renderAt(`/dealers/novo?passo=${passo}&source=${encodeURIComponent(JSON.stringify(values))}`);
}

type User = ReturnType<typeof userEvent.setup>;

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const cells = (text: string) =>
  within(rowOf(text))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('/dealers', { timeout: 20_000 }, () => {
  it('lists the dealers with masked CNPJ, codes, city, brands, groups and users', async () => {
    renderAt('/dealers');
    expect(await screen.findByText('Aurora Centro')).toBeInTheDocument();
    expect(cells('Aurora Centro').slice(0, 10)).toEqual([
      'Aurora Centro',
      'Aurora Centro Veículos Ltda',
      '11.222.333/0001-81',
      'AC-01, AC-02',
      'Curitiba / PR',
      'Aurora Motors',
      'Grupo Sul',
      '4',
      'Ativo',
      'Inativar',
    ]);
    expect(cells('Boreal Norte').slice(4, 9)).toEqual(['', 'Boreal Caminhões', '', '0', 'Inativo']);
    expect(screen.getByText('Mostrando 1 a 2 de 2 registros')).toBeInTheDocument();
    expect(listed[0]).toEqual({ page: 0, rowsPerPage: 10, sort: { field: 'nomeExibicao', order: 'ASC' } });
    expect(screen.getByRole('link', { name: 'Criar' })).toHaveAttribute('href', '/dealers/novo');
  });

  it('names every filter in the add-filter menu and on the filter itself', async () => {
    renderAt('/dealers');
    await screen.findByText('Aurora Centro');
    await userEvent.click(screen.getByRole('button', { name: 'Adicionar filtro' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitemcheckbox')
        .map((item) => item.textContent),
    ).toEqual(['Situação', 'Marcas', 'Grupos econômicos', 'Divisões']);
    await userEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Divisões' }));
    // The select's label (a multiple select is named by its label and its chosen values).
    expect(await screen.findByRole('combobox', { name: /^Divisões/ })).toBeInTheDocument();
  });

  it('exports the list with the search and filters in use', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/dealers');
    await screen.findByText('Aurora Centro');
    await user.type(screen.getByPlaceholderText('Buscar'), 'aurora');
    // The search applies after a pause; the filter menu is opened once it did.
    await waitFor(() => expect(listed.at(-1)).toMatchObject({ busca: 'aurora' }));
    await user.click(screen.getByRole('button', { name: 'Adicionar filtro' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Situação' }));
    await user.click(await screen.findByRole('combobox', { name: 'Situação' }));
    await user.click(await screen.findByRole('option', { name: 'Ativos' }));
    await waitFor(() => expect(listed.at(-1)).toMatchObject({ busca: 'aurora', active: true }));
    await waitFor(() => expect(screen.queryByText('Boreal Norte')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(downloads).toEqual(['dealers.csv']));
    expect(exported).toHaveLength(1);
    expect(exported[0].pathname).toBe('/api/exportar/dealers');
    expect(exported[0].searchParams.get('formato')).toBe('csv');
    expect(JSON.parse(exported[0].searchParams.get('filtro')!)).toEqual({
      active: true,
      busca: 'aurora',
      sort: { field: 'nomeExibicao', order: 'ASC' },
    });
  });

  it("says 'Não foi possível exportar a lista' when the export fails", async () => {
    server.use(http.get(new URL('/api/exportar/dealers', origin).href, () => HttpResponse.error()));
    const user = userEvent.setup({ delay: null });
    renderAt('/dealers');
    await screen.findByText('Aurora Centro');
    await user.click(screen.getByRole('button', { name: 'Exportar XLSX' }));
    expect(await screen.findByText('Não foi possível exportar a lista')).toBeInTheDocument();
    expect(downloads).toEqual([]);
  });

  it('inactivates a dealer after confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/dealers');
    await screen.findByText('Aurora Centro');
    await user.click(within(rowOf('Aurora Centro')).getByRole('button', { name: 'Inativar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Aurora Centro ficará inativo.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Inativar' }));
    expect(await screen.findByText('Aurora Centro inativado')).toBeInTheDocument();
    expect(toggled).toEqual([{ id: '5', query: expect.stringContaining('inativarDealer(id: $id)') }]);
    await waitFor(() => expect(cells('Aurora Centro')[8]).toBe('Inativo'));
  });

  // Its own test: after a first toast, the next waits for it to hide (4 s).
  it('says why a dealer could not be activated', async () => {
    server.use(
      api.mutation('SetActive', () =>
        HttpResponse.json({ errors: [{ message: 'Registro não encontrado', extensions: { code: 'NOT_FOUND' } }] }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderAt('/dealers');
    await screen.findByText('Boreal Norte');
    await user.click(within(rowOf('Boreal Norte')).getByRole('button', { name: 'Ativar' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Ativar' }));
    expect(await screen.findByText('Não foi possível ativar o dealer')).toBeInTheDocument();
  });
});

// The wizard.

const textbox = (name: RegExp) => screen.getByRole('textbox', { name });
const button = (name: string) => screen.getByRole('button', { name });

/** Step number of the progress bar, its filled segments, and the step's title. */
function progress() {
  // One progress bar for assistive technology, named after the step; its segments are drawing only.
  const bar = screen.getByRole('progressbar', { name: /^Passo \d de 4: / });
  const segments = [...bar.querySelectorAll('[aria-hidden="true"]')];
  return {
    step: bar.getAttribute('aria-valuenow'),
    segments: segments.map((segment) => segment.getAttribute('aria-valuenow')),
    title: screen.getByRole('heading', { level: 2 }).textContent,
  };
}

async function choose(user: User, combobox: RegExp, option: string) {
  await waitFor(() => expect(screen.getByRole('combobox', { name: combobox })).not.toHaveAttribute('aria-disabled'));
  await user.click(screen.getByRole('combobox', { name: combobox }));
  await user.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

async function next(user: User, step: string) {
  await user.click(button('Avançar'));
  await waitFor(() => expect(progress().step).toBe(step));
}

async function fillIdentificacao(user: User) {
  await user.type(await screen.findByRole('textbox', { name: /^Nome de exibição/ }), 'Aurora Centro');
  await user.type(textbox(/^Razão social/), 'Aurora Centro Veículos Ltda');
  await user.type(textbox(/^CNPJ$/), '11222333000181');
  await user.type(textbox(/^Código/), 'AC-01{Enter}');
  await choose(user, /^Divisão/, 'Vendas');
  await choose(user, /^Setor/, 'Seminovos');
}

async function fillUntilComplementares(user: User) {
  await fillIdentificacao(user);
  await next(user, '2');
  await user.type(textbox(/^Telefone/), '1133445566{Enter}');
  await user.type(textbox(/^Cidade/), 'Curitiba');
  await next(user, '3');
  await user.click(screen.getByRole('combobox', { name: /^Marcas/ }));
  await user.click(await screen.findByRole('option', { name: 'Aurora Motors' }));
  await next(user, '4');
}

/** Opens the complementary-data dialog, picks a product and types a URI, then confirms. */
async function addComplementar(user: User, produto: string | null, uri: string) {
  await user.click(button('Adicionar dado complementar'));
  const dialog = await screen.findByRole('dialog');
  if (produto) {
    await user.click(within(dialog).getByRole('combobox', { name: /^Produto/ }));
    await user.click(await screen.findByRole('option', { name: produto }));
  }
  if (uri) await user.type(within(dialog).getByRole('textbox', { name: /^URI/ }), uri);
  await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
  return dialog;
}

describe('/dealers/novo', { timeout: 30_000 }, () => {
  it('has four steps with a progress bar, starting on the identification', async () => {
    renderAt('/dealers/novo');
    expect(screen.getByRole('heading', { level: 1, name: 'Novo dealer' })).toBeInTheDocument();
    await screen.findByRole('textbox', { name: /^Nome de exibição/ });
    expect(progress()).toEqual({ step: '1', segments: ['100', '0', '0', '0'], title: 'Identificação' });
    expect(screen.getByText('Passo 1 de 4')).toBeInTheDocument();
  });

  it("refuses to move on with the step's invalid fields, each with its message", async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/dealers/novo');
    await user.type(await screen.findByRole('textbox', { name: /^Nome de exibição/ }), 'Aurora Centro');
    await user.type(textbox(/^Razão social/), 'ABC Ltda 1234');
    await user.type(textbox(/^CNPJ$/), '11222333000100');
    expect(textbox(/^CNPJ$/)).toHaveValue('11.222.333/0001-00');
    await user.click(button('Avançar'));
    expect(await screen.findByText('A razão social deve ter pelo menos 10 letras')).toBeInTheDocument();
    expect(screen.getByText('Informe pelo menos um código')).toBeInTheDocument();
    expect(screen.getByText('CNPJ inválido')).toBeInTheDocument();
    // Division and sector.
    expect(screen.getAllByText('Campo obrigatório')).toHaveLength(2);
    expect(progress().step).toBe('1');
    expect(saved).toEqual([]);
    // Each error goes as soon as its field is right, before the next click on Avançar.
    await user.clear(textbox(/^Razão social/));
    await user.type(textbox(/^Razão social/), 'Aurora Centro Veículos Ltda');
    await user.type(textbox(/^Código/), 'AC-01{Enter}');
    await waitFor(() =>
      expect(screen.queryByText('A razão social deve ter pelo menos 10 letras')).not.toBeInTheDocument(),
    );
    expect(screen.queryByText('Informe pelo menos um código')).not.toBeInTheDocument();
    expect(screen.getByText('CNPJ inválido')).toBeInTheDocument();
  });

  it('refuses an invalid additional CNPJ before adding it', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/dealers/novo');
    await user.type(await screen.findByRole('textbox', { name: /^CNPJ adicional/ }), '45287116000100{Enter}');
    expect(await screen.findByText('CNPJ inválido')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'CNPJ adicional' })).queryAllByRole('listitem')).toHaveLength(0);
    await user.clear(textbox(/^CNPJ adicional/));
    await user.type(textbox(/^CNPJ adicional/), '45287116000191{Enter}');
    expect(within(screen.getByRole('list', { name: 'CNPJ adicional' })).getByRole('listitem')).toHaveTextContent(
      '45.287.116/0001-91',
    );
  });

  it('refuses a code over 20 characters with a message instead of cutting it', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/dealers/novo');
    await user.type(await screen.findByRole('textbox', { name: /^Código/ }), 'ABCDEFGHIJKLMNOPQRSTU{Enter}');
    expect(await screen.findByText('Um código tem no máximo 20 caracteres')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Código' })).queryAllByRole('listitem')).toHaveLength(0);
    expect(textbox(/^Código/)).toHaveValue('ABCDEFGHIJKLMNOPQRSTU');
  });

  it('offers the sectors of the chosen division, and clears the sector when the division changes', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/dealers/novo');
    expect(await screen.findByRole('combobox', { name: /^Setor/ })).toHaveAttribute('aria-disabled', 'true');
    await choose(user, /^Divisão/, 'Vendas');
    await user.click(screen.getByRole('combobox', { name: /^Setor/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent).filter(Boolean)).toEqual(['Seminovos', 'Veículos novos']);
    await user.click(screen.getByRole('option', { name: 'Seminovos' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Setor/ })).toHaveTextContent('Seminovos'));
    await choose(user, /^Divisão/, 'Pós-venda');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Setor/ })).not.toHaveTextContent('Seminovos'));
    await user.click(screen.getByRole('combobox', { name: /^Setor/ }));
    const after = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(after.map((o) => o.textContent).filter(Boolean)).toEqual(['Peças']);
  });

  it('goes back keeping the values, and cancels to the list from the first step', async () => {
    const user = userEvent.setup({ delay: null });
    const { location } = renderAt('/dealers/novo');
    await fillIdentificacao(user);
    await next(user, '2');
    expect(progress()).toEqual({ step: '2', segments: ['100', '100', '0', '0'], title: 'Contato e endereço' });
    await user.click(button('Voltar'));
    await waitFor(() => expect(progress().step).toBe('1'));
    expect(textbox(/^Nome de exibição/)).toHaveValue('Aurora Centro');
    expect(textbox(/^CNPJ$/)).toHaveValue('11.222.333/0001-81');
    expect(within(screen.getByRole('list', { name: 'Código' })).getByRole('listitem')).toHaveTextContent('AC-01');
    expect(screen.getByRole('combobox', { name: /^Setor/ })).toHaveTextContent('Seminovos');
    await user.click(button('Cancelar'));
    await waitFor(() => expect(location()).toBe('/dealers'));
    expect(saved).toEqual([]);
  });

  it('requires a brand on the network step', async () => {
    const user = userEvent.setup({ delay: null });
    renderNewAt(3, NOVO_DEALER_CONTATO);
    await screen.findByRole('combobox', { name: /^Marcas/ });
    expect(progress()).toEqual({ step: '3', segments: ['100', '100', '100', '0'], title: 'Marcas e grupos' });
    await user.click(button('Avançar'));
    expect(await screen.findByText('Selecione pelo menos 1')).toBeInTheDocument();
    expect(progress().step).toBe('3');
  });

  it('offers only the brands the caller may assign', async () => {
    const user = userEvent.setup({ delay: null });
    renderNewAt(3, NOVO_DEALER_CONTATO);
    await user.click(await screen.findByRole('combobox', { name: /^Marcas/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Aurora Motors', 'Boreal Caminhões']);
  });

  it('opens at step 1 when ?passo is out of range', async () => {
    renderAt('/dealers/novo?passo=9');
    await screen.findByRole('textbox', { name: /^Nome de exibição/ });
    expect(progress().step).toBe('1');
  });

  it('checks the complementary data in its dialog: product and URI required, a URL, one per product', async () => {
    const user = userEvent.setup({ delay: null });
    renderNewAt(4, NOVO_DEALER_REDE);
    expect(await screen.findByText('Nenhum dado complementar.')).toBeInTheDocument();
    expect(progress()).toEqual({ step: '4', segments: ['100', '100', '100', '100'], title: 'Dados complementares' });

    let dialog = await addComplementar(user, null, '');
    expect(within(dialog).getAllByText('Campo obrigatório')).toHaveLength(2);

    await user.click(within(dialog).getByRole('combobox', { name: /^Produto/ }));
    await user.click(await screen.findByRole('option', { name: 'Portal Peças' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^URI/ }), 'pecas aurora');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(await within(dialog).findByText('URL inválida')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: /^URI/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^URI/ }), 'https://pecas.aurora.test');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const table = screen.getByRole('table', { name: 'Dados complementares' });
    expect(within(table).getByText('Portal Peças')).toBeInTheDocument();
    expect(within(table).getByText('https://pecas.aurora.test')).toBeInTheDocument();

    // The same product again is refused.
    dialog = await addComplementar(user, 'Portal Peças', 'https://outra.aurora.test');
    expect(await within(dialog).findByText('Produto repetido')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(screen.queryByText('https://outra.aurora.test')).not.toBeInTheDocument();

    // Removing it empties the list.
    await user.click(within(table).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText('Nenhum dado complementar.')).toBeInTheDocument();
  });

  it('saves with salvarDealer and the values of every step, then goes to the list', async () => {
    const user = userEvent.setup({ delay: null });
    const { location } = renderAt('/dealers/novo');
    await fillUntilComplementares(user);
    await addComplementar(user, 'Portal Garantia', 'https://garantia.aurora.test');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(button('Salvar'));
    await waitFor(() => expect(location()).toBe('/dealers'));
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      operation: 'create',
      input: {
        nomeExibicao: 'Aurora Centro',
        razaoSocial: 'Aurora Centro Veículos Ltda',
        cnpj: '11.222.333/0001-81',
        cnpjsAdicionais: [],
        codigos: ['AC-01'],
        divisaoId: '1',
        setorId: '12',
        telefones: ['(11) 3344-5566'],
        celulares: [],
        endereco: expect.objectContaining({ cidade: 'Curitiba' }),
        marcaIds: ['1'],
        grupoIds: [],
        dadosComplementares: [{ produtoId: '32', uri: 'https://garantia.aurora.test' }],
        active: true,
      },
    });
    expect(Object.keys(saved[0].input).sort()).toEqual(
      [
        'active',
        'celulares',
        'cnpj',
        'cnpjsAdicionais',
        'codigos',
        'dadosComplementares',
        'divisaoId',
        'endereco',
        'grupoIds',
        'marcaIds',
        'nomeExibicao',
        'razaoSocial',
        'setorId',
        'telefones',
      ].sort(),
    );
    expect(await screen.findByText('Dealer Aurora Centro salvo')).toBeInTheDocument();
  });

  it("brings the wizard back to the first step with the API's message under the name", async () => {
    server.use(
      api.mutation('dealers_create', ({ variables }) => {
        saved.push({ operation: 'create', input: variables.input });
        return HttpResponse.json({
          errors: [
            {
              message: 'Verifique os dados!',
              extensions: {
                code: 'BAD_USER_INPUT',
                fieldErrors: { nomeExibicao: 'Já existe um dealer com este nome' },
              },
            },
          ],
          data: null,
        });
      }),
    );
    const user = userEvent.setup({ delay: null });
    const { location } = renderNewAt(4, NOVO_DEALER_REDE);
    await user.click(await screen.findByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Já existe um dealer com este nome')).toBeInTheDocument();
    await waitFor(() => expect(progress().step).toBe('1'));
    const nome = textbox(/^Nome de exibição/);
    expect(nome).toHaveAttribute('aria-invalid', 'true');
    expect(nome.closest('.MuiFormControl-root')).toContainElement(
      screen.getByText('Já existe um dealer com este nome'),
    );
    expect(saved).toHaveLength(1);
    expect(location()).toBe('/dealers/novo');
    // Changing the name clears the server's error on it.
    await user.type(nome, ' Norte');
    await waitFor(() => expect(screen.queryByText('Já existe um dealer com este nome')).not.toBeInTheDocument());
    expect(nome).toHaveAttribute('aria-invalid', 'false');
  });
});

describe('/dealers/:id', { timeout: 30_000 }, () => {
  it('shows the saved dealer with its masks, and saves it with its id', async () => {
    const user = userEvent.setup({ delay: null });
    const { location } = renderAt('/dealers/5');
    expect(screen.getByRole('heading', { level: 1, name: 'Editar dealer' })).toBeInTheDocument();
    // The wizard names the dealer it edits.
    expect(await screen.findByText('Aurora Centro', { selector: 'p' })).toBeInTheDocument();
    expect(textbox(/^CNPJ$/)).toHaveValue('11.222.333/0001-81');
    expect(within(screen.getByRole('list', { name: 'CNPJ adicional' })).getByRole('listitem')).toHaveTextContent(
      '45.287.116/0001-91',
    );
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Setor/ })).toHaveTextContent('Veículos novos'));
    await user.clear(textbox(/^Razão social/));
    await user.type(textbox(/^Razão social/), 'Aurora Centro Automóveis Ltda');
    await next(user, '2');
    expect(within(screen.getByRole('list', { name: 'Telefone' })).getByRole('listitem')).toHaveTextContent(
      '(11) 3344-5566',
    );
    expect(within(screen.getByRole('list', { name: 'Celular' })).getByRole('listitem')).toHaveTextContent(
      '(11) 98765-4321',
    );
    await next(user, '3');
    await next(user, '4');
    expect(await screen.findByText('Portal Peças')).toBeInTheDocument();
    await user.click(button('Salvar'));
    await waitFor(() => expect(location()).toBe('/dealers'));
    expect(saved).toEqual([
      {
        operation: 'update',
        input: expect.objectContaining({
          id: '5',
          // The version read comes back, so the server can refuse the save if someone saved since.
          version: 3,
          razaoSocial: 'Aurora Centro Automóveis Ltda',
          cnpj: '11222333000181',
          codigos: ['AC-01', 'AC-02'],
          setorId: '11',
          dadosComplementares: [{ produtoId: '31', uri: 'https://pecas.aurora.test' }],
        }),
      },
    ]);
  });

  it('says that someone else saved the dealer since it was opened, and stays on the form', async () => {
    const message =
      'Outra pessoa salvou este registro depois que você o abriu. Recarregue a página para ver a versão atual e refaça a sua alteração.';
    server.use(
      api.mutation('dealers_update', ({ variables }) => {
        saved.push({ operation: 'update', input: variables.input });
        return HttpResponse.json({ errors: [{ message, extensions: { code: 'CONFLICT' } }], data: null });
      }),
    );
    const user = userEvent.setup({ delay: null });
    // Opened at its last step: the change and the save are all the test needs.
    const { location } = renderAt('/dealers/5?passo=4');
    const table = await screen.findByRole('table', { name: 'Dados complementares' });
    expect(progress().step).toBe('4');
    await user.click(within(table).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText('Nenhum dado complementar.')).toBeInTheDocument();
    await user.click(button('Salvar'));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(location()).toBe('/dealers/5');
  });
});
