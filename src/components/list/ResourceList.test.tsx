import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, http, HttpResponse } from 'msw';
import {
  AdminContext,
  DataTable,
  Notification,
  ResourceContextProvider,
  TestMemoryRouter,
  memoryStore,
} from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads, type Download } from '../../testing/downloads';
import { createDataProvider, setAccessTokenGetter } from '../../../providers/dataProvider';
import { createI18nProvider } from '../../../providers/i18nProvider';
import { mockViewport } from '../../testing/viewport';
import { ResourceList } from './ResourceList';
import { mockApiServer } from '../../testing/mockApi';

// The shared list over the real data provider (paged `grupos` query built from domain/resources.ts),
// with the API played by msw. The resource's own list (GrupoList) is tested in resources/grupos.

const origin = window.location.origin;
const api = graphql.link(new URL('/graphql', origin).href);

interface Row {
  id: string;
  nome: string;
  totalDealers: number;
  active: boolean;
  [key: string]: unknown;
}
interface FilterInput {
  page?: number;
  rowsPerPage?: number;
  busca?: string;
  active?: boolean;
  sort?: { field: keyof Row; order: 'ASC' | 'DESC' };
}

const NOMES = [
  'Alvorada',
  'Bandeirantes',
  'Cerrado',
  'Delta',
  'Estrela',
  'Farol',
  'Guará',
  'Horizonte',
  'Ipê',
  'Jatobá',
  'Litoral',
  'Mantiqueira',
  'Norte',
  'Oeste',
];
// 14 groups; Farol and Norte inactive; dealer counts all different.
const fixture = (): Row[] =>
  NOMES.map((nome, index) => ({
    id: String(index + 1),
    nome: `Grupo ${nome}`,
    totalDealers: (index * 5) % 14,
    active: nome !== 'Farol' && nome !== 'Norte',
  }));

const fold = (value: unknown) => String(value).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The API's paging: search by name, active, sort, then the page. */
function page(rows: Row[], input: FilterInput) {
  let content = rows.filter(
    (row) =>
      (!input.busca || fold(row.nome).includes(fold(input.busca))) &&
      (input.active == null || row.active === input.active),
  );
  if (input.sort) {
    const { field, order } = input.sort;
    const sign = order === 'DESC' ? -1 : 1;
    content = [...content].sort((a, b) => {
      const [x, y] = [a[field], b[field]];
      return sign * (typeof x === 'number' && typeof y === 'number' ? x - y : fold(x).localeCompare(fold(y)));
    });
  }
  const size = input.rowsPerPage ?? 10;
  const start = (input.page ?? 0) * size;
  return {
    content: content
      .slice(start, start + size)
      .map((row) => ({ ...row, createdAt: '2024-01-01T00:00:00.000Z', marcaIds: [], marcas: [], __typename: 'Grupo' })),
    totalElements: content.length,
    __typename: 'GrupoPage',
  };
}

let rows = fixture();
const listed: FilterInput[] = [];
const toggled: { id: unknown; query: string }[] = [];
const exported: { url: URL; authorization: string | null }[] = [];

const server = mockApiServer(
  api.query('grupos_getList', ({ variables }) => {
    listed.push(variables.filterInput);
    return HttpResponse.json({ data: { result: page(rows, variables.filterInput) } });
  }),
  api.mutation('SetActive', ({ variables, query }) => {
    toggled.push({ id: variables.id, query });
    const active = query.includes('ativarGrupo(') && !query.includes('inativarGrupo(');
    rows = rows.map((row) => (row.id === variables.id ? { ...row, active } : row));
    return HttpResponse.json({ data: { result: { id: variables.id, active, __typename: 'Grupo' } } });
  }),
  http.get(new URL('/api/exportar/grupos', origin).href, ({ request }) => {
    const url = new URL(request.url);
    exported.push({ url, authorization: request.headers.get('authorization') });
    return new HttpResponse(`nome\nGrupo Alvorada\n`, {
      headers: {
        'content-type': 'text/csv',
        'content-disposition': `attachment; filename*=UTF-8''grupos-${url.searchParams.get('formato')}.${url.searchParams.get('formato')}`,
      },
    });
  }),
);

let downloads: Download[] = [];

beforeEach(() => {
  setAccessTokenGetter(async () => 'token-1');
  rows = fixture();
  downloads = [];
  captureDownloads(downloads);
});
afterEach(() => {
  vi.restoreAllMocks();
  listed.length = 0;
  toggled.length = 0;
  exported.length = 0;
});

function GruposTable() {
  return (
    <ResourceList
      primaryText={(grupo) => grupo.nome}
      secondaryText={(grupo) => `${grupo.totalDealers} dealers`}
      exportName="grupos"
      sort={{ field: 'nome', order: 'ASC' }}
      activeToggle={{
        nameOf: (grupo) => grupo.nome,
        errorMessages: { activate: 'grupos.activateError', inactivate: 'grupos.inactivateError' },
      }}
    >
      <DataTable.Col source="nome" label="grupos.fields.nome" />
      <DataTable.Col source="totalDealers" label="grupos.fields.totalDealers" />
    </ResourceList>
  );
}

function renderList() {
  let location = '';
  render(
    <TestMemoryRouter
      initialEntries={['/grupos']}
      locationCallback={(l) => {
        location = l.pathname;
      }}
    >
      <AdminContext
        dataProvider={createDataProvider()}
        i18nProvider={createI18nProvider({ idioma: 'PT_BR' })}
        store={memoryStore()}
      >
        <ResourceContextProvider value="grupos">
          <GruposTable />
        </ResourceContextProvider>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { location: () => location };
}

/** The names in the table's first column, in order. */
const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const lastListed = () => listed[listed.length - 1];
const previous = () => screen.getByRole('button', { name: 'Ir para a página anterior' });
const next = () => screen.getByRole('button', { name: 'Ir para a próxima página' });

describe('ResourceList', { timeout: 20_000 }, () => {
  it('shows the first page of the API, sorted by name, with its range and the create link', async () => {
    renderList();
    expect(await screen.findByText('Grupo Alvorada')).toBeInTheDocument();
    expect(names()).toEqual(
      fixture()
        .slice(0, 10)
        .map((row) => row.nome),
    );
    expect(screen.getByText('Mostrando 1 a 10 de 14 registros')).toBeInTheDocument();
    expect(lastListed()).toEqual({ page: 0, rowsPerPage: 10, sort: { field: 'nome', order: 'ASC' } });
    expect(within(rowOf('Grupo Farol')).getByText('Inativo')).toBeInTheDocument();
    expect(within(rowOf('Grupo Alvorada')).getByText('Ativo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Criar' })).toHaveAttribute('href', '/grupos/novo');
  });

  it('opens a row with Enter once reached with Tab, and not from a button inside it', async () => {
    const user = userEvent.setup({ delay: null });
    const { location } = renderList();
    await screen.findByText('Grupo Alvorada');
    const alvorada = rowOf('Grupo Alvorada');
    const toggle = within(alvorada).getByRole('button', { name: 'Inativar' });
    // Tab goes from the header's sort buttons to the first row, then into its action.
    toggle.focus();
    await user.tab({ shift: true });
    expect(alvorada).toHaveFocus();
    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe('/grupos');

    rowOf('Grupo Bandeirantes').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/grupos/2'));
  });

  it('under 768 px lists the records as links with name, second line and status, still paged', async () => {
    mockViewport(375);
    const user = userEvent.setup({ delay: null });
    const { location } = renderList();
    const alvorada = await screen.findByRole('link', { name: /Grupo Alvorada/ });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(alvorada).toHaveAttribute('href', '/grupos/1');
    expect(alvorada).toHaveTextContent('0 dealers');
    expect(within(alvorada).getByText('Ativo')).toBeInTheDocument();
    expect(within(screen.getByRole('link', { name: /Grupo Farol/ })).getByText('Inativo')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Grupo / })).toHaveLength(10);
    expect(screen.getByText('Mostrando 1 a 10 de 14 registros')).toBeInTheDocument();

    await user.click(next());
    expect(await screen.findByRole('link', { name: /Grupo Oeste/ })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Grupo / })).toHaveLength(4);
    expect(lastListed()).toMatchObject({ page: 1, rowsPerPage: 10 });

    screen.getByRole('link', { name: /Grupo Norte/ }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/grupos/13'));
  });

  it('under 768 px keeps each row action beside its link, reachable by Tab, behind the confirmation', async () => {
    mockViewport(375);
    const user = userEvent.setup({ delay: null });
    const { location } = renderList();
    const alvorada = await screen.findByRole('link', { name: /Grupo Alvorada/ });
    const item = alvorada.closest('li')!;
    const inativar = within(item).getByRole('button', { name: 'Inativar' });
    expect(alvorada).not.toContainElement(inativar);
    expect(
      within(screen.getByRole('link', { name: /Grupo Farol/ }).closest('li')!).getByRole('button', { name: 'Ativar' }),
    ).toBeInTheDocument();
    alvorada.focus();
    await user.tab();
    expect(inativar).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Grupo Alvorada');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe('/grupos');
  });

  it('disables previous on the first page and next on the last', async () => {
    const user = userEvent.setup({ delay: null });
    renderList();
    await screen.findByText('Mostrando 1 a 10 de 14 registros');
    expect(previous()).toBeDisabled();
    expect(next()).toBeEnabled();
    await user.click(next());
    // The range moves at once; the rows when the page arrives.
    await waitFor(() => expect(names()).toEqual(['Grupo Litoral', 'Grupo Mantiqueira', 'Grupo Norte', 'Grupo Oeste']));
    expect(screen.getByText('Mostrando 11 a 14 de 14 registros')).toBeInTheDocument();
    expect(lastListed()).toMatchObject({ page: 1, rowsPerPage: 10 });
    expect(next()).toBeDisabled();
    expect(previous()).toBeEnabled();
    await user.click(previous());
    expect(await screen.findByText('Mostrando 1 a 10 de 14 registros')).toBeInTheDocument();
    expect(lastListed()).toMatchObject({ page: 0 });
  });

  it('changes the rows per page', async () => {
    const user = userEvent.setup({ delay: null });
    renderList();
    await screen.findByText('Mostrando 1 a 10 de 14 registros');
    await user.click(screen.getByRole('combobox', { name: /Linhas por página/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['5', '10', '25', '50']);
    await user.click(screen.getByRole('option', { name: '25' }));
    await waitFor(() => expect(names()).toHaveLength(14));
    expect(screen.getByText('Mostrando 1 a 14 de 14 registros')).toBeInTheDocument();
    expect(lastListed()).toMatchObject({ page: 0, rowsPerPage: 25 });
    // One page only: previous and next stay, disabled.
    expect(previous()).toBeDisabled();
    expect(next()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Página 1' })).toHaveAttribute('aria-current', 'page');
  });

  it('sends what is typed in the search box as `busca`', async () => {
    const user = userEvent.setup({ delay: null });
    renderList();
    await screen.findByText('Grupo Alvorada');
    await user.type(screen.getByPlaceholderText('Buscar'), 'guara');
    await waitFor(() => expect(names()).toEqual(['Grupo Guará']));
    expect(screen.getByText('Mostrando 1 a 1 de 1 registros')).toBeInTheDocument();
    expect(lastListed()).toEqual({ busca: 'guara', page: 0, rowsPerPage: 10, sort: { field: 'nome', order: 'ASC' } });
  });

  it('filters by situation, sending `active: false` for the inactive ones', async () => {
    const user = userEvent.setup({ delay: null });
    renderList();
    await screen.findByText('Grupo Alvorada');
    await user.click(screen.getByRole('button', { name: 'Adicionar filtro' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Situação' }));
    await user.click(await screen.findByRole('combobox', { name: 'Situação' }));
    await user.click(await screen.findByRole('option', { name: 'Inativos' }));
    await waitFor(() => expect(names()).toEqual(['Grupo Farol', 'Grupo Norte']));
    expect(lastListed()).toEqual({ active: false, page: 0, rowsPerPage: 10, sort: { field: 'nome', order: 'ASC' } });
    expect(screen.getByText('Mostrando 1 a 2 de 2 registros')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Situação' }));
    await user.click(await screen.findByRole('option', { name: 'Ativos' }));
    await waitFor(() => expect(lastListed()).toMatchObject({ active: true }));
    expect(await screen.findByText('Mostrando 1 a 10 de 12 registros')).toBeInTheDocument();
  });

  it('sorts by the header clicked, sending `sort`', async () => {
    const user = userEvent.setup({ delay: null });
    renderList();
    await screen.findByText('Grupo Alvorada');
    await user.click(screen.getByRole('button', { name: 'Ordenar por dealers em ordem crescente' }));
    await waitFor(() => expect(lastListed()).toMatchObject({ sort: { field: 'totalDealers', order: 'ASC' } }));
    const byDealers = [...fixture()].sort((a, b) => a.totalDealers - b.totalDealers).map((row) => row.nome);
    await waitFor(() => expect(names()).toEqual(byDealers.slice(0, 10)));
    await user.click(screen.getByRole('button', { name: 'Ordenar por dealers em ordem decrescente' }));
    await waitFor(() => expect(lastListed()).toMatchObject({ sort: { field: 'totalDealers', order: 'DESC' } }));
    await waitFor(() => expect(names()).toEqual([...byDealers].reverse().slice(0, 10)));
    // The action column cannot be sorted.
    expect(screen.getByRole('columnheader', { name: 'Ações' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Ordenar por ações/ })).not.toBeInTheDocument();
  });

  it('inactivates a row only after confirming, then says so and reloads the list', async () => {
    const user = userEvent.setup({ delay: null });
    renderList();
    await screen.findByText('Grupo Alvorada');
    await user.click(within(rowOf('Grupo Alvorada')).getByRole('button', { name: 'Inativar' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Inativar Grupo Alvorada?')).toBeInTheDocument();
    expect(within(dialog).getByText('Grupo Alvorada ficará inativo.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toggled).toEqual([]);

    const loads = listed.length;
    await user.click(within(rowOf('Grupo Alvorada')).getByRole('button', { name: 'Inativar' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Inativar' }));
    expect(await screen.findByText('Grupo Alvorada inativado')).toBeInTheDocument();
    expect(toggled).toEqual([{ id: '1', query: expect.stringContaining('inativarGrupo(id: $id)') }]);
    await waitFor(() => expect(within(rowOf('Grupo Alvorada')).getByText('Inativo')).toBeInTheDocument());
    expect(listed.length).toBeGreaterThan(loads);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('activates an inactive row with the activate mutation', async () => {
    const user = userEvent.setup({ delay: null });
    renderList();
    await screen.findByText('Grupo Farol');
    await user.click(within(rowOf('Grupo Farol')).getByRole('button', { name: 'Ativar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Ativar Grupo Farol?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ativar' }));
    expect(await screen.findByText('Grupo Farol ativado')).toBeInTheDocument();
    expect(toggled).toEqual([{ id: '6', query: expect.stringContaining(' ativarGrupo(id: $id)') }]);
    await waitFor(() => expect(within(rowOf('Grupo Farol')).getByText('Ativo')).toBeInTheDocument());
  });

  it("shows the resource's error message when the change is refused", async () => {
    server.use(
      api.mutation('SetActive', () =>
        HttpResponse.json({
          errors: [{ message: 'Você não tem permissão para realizar esta ação.', extensions: { code: 'FORBIDDEN' } }],
          data: null,
        }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderList();
    await screen.findByText('Grupo Alvorada');
    await user.click(within(rowOf('Grupo Alvorada')).getByRole('button', { name: 'Inativar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Inativar' }));
    expect(await screen.findByText('Não foi possível inativar o grupo')).toBeInTheDocument();
    // The dialog stays open for another try, and the row is unchanged.
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(rowOf('Grupo Alvorada')).getByText('Ativo')).toBeInTheDocument();
  });

  it('exports the filtered, sorted list as CSV and XLSX with the bearer token', async () => {
    const user = userEvent.setup({ delay: null });
    renderList();
    await screen.findByText('Grupo Alvorada');
    await user.type(screen.getByPlaceholderText('Buscar'), 'grupo');
    await waitFor(() => expect(lastListed()).toMatchObject({ busca: 'grupo' }));
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(exported).toHaveLength(1);
    const [{ url, authorization }] = exported;
    expect(url.pathname).toBe('/api/exportar/grupos');
    expect(url.searchParams.get('formato')).toBe('csv');
    expect(JSON.parse(url.searchParams.get('filtro')!)).toEqual({
      busca: 'grupo',
      sort: { field: 'nome', order: 'ASC' },
    });
    expect(authorization).toBe('Bearer token-1');
    expect(downloads[0].name).toBe('grupos-csv.csv');
    expect(await downloads[0].blob.text()).toBe('nome\nGrupo Alvorada\n');

    await user.click(screen.getByRole('button', { name: 'Exportar XLSX' }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(exported[1].url.searchParams.get('formato')).toBe('xlsx');
    expect(downloads[1].name).toBe('grupos-xlsx.xlsx');
  });

  it('says the export failed when the API refuses it, and downloads nothing', async () => {
    server.use(
      http.get(new URL('/api/exportar/grupos', origin).href, () =>
        HttpResponse.json({ message: 'Uma exportação já está em andamento' }, { status: 409 }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderList();
    await screen.findByText('Grupo Alvorada');
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(await screen.findByText('Não foi possível exportar a lista')).toBeInTheDocument();
    expect(downloads).toEqual([]);
    // The buttons are usable again.
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
  });
});
