import { act, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessTokenGetter } from '../../../../providers/dataProvider';
import { captureDownloads, type Download } from '../../../testing/downloads';
import { api, mockApiServer } from '../../../testing/mockApi';
import { queryStates } from '../../../testing/viewStates';
import { BreadcrumbLabelProvider } from '../../../components/breadcrumbLabel';
import { Breadcrumbs } from '../../../layout/Breadcrumbs';
import { AUTOR_APROVADOR, linha, renderPagina } from '../lista/comunicados.fixtures';
import ComunicadoDashboardPage from './ComunicadoDashboardPage';
import { ROLLUP_POR_PAGINA } from './Rollup';
import type { ComunicadoDashboard, LinhaRollup, PaginaRollup } from './tipos';

const DASHBOARD: ComunicadoDashboard = {
  comunicado: { ...linha('10', 'Resultados do trimestre'), exigeConfirmacao: true },
  destinatarios: 1200,
  lidos: 900,
  taxaLeitura: 0.75,
  confirmados: 600,
  leiturasPorDia: [
    { data: '2026-11-20', lidos: 500, confirmados: 300 },
    { data: '2026-11-21', lidos: 300, confirmados: 200 },
    { data: '2026-11-22', lidos: 100, confirmados: 100 },
  ],
  emails: { fila: 2, enviados: 40, falhas: 1 },
  lembradoEm: null,
  podeLembrar: true,
};

const ROLLUP: Record<string, LinhaRollup[]> = {
  MARCA: [
    { id: '1', nome: 'Aurora', destinatarios: 700, lidos: 630, confirmados: 400, taxaLeitura: 0.9 },
    { id: '2', nome: 'Boreal', destinatarios: 500, lidos: 270, confirmados: 200, taxaLeitura: 0.54 },
  ],
  DEALER: [
    { id: '11', nome: 'Dealer Centro', destinatarios: 100, lidos: 80, confirmados: 50, taxaLeitura: 0.8 },
    { id: '12', nome: 'Auto Sul', destinatarios: 50, lidos: 10, confirmados: 5, taxaLeitura: 0.2 },
    { id: '13', nome: 'Mega Norte', destinatarios: 200, lidos: 190, confirmados: 100, taxaLeitura: 0.95 },
  ],
  // More rows than a page: group N read by N of 100.
  GRUPO: Array.from({ length: 30 }, (_, i) => ({
    id: String(100 + i),
    nome: `Grupo ${String(i + 1).padStart(2, '0')}`,
    destinatarios: 100,
    lidos: i + 1,
    confirmados: 0,
    taxaLeitura: (i + 1) / 100,
  })),
};

let dashboard: ComunicadoDashboard;
const chamadas: { operacao: string; variables: Record<string, unknown> }[] = [];
const STATES = queryStates('comunicados_dashboard', {
  empty: { result: DASHBOARD },
  loaded: () => ({ result: dashboard }),
});

interface RollupFilter {
  page: number;
  rowsPerPage: number;
  busca?: string;
  sort: { field: keyof LinhaRollup; order: 'ASC' | 'DESC' };
}
/** What the server answers for `linhas`: the asked page of them searched and sorted, their total, the least read. */
function paginaRollup(linhas: LinhaRollup[], f: RollupFilter): PaginaRollup {
  const porNome = (a: LinhaRollup, b: LinhaRollup) => a.nome.localeCompare(b.nome);
  const sinal = f.sort.order === 'ASC' ? 1 : -1;
  const campo = f.sort.field;
  const achadas = linhas
    .filter((l) => !f.busca || l.nome.toLowerCase().includes(f.busca.toLowerCase()))
    .sort((a, b) =>
      campo === 'nome' ? sinal * porNome(a, b) : sinal * ((a[campo] as number) - (b[campo] as number)) || porNome(a, b),
    );
  return {
    content: achadas.slice(f.page * f.rowsPerPage, (f.page + 1) * f.rowsPerPage),
    totalElements: achadas.length,
    menosLidos: [...linhas].sort((a, b) => a.taxaLeitura - b.taxaLeitura || porNome(a, b)).slice(0, 15),
  };
}
const rollupDe = (linhas: (nivel: string) => LinhaRollup[]) =>
  api.query('comunicados_rollup', ({ variables }) => {
    chamadas.push({ operacao: 'rollup', variables });
    const f = variables.filterInput as RollupFilter;
    return HttpResponse.json({ data: { result: paginaRollup(linhas(String(variables.nivel)), f) } });
  });
const rollupsPedidos = () => chamadas.filter((c) => c.operacao === 'rollup').map((c) => c.variables);

const server = mockApiServer(
  rollupDe((nivel) => ROLLUP[nivel] ?? []),
  api.query('comunicados_naoLidos', ({ variables }) => {
    chamadas.push({ operacao: 'naoLidos', variables });
    return HttpResponse.json({
      data: {
        result: {
          content: [{ id: '31', nome: 'João Pereira', email: 'joao@dealer.test', lidoEm: null, confirmadoEm: null }],
          totalElements: 300,
        },
      },
    });
  }),
  api.query('comunicados_emails', ({ variables }) => {
    chamadas.push({ operacao: 'emails', variables });
    return HttpResponse.json({
      data: {
        result: {
          content: [
            {
              email: 'fora@exemplo.test',
              avulso: true,
              status: { name: 'FALHOU', descricao: 'Falhou: 550 mailbox unavailable' },
              tentativas: 3,
              enviadoEm: null,
            },
          ],
          totalElements: 1,
        },
      },
    });
  }),
  api.mutation('comunicados_arquivar', ({ variables }) => {
    chamadas.push({ operacao: 'arquivar', variables });
    const arquivado = variables.arquivado === true;
    dashboard = {
      ...dashboard,
      comunicado: {
        ...dashboard.comunicado,
        arquivado,
        acoes: ['dashboard', 'errata', arquivado ? 'desarquivar' : 'arquivar', 'visualizarEnvio'],
      },
    };
    return HttpResponse.json({ data: { result: { id: '10' } } });
  }),
  api.mutation('comunicados_lembrarNaoLidos', ({ variables }) => {
    chamadas.push({ operacao: 'lembrar', variables });
    dashboard = { ...dashboard, podeLembrar: false, lembradoEm: '2026-11-26T10:00:00Z' };
    return HttpResponse.json({ data: { result: 300 } });
  }),
  http.get('*/api/exportar/comunicadoNaoLidos', ({ request }) => {
    const url = new URL(request.url);
    chamadas.push({ operacao: 'exportar', variables: Object.fromEntries(url.searchParams) });
    return HttpResponse.text('nome,email\n', {
      headers: { 'content-disposition': "attachment; filename*=UTF-8''nao-lidos.csv" },
    });
  }),
);

let downloads: Download[] = [];
beforeEach(() => {
  setAccessTokenGetter(async () => 'token');
  dashboard = structuredClone(DASHBOARD);
  chamadas.length = 0;
  downloads = [];
  captureDownloads(downloads);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const user = () => userEvent.setup({ delay: null });
const abrir = () =>
  renderPagina(ComunicadoDashboardPage, {
    path: '/comunicados/dashboard/10',
    route: '/comunicados/dashboard/:id',
    subject: AUTOR_APROVADOR,
  });
const tabelaRollup = (nivel: string) => screen.findByRole('table', { name: `Taxa de leitura por ${nivel}` });
/** The dashboard loaded, on the dealer-group level (30 rows: more than a page); answers its table. */
async function nivelGrupo() {
  server.use(...STATES.Loaded);
  abrir();
  await tabelaRollup('marca');
  await user().click(screen.getByRole('tab', { name: 'Grupo' }));
  return tabelaRollup('grupo');
}
const mostra = (tabela: HTMLElement, esperado: string[]) => waitFor(() => expect(nomes(tabela)).toEqual(esperado));
const nomes = (tabela: HTMLElement) =>
  within(tabela)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0].textContent);

describe('/comunicados/dashboard/{id}', () => {
  it('leads to the erratum and the send preview where the announcement allows them', async () => {
    server.use(...STATES.Loaded);
    abrir();
    await screen.findByRole('region', { name: 'Resumo' });
    expect(screen.getByRole('link', { name: 'Escrever errata' })).toHaveAttribute('href', '/comunicados/errata/10');
    expect(screen.getByRole('link', { name: 'Visualizar envio' })).toHaveAttribute(
      'href',
      '/comunicados/visualizarEnvio/10',
    );
  });

  it("archives it from its author's sent list and back, the focus staying on the button", async () => {
    server.use(...STATES.Loaded);
    abrir();
    await screen.findByRole('region', { name: 'Resumo' });
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Arquivar' }));
    expect(await screen.findByText(/^Comunicado arquivado: a lista de enviados o mostra/)).toBeInTheDocument();
    const desarquivar = await screen.findByRole('button', { name: 'Desarquivar' });
    expect(desarquivar).toHaveFocus();
    await u.click(desarquivar);
    expect(await screen.findByRole('button', { name: 'Arquivar' })).toBeInTheDocument();
    expect(chamadas.filter((c) => c.operacao === 'arquivar').map((c) => c.variables)).toEqual([
      { id: '10', arquivado: true },
      { id: '10', arquivado: false },
    ]);
  });

  it('offers no erratum to a viewer the announcement does not allow one', async () => {
    dashboard = { ...DASHBOARD, comunicado: { ...DASHBOARD.comunicado, acoes: ['dashboard', 'visualizarEnvio'] } };
    server.use(...STATES.Loaded);
    abrir();
    await screen.findByRole('region', { name: 'Resumo' });
    expect(screen.queryByRole('link', { name: 'Escrever errata' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Visualizar envio' })).toBeInTheDocument();
  });

  it("names whose dashboard it is in the top bar's breadcrumbs", async () => {
    server.use(...STATES.Loaded);
    renderPagina(
      () => (
        <BreadcrumbLabelProvider>
          <Breadcrumbs />
          <ComunicadoDashboardPage />
        </BreadcrumbLabelProvider>
      ),
      { path: '/comunicados/dashboard/10', route: '/comunicados/dashboard/:id', subject: AUTOR_APROVADOR },
    );
    await screen.findByRole('region', { name: 'Resumo' });
    expect(screen.getAllByRole('navigation')[0]).toHaveTextContent(/Comunicados.*Dashboard: Resultados do trimestre$/);
  });

  it('shows a loading state (Loading)', () => {
    server.use(...STATES.Loading);
    abrir();
    expect(screen.getByRole('progressbar', { name: 'Carregando' })).toBeInTheDocument();
  });

  it('says it could not be loaded, and tries again (Error)', async () => {
    server.use(...STATES.Error);
    abrir();
    expect(await screen.findByText('Não foi possível carregar o dashboard do comunicado.')).toBeVisible();
    await user().click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Resultados do trimestre' })).toBeVisible();
  });

  it('says nobody read it yet and offers no e-mails when there are none (Empty)', async () => {
    dashboard = {
      ...DASHBOARD,
      lidos: 0,
      taxaLeitura: 0,
      confirmados: 0,
      leiturasPorDia: [],
      emails: { fila: 0, enviados: 0, falhas: 0 },
    };
    server.use(...STATES.Loaded);
    abrir();
    expect(await screen.findByText('Ninguém leu ainda.')).toBeVisible();
    expect(screen.getByText('Nenhum e-mail enviado com este comunicado.')).toBeVisible();
    expect(screen.queryByRole('img', { name: 'Leituras por dia' })).not.toBeInTheDocument();
  });

  it('shows recipients, reads and rate, confirmations apart, and reads per day as a chart and a table (Loaded)', async () => {
    server.use(...STATES.Loaded);
    abrir();
    const resumo = await screen.findByRole('region', { name: 'Resumo' });
    // The department by its name too, not its code alone.
    expect(screen.getByText(/^RH – Recursos Humanos · enviado em /)).toBeInTheDocument();
    expect(within(resumo).getByRole('group', { name: 'Destinatários' })).toHaveTextContent('1.200');
    expect(within(resumo).getByRole('group', { name: 'Lidos' })).toHaveTextContent('90075% dos destinatários');
    expect(within(resumo).getByRole('group', { name: 'Leitura confirmada' })).toHaveTextContent(
      '60050% dos destinatários',
    );
    expect(within(resumo).getByRole('group', { name: 'Não lidos' })).toHaveTextContent('300');
    const grafico = screen.getByRole('img', { name: 'Leituras por dia' });
    expect(grafico).toHaveAccessibleDescription(
      '3 dias, de 20/11 a 22/11; o dia com mais leituras foi 20/11, com 500.',
    );
    const tabela = screen.getByRole('table', { name: 'Leituras por dia' });
    expect(within(tabela).getAllByRole('row')[1]).toHaveTextContent('20/11500300');
  });

  it('draws reads per hour while they span two days or less, each hour by its time (the server sends instants)', async () => {
    const horas = ['2026-11-20T13:00:00.000Z', '2026-11-20T14:00:00.000Z', '2026-11-20T15:00:00.000Z'];
    dashboard = {
      ...DASHBOARD,
      leiturasPorDia: horas.map((data, i) => ({ data, lidos: [5, 0, 2][i]!, confirmados: 0 })),
    };
    server.use(...STATES.Loaded);
    abrir();
    const grafico = await screen.findByRole('img', { name: 'Leituras por hora' });
    // As the reader's clock says them (this machine's time zone).
    const [h1, , h3] = horas.map((h) =>
      new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' }).format(
        new Date(h),
      ),
    );
    expect(grafico).toHaveAccessibleDescription(
      `3 horas, de ${h1} a ${h3}; a hora com mais leituras foi ${h1}, com 5.`,
    );
    const tabela = screen.getByRole('table', { name: 'Leituras por hora' });
    expect(within(tabela).getByRole('columnheader', { name: 'Hora' })).toBeInTheDocument();
    expect(
      within(tabela)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.firstChild?.textContent),
    ).toEqual(
      horas.map((h) =>
        new Intl.DateTimeFormat('pt-BR', {
          day: '2-digit',
          month: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
        }).format(new Date(h)),
      ),
    );
  });

  it('rolls the read rate up least read first, and has the server sort the table by any column', async () => {
    server.use(...STATES.Loaded);
    abrir();
    let tabela = await tabelaRollup('marca');
    expect(nomes(tabela)).toEqual(['Boreal', 'Aurora']);
    expect(
      screen.getByRole('img', { name: 'Taxa de leitura por marca, menos lidos primeiro' }),
    ).toHaveAccessibleDescription('O menos lido é Boreal, com 54%. Os números estão na tabela a seguir.');
    expect(rollupsPedidos()).toEqual([
      {
        id: '10',
        nivel: 'MARCA',
        filterInput: { page: 0, rowsPerPage: ROLLUP_POR_PAGINA, sort: { field: 'taxaLeitura', order: 'ASC' } },
      },
    ]);
    await user().click(screen.getByRole('tab', { name: 'Dealer' }));
    tabela = await tabelaRollup('dealer');
    await mostra(tabela, ['Auto Sul', 'Dealer Centro', 'Mega Norte']);
    await user().click(within(tabela).getByRole('button', { name: 'Taxa de leitura' }));
    await mostra(tabela, ['Mega Norte', 'Dealer Centro', 'Auto Sul']);
    await user().click(within(tabela).getByRole('button', { name: 'Dealer' }));
    await mostra(tabela, ['Auto Sul', 'Dealer Centro', 'Mega Norte']);
    // Recipients and confirmations show from 600 px up (jsdom applies no media query: a phone).
    await user().click(within(tabela).getByRole('button', { name: 'Lidos' }));
    await mostra(tabela, ['Auto Sul', 'Dealer Centro', 'Mega Norte']);
    await user().click(within(tabela).getByRole('button', { name: 'Lidos' }));
    await mostra(tabela, ['Mega Norte', 'Dealer Centro', 'Auto Sul']);
    expect(within(tabela).getByRole('columnheader', { name: 'Lidos' })).toHaveAttribute('aria-sort', 'descending');
    expect(rollupsPedidos().at(-1)).toEqual({
      id: '10',
      nivel: 'DEALER',
      filterInput: { page: 0, rowsPerPage: ROLLUP_POR_PAGINA, sort: { field: 'lidos', order: 'DESC' } },
    });
  });

  it('marks the roll-up table busy while a new order loads over the rows shown', async () => {
    server.use(...STATES.Loaded);
    abrir();
    await user().click(await screen.findByRole('tab', { name: 'Dealer' }));
    const tabela = await tabelaRollup('dealer');
    await mostra(tabela, ['Auto Sul', 'Dealer Centro', 'Mega Norte']);
    expect(tabela).toHaveAttribute('aria-busy', 'false');
    let responder = () => {};
    const segura = new Promise<void>((resolve) => (responder = resolve));
    server.use(
      api.query('comunicados_rollup', async ({ variables }) => {
        await segura;
        const f = variables.filterInput as RollupFilter;
        return HttpResponse.json({ data: { result: paginaRollup(ROLLUP.DEALER!, f) } });
      }),
    );
    await user().click(within(tabela).getByRole('button', { name: 'Taxa de leitura' }));
    // The header already says the new order; the rows below are the old ones, and say so.
    expect(within(tabela).getByRole('columnheader', { name: 'Taxa de leitura' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(tabela).toHaveAttribute('aria-busy', 'true');
    expect(nomes(tabela)).toEqual(['Auto Sul', 'Dealer Centro', 'Mega Norte']);
    responder();
    await mostra(tabela, ['Mega Norte', 'Dealer Centro', 'Auto Sul']);
    expect(tabela).toHaveAttribute('aria-busy', 'false');
  });

  it('shows a long roll-up a page at a time, the chart keeping the least read, a new order from its first page', async () => {
    const tabela = await nivelGrupo();
    const grupos = (de: number, ate: number) =>
      Array.from({ length: ate - de + 1 }, (_, i) => `Grupo ${String(de + i).padStart(2, '0')}`);
    await mostra(tabela, grupos(1, ROLLUP_POR_PAGINA));
    // The pager under the table (the unread list below has its own).
    const paginador = within(tabela.closest('section')!);
    expect(paginador.getByText(`Mostrando 1 a ${ROLLUP_POR_PAGINA} de 30 registros`)).toBeInTheDocument();
    await user().click(paginador.getByRole('button', { name: 'Ir para a próxima página' }));
    await mostra(tabela, grupos(ROLLUP_POR_PAGINA + 1, 30));
    expect(rollupsPedidos().at(-1)).toMatchObject({ nivel: 'GRUPO', filterInput: { page: 1 } });
    // The chart still names the least read of them all.
    const grafico = screen.getByRole('img', { name: 'Taxa de leitura por grupo, menos lidos primeiro' });
    expect(grafico).toHaveAccessibleDescription(
      'O menos lido é Grupo 01, com 1%. Os números estão na tabela a seguir.',
    );
    // Most read first: from the first page.
    await user().click(within(tabela).getByRole('button', { name: 'Taxa de leitura' }));
    await mostra(tabela, grupos(30 - ROLLUP_POR_PAGINA + 1, 30).reverse());
    expect(rollupsPedidos().at(-1)).toMatchObject({
      filterInput: { page: 0, sort: { field: 'taxaLeitura', order: 'DESC' } },
    });
  });

  it('searches the roll-up by name from its first page, the chart unchanged; says so when nothing matches', async () => {
    const tabela = await nivelGrupo();
    const paginador = within(tabela.closest('section')!);
    await user().click(paginador.getByRole('button', { name: 'Ir para a próxima página' }));
    await user().type(screen.getByRole('searchbox', { name: 'Buscar pelo nome' }), 'grupo 1');
    await mostra(
      tabela,
      Array.from({ length: 10 }, (_, i) => `Grupo ${String(10 + i)}`),
    );
    expect(rollupsPedidos().at(-1)).toMatchObject({ filterInput: { page: 0, busca: 'grupo 1' } });
    expect(
      screen.getByRole('img', { name: 'Taxa de leitura por grupo, menos lidos primeiro' }),
    ).toHaveAccessibleDescription('O menos lido é Grupo 01, com 1%. Os números estão na tabela a seguir.');
    await user().type(screen.getByRole('searchbox', { name: 'Buscar pelo nome' }), 'zzz');
    expect(await screen.findByText('Nenhum registro encontrado')).toBeVisible();
    // Another level starts without the search.
    await user().click(screen.getByRole('tab', { name: 'Dealer' }));
    await mostra(await tabelaRollup('dealer'), ['Auto Sul', 'Dealer Centro', 'Mega Norte']);
    expect(screen.getByRole('searchbox', { name: 'Buscar pelo nome' })).toHaveValue('');
  });

  it('keeps the roll-up page within the rows when a refetch brings fewer', async () => {
    const tabela = await nivelGrupo();
    await user().click(within(tabela.closest('section')!).getByRole('button', { name: 'Ir para a próxima página' }));
    await waitFor(() => expect(nomes(tabela)).toHaveLength(30 - ROLLUP_POR_PAGINA));
    // Back on the tab, the roll-up is read again and has fewer rows than the page shown.
    server.use(rollupDe(() => ROLLUP.GRUPO.slice(0, 20)));
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(nomes(tabela)).toHaveLength(20));
    expect(nomes(tabela)[0]).toBe('Grupo 01');
  });

  it('reminds the unread once, then shows when and disables the button', async () => {
    server.use(...STATES.Loaded);
    abrir();
    expect(await screen.findByText('Nenhum lembrete enviado ainda.')).toBeVisible();
    const botao = screen.getByRole('button', { name: 'Lembrar 300 não leitores' });
    expect(botao).toBeEnabled();
    await user().click(botao);
    expect(await screen.findByText('Lembrete enviado a 300 pessoas')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Lembrar 300 não leitores' })).toBeDisabled());
    expect(
      screen.getByText(/^Último lembrete enviado em 26\/11\/2026.*É possível enviar um lembrete por dia\.$/),
    ).toBeVisible();
    expect(chamadas.filter((c) => c.operacao === 'lembrar')).toEqual([
      { operacao: 'lembrar', variables: { id: '10' } },
    ]);
  });

  it('keeps the reminder disabled when one went out today', async () => {
    dashboard = { ...DASHBOARD, podeLembrar: false, lembradoEm: '2026-11-26T08:00:00Z' };
    server.use(...STATES.Loaded);
    abrir();
    expect(await screen.findByRole('button', { name: 'Lembrar 300 não leitores' })).toBeDisabled();
  });

  it('lists the unread by name, paged, and exports them', async () => {
    server.use(...STATES.Loaded);
    abrir();
    const secao = await screen.findByRole('region', { name: 'Quem ainda não leu' });
    expect(await within(secao).findByText('João Pereira')).toBeVisible();
    expect(secao).toHaveTextContent('Mostrando 1 a 10 de 300 registros');
    expect(chamadas.find((c) => c.operacao === 'naoLidos')?.variables).toEqual({
      id: '10',
      filterInput: { page: 0, rowsPerPage: 10 },
    });
    await user().click(within(secao).getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(downloads.map((d) => d.name)).toEqual(['nao-lidos.csv']));
    expect(chamadas.find((c) => c.operacao === 'exportar')?.variables).toEqual({
      formato: 'csv',
      filtro: JSON.stringify({ id: '10' }),
    });
  });

  it('shows the e-mail statuses, failures first', async () => {
    server.use(...STATES.Loaded);
    abrir();
    const secao = await screen.findByRole('region', { name: 'E-mails' });
    expect(await within(secao).findByText('Falhou: 550 mailbox unavailable')).toBeVisible();
    expect(within(secao).getByRole('switch', { name: 'Falharam: 1' })).toHaveAttribute('aria-checked', 'true');
    expect(within(secao).getByRole('switch', { name: 'Enviados: 40' })).toHaveAttribute('aria-checked', 'false');
    expect(chamadas.find((c) => c.operacao === 'emails')?.variables).toEqual({
      id: '10',
      filterInput: { page: 0, rowsPerPage: 10, status: 'FALHOU' },
    });
  });
});
