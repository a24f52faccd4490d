import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, http, HttpResponse } from 'msw';
import { AdminContext, Notification, TestMemoryRouter, memoryStore } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Idioma } from '../../../domain/enums';
import { createDataProvider, setAccessTokenGetter } from '../../../providers/dataProvider';
import { createI18nProvider } from '../../../providers/i18nProvider';
import { mockViewport } from '../../testing/viewport';
import { queryStates } from '../../testing/viewStates';
import {
  pollInterval,
  STATUS_POLL_ACTIVE_MS,
  STATUS_POLL_MS,
  formatDuration,
  type Importacao,
  type ImportacaoPage,
} from './importacao';
import { COM_ERRO, CONCLUIDA, IMPORTACOES, PROCESSANDO, SEM_ERROS } from './importacao.fixtures';
import ImportarUsuariosPage from './ImportarUsuariosPage';
import { mockApiServer } from '../../testing/mockApi';

const api = graphql.link(new URL('/graphql', window.location.origin).href);
const pageOf = (content: Importacao[], totalElements = content.length): { result: ImportacaoPage } => ({
  result: { content, totalElements },
});

/** What importStatus was asked, and with which token. */
const asked: { variables: Record<string, unknown>; authorization: string | null }[] = [];
const answering = (content: Importacao[], totalElements?: number) =>
  api.query('importarUsuarios_status', ({ variables, request }) => {
    asked.push({ variables, authorization: request.headers.get('authorization') });
    return HttpResponse.json({ data: pageOf(content, totalElements) });
  });

const server = mockApiServer(answering(IMPORTACOES));

/** The page's four states (src/testing/viewStates). */
const STATES = queryStates('importarUsuarios_status', { empty: pageOf([]), loaded: pageOf(IMPORTACOES) });

beforeEach(() => setAccessTokenGetter(async () => 'token-1'));
afterEach(() => {
  asked.length = 0;
  vi.restoreAllMocks();
});

function renderPage(idioma: Idioma = 'PT_BR') {
  render(
    <TestMemoryRouter initialEntries={['/importarUsuarios']}>
      <AdminContext
        dataProvider={createDataProvider()}
        i18nProvider={createI18nProvider({ idioma })}
        store={memoryStore()}
      >
        <ImportarUsuariosPage />
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const user = () => userEvent.setup({ delay: null });
const fileInput = () => screen.getByTestId('importacao-arquivo') as HTMLInputElement;
const xlsx = (name = 'novos.xlsx') =>
  new File(['PK fake'], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

/** The cells' text of each body row of the status table. */
const rows = () =>
  within(screen.getByRole('table', { name: 'Importações' }))
    .getAllByRole('row')
    .slice(1);
const rowOf = (fileName: string) => rows().find((row) => row.textContent?.includes(fileName))!;

describe('/importarUsuarios', () => {
  it('shows the title, the template in the user language and the upload area (Empty)', async () => {
    server.use(...STATES.Empty);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Importação de usuários' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Baixar o modelo \(ModeloImportacaoUsuarios\.xlsx\)/ })).toHaveAttribute(
      'href',
      '/ModeloImportacaoUsuarios.xlsx?idioma=PT_BR',
    );
    expect(screen.getByRole('button', { name: 'Enviar planilha' })).toBeEnabled();
    // The picker offers .xlsx only; its (hidden) input is named.
    expect(fileInput()).toHaveAccessibleName('Planilha .xlsx a enviar');
    expect(fileInput().accept.split(',')).toEqual(
      expect.arrayContaining(['.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']),
    );
    expect(await screen.findByText('Nenhuma importação ainda. Envie uma planilha para começar.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('links the template in English and labels the page in English', async () => {
    server.use(...STATES.Empty);
    renderPage('EN');
    expect(screen.getByRole('heading', { level: 1, name: 'User import' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Download the template/ })).toHaveAttribute(
      'href',
      '/ModeloImportacaoUsuarios.xlsx?idioma=EN',
    );
    expect(await screen.findByText('No imports yet. Send a spreadsheet to start.')).toBeInTheDocument();
  });

  it('shows a loading state until the status arrives (Loading)', () => {
    server.use(...STATES.Loading);
    renderPage();
    expect(screen.getByRole('progressbar', { name: 'Carregando' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says the status could not be loaded, and tries again (Error)', async () => {
    server.use(...STATES.Error);
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar as importações');
    await user().click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('table', { name: 'Importações' })).toBeInTheDocument();
    expect(screen.queryByText('Não foi possível carregar as importações')).not.toBeInTheDocument();
  });

  it('lists the imports newest first with badges, progress to 2 decimals, counts, rate and time left (Loaded)', async () => {
    renderPage();
    await screen.findByRole('table', { name: 'Importações' });
    expect(rows().map((row) => row.querySelector('td')?.textContent)).toEqual(IMPORTACOES.map((i) => i.fileName));

    const processing = rowOf(PROCESSANDO.fileName);
    expect(within(processing).getByText('Processando')).toBeInTheDocument();
    expect(within(processing).getByText('45,50%')).toBeInTheDocument();
    expect(
      within(processing).getByRole('progressbar', { name: `Progresso de ${PROCESSANDO.fileName}` }),
    ).toHaveAttribute('aria-valuenow', '46');
    expect(processing).toHaveTextContent('910 de 2.000 linhas');
    expect(processing).toHaveTextContent(`12,5 linhas/s · faltam ${formatDuration(88, 'pt-BR')}`);
    expect(formatDuration(88, 'pt-BR')).toMatch(/1\s*min.*28\s*s/);
    expect(processing).toHaveTextContent('Criados: 800');
    expect(processing).toHaveTextContent('Atualizados: 100');
    expect(processing).toHaveTextContent('Com erro: 10');
    // Created at in the user's language (10/03/2026, local time).
    expect(processing).toHaveTextContent('10/03/2026');

    expect(within(rowOf('fila.xlsx')).getByText('Recebida')).toBeInTheDocument();
    expect(rowOf('fila.xlsx')).toHaveTextContent('0 linhas');

    const finished = rowOf(CONCLUIDA.fileName);
    expect(within(finished).getByText('Concluída')).toBeInTheDocument();
    expect(finished).toHaveTextContent('100,00%');
    expect(finished).toHaveTextContent('Criados: 15');
    expect(finished).toHaveTextContent('Com erro: 3');
    expect(finished).not.toHaveTextContent('linhas/s');
    expect(
      within(finished).getByRole('button', { name: `Baixar relatório de erros de ${CONCLUIDA.fileName}` }),
    ).toBeEnabled();
    // No failed rows, no report.
    expect(within(rowOf(SEM_ERROS.fileName)).queryByRole('button')).not.toBeInTheDocument();

    const failed = rowOf(COM_ERRO.fileName);
    expect(within(failed).getByText('Erro')).toBeInTheDocument();
    expect(failed).toHaveTextContent(COM_ERRO.erro!);

    expect(asked[0]).toEqual({
      variables: { filterInput: { page: 0, rowsPerPage: 10 } },
      authorization: 'Bearer token-1',
    });
  });

  it('reads the status every 30 s, every 5 s while an import shown is queued or running', () => {
    expect(STATUS_POLL_MS).toBe(30_000);
    expect(pollInterval(undefined)).toBe(30_000);
    expect(pollInterval(pageOf([CONCLUIDA, COM_ERRO]).result)).toBe(30_000);
    expect(pollInterval(pageOf([CONCLUIDA, PROCESSANDO]).result)).toBe(STATUS_POLL_ACTIVE_MS);
    expect(STATUS_POLL_ACTIVE_MS).toBe(5_000);
  });

  it('pages the imports', async () => {
    server.use(
      api.query('importarUsuarios_status', ({ variables }) => {
        asked.push({ variables, authorization: null });
        const page = (variables.filterInput as { page: number }).page;
        const content = page === 0 ? [CONCLUIDA] : [{ ...SEM_ERROS, fileName: 'antiga.xlsx' }];
        return HttpResponse.json({ data: pageOf(content, 11) });
      }),
    );
    renderPage();
    expect(await screen.findByText('Mostrando 1 a 10 de 11 registros')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ir para a página anterior' })).toBeDisabled();
    await user().click(screen.getByRole('button', { name: 'Ir para a próxima página' }));
    expect(await screen.findByText('antiga.xlsx')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 11 a 11 de 11 registros')).toBeInTheDocument();
    expect(asked.map((a) => (a.variables.filterInput as { page: number }).page)).toEqual([0, 1]);
  });

  it('downloads the error report with the bearer token under the name the server gives', async () => {
    const authorizations: (string | null)[] = [];
    server.use(
      http.get('*/import/users/12/erros', ({ request }) => {
        authorizations.push(request.headers.get('authorization'));
        return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': "attachment; filename*=UTF-8''ErrosImportacao-usuarios-fevereiro.xlsx",
          },
        });
      }),
    );
    const saved: string[] = [];
    const createObjectURL = vi.fn(() => 'blob:relatorio');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderPage();
    await screen.findByRole('table', { name: 'Importações' });
    await user().click(screen.getByRole('button', { name: `Baixar relatório de erros de ${CONCLUIDA.fileName}` }));
    await waitFor(() => expect(saved).toEqual(['ErrosImportacao-usuarios-fevereiro.xlsx']));
    expect(authorizations).toEqual(['Bearer token-1']);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it("shows an import's failed rows on the page: sheet row, column and message, paged by the server", async () => {
    const pedidos: Record<string, unknown>[] = [];
    server.use(
      api.query('importarUsuarios_erros', ({ variables }) => {
        pedidos.push(variables);
        return HttpResponse.json({
          data: {
            result: {
              totalElements: 12,
              content: [
                {
                  linha: 3,
                  erros: [{ coluna: 'Dealers (CNPJ)', letra: 'H', mensagem: 'não encontrado: 12.345.678/0001-90' }],
                },
                {
                  linha: 7,
                  erros: [
                    { coluna: 'E-mail', letra: 'B', mensagem: 'E-mail inválido' },
                    { coluna: null, letra: null, mensagem: 'não foi possível gravar esta linha' },
                  ],
                },
              ],
            },
          },
        });
      }),
    );
    renderPage();
    await screen.findByRole('table', { name: 'Importações' });
    // Only an import with failed rows offers them.
    expect(screen.queryByRole('button', { name: `Ver as linhas com erro de ${SEM_ERROS.fileName}` })).toBeNull();
    const ver = screen.getByRole('button', { name: `Ver as linhas com erro de ${CONCLUIDA.fileName}` });
    expect(ver).toHaveAttribute('aria-expanded', 'false');
    await user().click(ver);
    const erros = await screen.findByRole('table', { name: `Linhas com erro de ${CONCLUIDA.fileName}` });
    const rows = within(erros).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'LinhaColunaMensagem',
      '3H · Dealers (CNPJ)não encontrado: 12.345.678/0001-90',
      '7B · E-mailE-mail inválido',
      'não foi possível gravar esta linha',
    ]);
    expect(pedidos).toEqual([{ id: CONCLUIDA.id, filterInput: { page: 0, rowsPerPage: 10 } }]);
    // Twelve failed rows: a second page.
    await user().click(within(erros.parentElement!).getByRole('button', { name: 'Ir para a próxima página' }));
    await waitFor(() =>
      expect(pedidos.at(-1)).toEqual({ id: CONCLUIDA.id, filterInput: { page: 1, rowsPerPage: 10 } }),
    );
    await user().click(screen.getByRole('button', { name: `Ocultar as linhas com erro de ${CONCLUIDA.fileName}` }));
    expect(screen.queryByRole('table', { name: `Linhas com erro de ${CONCLUIDA.fileName}` })).toBeNull();
  });

  it('shows the server message when the report cannot be fetched', async () => {
    server.use(
      http.get('*/import/users/12/erros', () =>
        HttpResponse.json({ code: 'NOT_FOUND', message: 'Arquivo não encontrado' }, { status: 404 }),
      ),
    );
    renderPage();
    await screen.findByRole('table', { name: 'Importações' });
    await user().click(screen.getByRole('button', { name: `Baixar relatório de erros de ${CONCLUIDA.fileName}` }));
    expect(await screen.findByText('Arquivo não encontrado')).toBeInTheDocument();
  });

  it('sends a picked spreadsheet in the field "file" with the token, toasts success and reads the status again', async () => {
    const sent: { field: string | null; name: string | undefined; authorization: string | null }[] = [];
    server.use(
      http.post('*/import/users', async ({ request }) => {
        const form = await request.formData();
        const file = form.get('file');
        sent.push({
          field: file ? 'file' : null,
          name: file instanceof File ? file.name : undefined,
          authorization: request.headers.get('authorization'),
        });
        return HttpResponse.json({ id: '15', fileName: 'novos.xlsx', status: 'RECEIVED' }, { status: 201 });
      }),
    );
    renderPage();
    await screen.findByRole('table', { name: 'Importações' });
    const before = asked.length;
    await user().upload(fileInput(), xlsx());
    expect(
      await screen.findByText('Planilha novos.xlsx recebida: a importação começa em instantes.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ field: 'file', name: 'novos.xlsx', authorization: 'Bearer token-1' }]);
    await waitFor(() => expect(asked.length).toBeGreaterThan(before));
    expect(screen.getByRole('button', { name: 'Enviar planilha' })).toBeEnabled();
  });

  it.each([
    [409, 'CONFLICT', 'Arquivo duplicado. Não foi possível fazer o upload'],
    [415, 'BAD_USER_INPUT', 'Erro no upload, verifique a extensão do arquivo, apenas .XLSX é permitido'],
    [413, 'PAYLOAD_TOO_LARGE', 'Arquivo grande demais: o máximo é 100 MB'],
  ])("shows the server's refusal (%i) as an error toast", async (status, code, message) => {
    server.use(http.post('*/import/users', () => HttpResponse.json({ code, message }, { status })));
    renderPage();
    await screen.findByRole('table', { name: 'Importações' });
    await user().upload(fileInput(), xlsx());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText(/recebida: a importação começa/)).not.toBeInTheDocument();
  });

  it('refuses a dropped file that is not .xlsx without sending it', async () => {
    let posts = 0;
    server.use(
      http.post('*/import/users', () => {
        posts++;
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    renderPage();
    await screen.findByRole('table', { name: 'Importações' });
    const area = screen.getByRole('group', { name: 'Envio da planilha' });
    const csv = new File(['nome;email'], 'usuarios.csv', { type: 'text/csv' });
    fireEvent.drop(area, {
      dataTransfer: {
        files: [csv],
        items: [{ kind: 'file', type: csv.type, getAsFile: () => csv }],
        types: ['Files'],
      },
    });
    expect(
      await screen.findByText('Erro no upload, verifique a extensão do arquivo, apenas .XLSX é permitido'),
    ).toBeInTheDocument();
    expect(posts).toBe(0);
  });

  it('under 768 px shows each import as a block with the same information and no table', async () => {
    mockViewport(true);
    server.use(...STATES.Loaded);
    renderPage();
    const list = await screen.findByRole('list', { name: 'Importações' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(IMPORTACOES.length);
    expect(items[0]).toHaveTextContent(PROCESSANDO.fileName);
    expect(items[0]).toHaveTextContent('45,50%');
    expect(items[0]).toHaveTextContent('12,5 linhas/s');
    expect(
      within(items[2]).getByRole('button', { name: `Baixar relatório de erros de ${CONCLUIDA.fileName}` }),
    ).toBeInTheDocument();
  });
});
