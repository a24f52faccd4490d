import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildSchema, parse, validate } from 'graphql';
import { graphql, HttpResponse } from 'msw';
import { AdminContext, TestMemoryRouter, memoryStore } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Idioma } from '../../../domain/enums';
import { createDataProvider, setAccessTokenGetter } from '../../../providers/dataProvider';
import { createI18nProvider } from '../../../providers/i18nProvider';
import { OPERATIONS } from '../../../domain/operations';
import { namedQuery } from '../../../providers/dataProvider/namedOperations';
import type { AuditoriaHistorico, AuditoriaVariables } from './auditoria';
import { answerFor, HISTORICO_NOMES, HISTORICO_VAZIO } from './auditoria.fixtures';
import AuditoriaPage from './AuditoriaPage';
import { queryStates, type StateOptions } from '../../testing/viewStates';
import { mockApiServer } from '../../testing/mockApi';
import { formatDate } from '../../components/format';

const api = graphql.link(new URL('/graphql', window.location.origin).href);
const requests: { filterInput: AuditoriaVariables['filterInput']; authorization: string | null }[] = [];
const answer = (respond: (v: AuditoriaVariables['filterInput']) => AuditoriaHistorico = answerFor) =>
  api.query<{ result: AuditoriaHistorico }, AuditoriaVariables>('auditoria_historico', ({ variables, request }) => {
    requests.push({ filterInput: variables.filterInput, authorization: request.headers.get('authorization') });
    return HttpResponse.json({ data: { result: respond(variables.filterInput) } });
  });
const server = mockApiServer(answer());

/** The page's four states (src/testing/viewStates), from the history fixtures. */
const queryStatesOfAuditoria = (options?: StateOptions) =>
  queryStates<AuditoriaVariables>(
    'auditoria_historico',
    {
      empty: { result: HISTORICO_VAZIO },
      loaded: (variables) => ({ result: answerFor(variables.filterInput) }),
    },
    options,
  );
const STATES = queryStatesOfAuditoria();

beforeEach(() => setAccessTokenGetter(async () => 'token-1'));
afterEach(() => {
  requests.length = 0;
});

function renderPage(url = '/auditoria/12/DEALER', idioma: Idioma = 'PT_BR') {
  render(
    <TestMemoryRouter initialEntries={[url]}>
      <AdminContext
        dataProvider={createDataProvider()}
        i18nProvider={createI18nProvider({ idioma })}
        store={memoryStore()}
      >
        <Routes>
          <Route path="/auditoria/:id/:tipo" element={<AuditoriaPage />} />
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const dateTime = (iso: string, locale = 'pt-BR') =>
  formatDate(iso, locale, { dateStyle: 'short', timeStyle: 'medium' });

/** The text of each cell of the history table's body rows. */
function bodyRows() {
  const table = screen.getByRole('table', { name: 'Histórico de alterações' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

describe('/auditoria/{id}/{tipo}', () => {
  it('shows the newest changes first, with date, author, fields and values (Loaded)', async () => {
    renderPage();
    // The id until the history comes with the record's name.
    expect(screen.getByRole('heading', { level: 1, name: 'Auditoria — Dealer #12' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Histórico de alterações' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Auditoria — Dealer Aurora Centro' })).toBeInTheDocument();
    expect(requests).toEqual([
      { filterInput: { tipo: 'DEALER', registroId: '12', page: 0, rowsPerPage: 10 }, authorization: 'Bearer token-1' },
    ]);
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Alteração', 'Data', 'Autor', 'Campos alterados', 'Valor anterior', 'Valor novo']);
    const rows = bodyRows();
    expect(rows).toHaveLength(10);
    expect(rows[0]).toEqual([
      'Alteração',
      dateTime('2026-03-12T13:45:00.000Z'),
      'Ana Souzaana@portal.test',
      'Telefones',
      'Telefones: (11) 3000-0001',
      'Telefones: (11) 3000-0001, (11) 3000-0002',
    ]);
    // Cascade names translated, booleans in words, fields unknown to the catalog by their name.
    expect(rows[1]).toEqual([
      'Inativação em cascata',
      dateTime('2026-03-11T10:00:00.000Z'),
      'Bruno Limabruno@portal.test',
      'Ativo, Grupo econômico',
      'Ativo: Sim',
      'Ativo: NãoGrupo econômico: Grupo Aurora',
    ]);
    expect(rows[2].slice(0, 3)).toEqual(['Sincronização', dateTime('2026-03-10T10:00:00.000Z'), 'Sistema']);
    expect(rows[4][3]).toBe('campoNovo');
    expect(screen.getByText('Mostrando 1 a 10 de 12 registros')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ir para a página anterior' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Ir para a próxima página' })).toBeEnabled();
  });

  it('pages forward and back; the last page disables next', async () => {
    renderPage();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Ir para a próxima página' }));
    expect(await screen.findByText('Mostrando 11 a 12 de 12 registros')).toBeInTheDocument();
    expect(requests.at(-1)!.filterInput).toEqual({ tipo: 'DEALER', registroId: '12', page: 1, rowsPerPage: 10 });
    const rows = bodyRows();
    expect(rows.map((r) => r[0])).toEqual(['Alteração', 'Criação']);
    // A creation has no previous value.
    expect(rows[1][4]).toBe('—');
    expect(screen.getByRole('button', { name: 'Ir para a próxima página' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Ir para a página anterior' }));
    expect(await screen.findByText('Mostrando 1 a 10 de 12 registros')).toBeInTheDocument();
  });

  it('changes the page size', async () => {
    renderPage();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('combobox', { name: 'Linhas por página:' }));
    await userEvent.click(screen.getByRole('option', { name: '25' }));
    expect(await screen.findByText('Mostrando 1 a 12 de 12 registros')).toBeInTheDocument();
    expect(requests.at(-1)!.filterInput).toMatchObject({ page: 0, rowsPerPage: 25 });
    expect(bodyRows()).toHaveLength(12);
  });

  it('filters by a field of the history, back on the first page', async () => {
    renderPage();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Ir para a próxima página' }));
    await screen.findByText('Mostrando 11 a 12 de 12 registros');

    await userEvent.click(screen.getByRole('combobox', { name: 'Campo' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    // Every field of the history, by its translated name (raw name when unknown), sorted.
    expect(options).toEqual([
      'Todos os campos',
      'Ativo',
      'campoNovo',
      'Cidade',
      'Códigos',
      'dataFundacao',
      'Endereço',
      'Grupo econômico',
      'Nome de exibição',
      'Razão social',
      'Telefones',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Ativo' }));
    expect(await screen.findByText('Mostrando 1 a 2 de 2 registros')).toBeInTheDocument();
    expect(requests.at(-1)!.filterInput).toEqual({
      tipo: 'DEALER',
      registroId: '12',
      campo: 'active',
      page: 0,
      rowsPerPage: 10,
    });
    expect(bodyRows().map((r) => r[0])).toEqual(['Inativação em cascata', 'Criação']);

    await userEvent.click(screen.getByRole('combobox', { name: 'Campo' }));
    await userEvent.click(screen.getByRole('option', { name: 'Todos os campos' }));
    expect(await screen.findByText('Mostrando 1 a 10 de 12 registros')).toBeInTheDocument();
    expect(requests.at(-1)!.filterInput).not.toHaveProperty('campo');
  });

  it('says when the chosen field never changed on the current filter', async () => {
    server.use(answer((f) => (f.campo ? { ...answerFor(f), content: [], totalElements: 0 } : answerFor(f))));
    renderPage();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('combobox', { name: 'Campo' }));
    await userEvent.click(screen.getByRole('option', { name: 'Telefones' }));
    expect(await screen.findByText('Nenhuma alteração deste campo.')).toBeInTheDocument();
    // The filter stays, to choose another field.
    expect(screen.getByRole('combobox', { name: 'Campo' })).toHaveTextContent('Telefones');
  });

  it('opens a change side by side, highlighting what changed', async () => {
    renderPage();
    await screen.findByRole('table');
    await userEvent.click(screen.getAllByRole('row')[1]);
    const dialog = await screen.findByRole('dialog', { name: `Alteração em ${dateTime('2026-03-12T13:45:00.000Z')}` });
    expect(within(dialog).getByText('Por Ana Souza (ana@portal.test)')).toBeInTheDocument();
    const table = within(dialog).getByRole('table', { name: 'Comparação dos valores' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Campo', 'Valor anterior', 'Valor novo']);
    expect(within(table).getByRole('rowheader').textContent).toBe('Telefones');
    const [anterior, novo] = within(table).getAllByRole('cell');
    expect(
      within(anterior)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['(11) 3000-0001']);
    expect(anterior.querySelectorAll('del')).toHaveLength(0);
    expect(
      within(novo)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['(11) 3000-0001', '(11) 3000-0002']);
    // Only the added phone is marked as new.
    expect(Array.from(novo.querySelectorAll('ins'), (el) => el.textContent)).toEqual(['(11) 3000-0002']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a creation side by side: nothing before, lists, objects, dates and booleans after', async () => {
    renderPage();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Ir para a próxima página' }));
    await screen.findByText('Mostrando 11 a 12 de 12 registros');
    const criacao = screen.getAllByRole('row').find((row) => row.textContent?.startsWith('Criação'))!;
    // Keyboard works as well as the mouse.
    criacao.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    const rows = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((row) => ({
        campo: within(row).getByRole('rowheader').textContent,
        anterior: within(row).getAllByRole('cell')[0].textContent,
        novo: within(row).getAllByRole('cell')[1],
      }));
    expect(rows.map((r) => r.campo)).toEqual(['Ativo', 'Códigos', 'dataFundacao', 'Endereço', 'Nome de exibição']);
    expect(rows.every((r) => r.anterior === '—')).toBe(true);
    expect(rows[0].novo.querySelector('ins')?.textContent).toBe('Sim');
    expect(
      within(rows[1].novo)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['A1', 'B2']);
    // A calendar date in the language's format, not shifted by the time zone.
    expect(rows[2].novo.textContent).toBe('01/05/2020');
    const endereco = rows[3].novo;
    expect(
      within(endereco)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Cidade', 'CEP']);
    expect(
      within(endereco)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['Campinas', '13000-000']);
  });

  it('says when the record has no history (Empty)', async () => {
    server.use(...STATES.Empty);
    renderPage('/auditoria/40/GRUPO');
    expect(screen.getByRole('heading', { level: 1, name: 'Auditoria — Grupo econômico #40' })).toBeInTheDocument();
    expect(await screen.findByText('Nenhuma alteração registrada para este registro.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Campo' })).not.toBeInTheDocument();
  });

  it('shows a loading state until the history arrives (Loading)', async () => {
    server.use(...STATES.Loading);
    renderPage();
    expect(screen.getByRole('progressbar', { name: 'Carregando' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('replaces the loading state with the history once it comes (Loaded)', async () => {
    server.use(...STATES.Loaded);
    renderPage();
    expect(screen.getByRole('progressbar', { name: 'Carregando' })).toBeInTheDocument();
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says the history could not be loaded, and tries again (Error)', async () => {
    server.use(...STATES.Error);
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar a auditoria.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so too when the API answers an HTTP error (Error)', async () => {
    server.use(...queryStatesOfAuditoria({ status: 500 }).Error);
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível carregar a auditoria.');
  });

  it('says when the record is out of the user’s reach', async () => {
    server.use(
      api.query('auditoria_historico', () =>
        HttpResponse.json({ errors: [{ message: 'Você não tem permissão', extensions: { code: 'FORBIDDEN' } }] }),
      ),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Você não tem permissão para ver a auditoria deste registro.',
    );
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
  });

  it('refuses an unknown kind or id without asking the API', async () => {
    renderPage('/auditoria/7/modelo');
    expect(screen.getByRole('heading', { level: 1, name: 'Auditoria' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Endereço de auditoria inválido: tipo de registro ou identificador desconhecido.',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);
  });

  it('accepts the kind in lower case', async () => {
    renderPage('/auditoria/3/usuario');
    expect(screen.getByRole('heading', { level: 1, name: 'Auditoria — Usuário #3' })).toBeInTheDocument();
    await screen.findByRole('table');
    expect(requests[0].filterInput).toMatchObject({ tipo: 'USUARIO', registroId: '3' });
  });

  it.each([
    ['EN', 'en', 'Audit — Dealer Aurora Centro', 'Showing 1 to 10 of 12 records', 'Cascade inactivation', 'Active: No'],
    [
      'ES',
      'es',
      'Auditoría — Concesionario Aurora Centro',
      'Mostrando 1 a 10 de 12 registros',
      'Inactivación en cascada',
      'Activo: No',
    ],
  ] as const)('is written in %s', async (idioma, locale, title, range, cascata, novo) => {
    renderPage('/auditoria/12/DEALER', idioma);
    expect(await screen.findByText(range)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const row = screen.getAllByRole('row')[2];
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent(cascata);
    expect(within(row).getAllByRole('cell')[1]).toHaveTextContent(dateTime('2026-03-11T10:00:00.000Z', locale));
    expect(within(row).getAllByRole('cell')[5].textContent).toContain(novo);
  });

  it('asks the API with a query valid against its schema', () => {
    const schema = buildSchema(readFileSync(path.resolve(__dirname, '../../../server/schema.graphql'), 'utf8'));
    const { query } = namedQuery(OPERATIONS, 'auditoria', 'historico', {});
    expect(validate(schema, parse(query)).map((e) => e.message)).toEqual([]);
  });

  describe('names, masks and narrow screens (HISTORICO_NOMES)', () => {
    const items = (element: HTMLElement) =>
      within(element)
        .getAllByRole('listitem')
        .map((li) => li.textContent);

    it('shows the names of the records the values refer to, a removed one by its id, and documents masked', async () => {
      server.use(answer(() => HISTORICO_NOMES));
      renderPage('/auditoria/21/DEALER');
      expect(await screen.findByRole('heading', { level: 1, name: 'Auditoria — Dealer Auto Sul' })).toBeInTheDocument();
      const [row] = bodyRows();
      expect(row[3]).toBe('Celulares, CNPJ, Dados complementares, Divisão, Endereço, Marcas, Setor');
      const cells = within(screen.getAllByRole('row')[1]).getAllByRole('cell');
      expect(items(cells[4])).toEqual([
        'Celulares: (11) 98888-7777',
        'CNPJ: 11.222.333/0001-81',
        'Dados complementares: (vazio)',
        'Divisão: #99 (removido)',
        'Endereço: CEP: 01001-000',
        'Marcas: Aurora',
        'Setor: Varejo',
      ]);
      expect(items(cells[5])).toEqual([
        'Celulares: (vazio)',
        'CNPJ: 12.ABC.345/01DE-35',
        'Dados complementares: Produto: Peças; URI: https://pecas.test/21',
        'Divisão: Vendas',
        'Endereço: CEP: 13000-000',
        'Marcas: Aurora, Boreal',
        'Setor: Varejo',
      ]);
    });

    it("names neither an author nor a record outside the caller's scope, and says so", async () => {
      const [alteracao] = HISTORICO_NOMES.content;
      server.use(
        answer(() => ({
          ...HISTORICO_NOMES,
          content: [{ ...alteracao, autor: null, autorForaDoEscopo: true }],
          // Brand Boreal is another's: it exists, its name is not given.
          referencias: HISTORICO_NOMES.referencias.map((r) =>
            r.tipo === 'MARCA' && r.id === '2' ? { ...r, nome: null } : r,
          ),
        })),
      );
      renderPage('/auditoria/21/DEALER');
      await screen.findByRole('table', { name: 'Histórico de alterações' });
      const cells = within(screen.getAllByRole('row')[1]).getAllByRole('cell');
      expect(cells[2]).toHaveTextContent('Usuário fora do seu escopo');
      expect(items(cells[5])).toContain('Marcas: Aurora, #2 (fora do seu escopo)');
      await userEvent.click(screen.getAllByRole('row')[1]);
      expect(within(await screen.findByRole('dialog')).getByText('Usuário fora do seu escopo')).toBeVisible();
    });

    it('compares names side by side, marking the brand added', async () => {
      server.use(answer(() => HISTORICO_NOMES));
      renderPage('/auditoria/21/DEALER');
      await screen.findByRole('table', { name: 'Histórico de alterações' });
      await userEvent.click(screen.getAllByRole('row')[1]);
      const table = within(await screen.findByRole('dialog')).getByRole('table', { name: 'Comparação dos valores' });
      const linha = (campo: string) => within(table).getByRole('rowheader', { name: campo }).closest('tr')!;
      const [antes, depois] = within(linha('Divisão')).getAllByRole('cell');
      expect(antes).toHaveTextContent('#99 (removido)');
      expect(depois.querySelector('ins')).toHaveTextContent('Vendas');
      const [, marcas] = within(linha('Marcas')).getAllByRole('cell');
      expect(items(marcas)).toEqual(['Aurora', 'Boreal']);
      expect(Array.from(marcas.querySelectorAll('ins'), (el) => el.textContent)).toEqual(['Boreal']);
      expect(within(linha('CNPJ')).getAllByRole('cell')[1]).toHaveTextContent('12.ABC.345/01DE-35');
    });

    it('stacks the previous value above the new one on a 375 px screen', async () => {
      const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
        (query: string) =>
          ({
            // 375 px: under MUI's sm breakpoint (600 px), over nothing else.
            matches: /max-width:\s*599\.95px/.test(query),
            media: query,
            onchange: null,
            addListener: () => undefined,
            removeListener: () => undefined,
            addEventListener: () => undefined,
            removeEventListener: () => undefined,
            dispatchEvent: () => false,
          }) as MediaQueryList,
      );
      try {
        server.use(answer(() => HISTORICO_NOMES));
        renderPage('/auditoria/21/DEALER');
        await screen.findByRole('table', { name: 'Histórico de alterações' });
        await userEvent.click(screen.getAllByRole('row')[1]);
        const dialog = await screen.findByRole('dialog');
        expect(dialog.className).toContain('MuiDialog-paperFullScreen');
        expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
        const campos = within(dialog).getByRole('list', { name: 'Comparação dos valores' });
        const divisao = within(campos).getByRole('listitem', { name: 'Divisão' });
        expect(
          within(divisao)
            .getAllByRole('term')
            .map((t) => t.textContent),
        ).toEqual(['Valor anterior', 'Valor novo']);
        expect(
          within(divisao)
            .getAllByRole('definition')
            .map((d) => d.textContent),
        ).toEqual(['#99 (removido)', 'Vendas']);
      } finally {
        matchMedia.mockRestore();
      }
    });
  });
});
