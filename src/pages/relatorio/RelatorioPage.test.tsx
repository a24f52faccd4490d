import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setAccessTokenGetter } from '../../../providers/dataProvider';
import { api, mockApiServer } from '../../testing/mockApi';
import { BreadcrumbLabelProvider } from '../../components/breadcrumbLabel';
import { Breadcrumbs } from '../../layout/Breadcrumbs';
import { renderPage } from '../../testing/renderPage';
import RelatorioPage from './RelatorioPage';

const linha = (id: string, nivel: string, nome: string, destinatarios: number, lidos: number) => ({
  id,
  nivel,
  nome,
  comunicados: 2,
  destinatarios,
  lidos,
  pedemConfirmacao: destinatarios,
  confirmados: 1,
  taxaLeitura: lidos / destinatarios,
  taxaConfirmacao: 1 / destinatarios,
});
const ALCANCE = {
  comunicados: 2,
  destinatarios: 8,
  lidos: 6,
  pedemConfirmacao: 8,
  confirmados: 2,
  taxaLeitura: 0.75,
  taxaConfirmacao: 0.25,
  marcas: [linha('1', 'MARCA', 'Aurora Motors', 8, 6)],
  grupos: [linha('5', 'GRUPO', 'Grupo Horizonte', 4, 3)],
  dealers: [linha('9', 'DEALER', 'Concessionária Sul', 4, 1), linha('8', 'DEALER', 'Concessionária Norte', 4, 3)],
};
const EMBUTIDO = {
  slug: 'bi',
  titulo: 'Painel de gestores',
  tipo: 'EMBUTIDO',
  url: 'https://bi.example/p?token=abc',
  interno: null,
  opcoes: null,
};
/** The filter choices the server names in the caller's scope. */
const OPCOES = {
  marcas: [
    { id: '1', nome: 'Aurora Motors' },
    { id: '2', nome: 'Boreal Trucks' },
  ],
  grupos: [
    { id: '5', nome: 'Grupo Horizonte', marcaIds: ['1'] },
    { id: '6', nome: 'Rede Boreal', marcaIds: ['2'] },
    { id: '8', nome: 'Rede Mista', marcaIds: ['1', '2'] },
  ],
};
const INTERNO = {
  slug: 'alcance',
  titulo: 'Alcance da rede',
  tipo: 'INTERNO',
  url: null,
  interno: 'ALCANCE_COMUNICADOS',
  opcoes: OPCOES,
};

const status = (id: string, nivel: string, nome: string, total: number, dormentes: number) => ({
  id,
  nivel,
  nome,
  total,
  ativos: total - dormentes,
  inativos: 0,
  dormentes,
  ativacaoEspecial: 0,
});
const USUARIOS = {
  ...status('t', 'TIPO', 'total', 12, 2),
  porTipo: [status('MONTADORA', 'TIPO', 'MONTADORA', 2, 0), status('DEALER_GRUPO', 'TIPO', 'DEALER_GRUPO', 10, 2)],
  porMarca: [status('1', 'MARCA', 'Aurora Motors', 12, 2)],
  semanas: [
    { semana: '2026-11-16', usuarios: 7, acessos: 9 },
    { semana: '2026-11-23', usuarios: 5, acessos: 6 },
  ],
};
const DE_USUARIOS = { ...INTERNO, slug: 'usuarios', titulo: 'Usuários da rede', interno: 'USUARIOS' };

const arquivo = (id: string, nome: string, downloads: number) => ({ id, nome, pasta: 'Manuais', downloads });
const BIBLIOTECA = {
  arquivos: 3,
  bytes: 3_000_000,
  downloads: 8,
  usuarios: 4,
  pastas: [
    { id: '1', nome: 'Manuais', arquivos: 2, bytes: 2_000_000, downloads: 6 },
    { id: '2', nome: 'Campanhas', arquivos: 1, bytes: 1_000_000, downloads: 2 },
  ],
  semanas: [{ semana: '2026-11-16', downloads: 8, usuarios: 4 }],
  maisBaixados: [arquivo('10', 'Manual do motor.pdf', 5), arquivo('11', 'Tabela.xlsx', 1)],
  menosBaixados: [arquivo('12', 'Antigo.pdf', 0), arquivo('11', 'Tabela.xlsx', 1)],
};
const DE_BIBLIOTECA = { ...INTERNO, slug: 'biblioteca', titulo: 'Uso da biblioteca', interno: 'USO_BIBLIOTECA' };
const IMPORTACOES = {
  importacoes: 1,
  linhas: 10,
  criados: 6,
  atualizados: 3,
  recusados: 1,
  lista: [
    {
      id: '1',
      nomeArquivo: 'rede.xlsx',
      autor: 'Marina Montadora',
      criadoEm: '2026-11-20T13:00:00.000Z',
      status: 'FINISHED',
      total: 10,
      criados: 6,
      atualizados: 3,
      recusados: 1,
    },
  ],
  filas: [
    {
      fila: 'importarUsuarios',
      execucoes: 4,
      concluidas: 3,
      falhas: 1,
      emAndamento: 0,
      taxaFalhas: 0.25,
      duracaoMedia: 2.5,
    },
    { fila: 'filaNova', execucoes: 1, concluidas: 1, falhas: 0, emAndamento: 0, taxaFalhas: 0, duracaoMedia: null },
  ],
};
const DE_IMPORTACOES = { ...INTERNO, slug: 'importacoes', titulo: 'Importações', interno: 'IMPORTACOES' };

const pedidos: Record<string, unknown>[] = [];
let aberto: Record<string, unknown> | { code: string } = INTERNO;
const server = mockApiServer(
  api.query('relatorios_aberto', () =>
    'code' in aberto
      ? HttpResponse.json({ data: null, errors: [{ message: 'recusado', extensions: { code: aberto.code } }] })
      : HttpResponse.json({ data: { result: aberto } }),
  ),
  api.query('relatorios_alcance', ({ variables }) => {
    pedidos.push(variables.input as Record<string, unknown>);
    return HttpResponse.json({ data: { result: ALCANCE } });
  }),
  api.query('relatorios_usuarios', ({ variables }) => {
    pedidos.push(variables.input as Record<string, unknown>);
    return HttpResponse.json({ data: { result: USUARIOS } });
  }),
  api.query('relatorios_biblioteca', ({ variables }) => {
    pedidos.push(variables.input as Record<string, unknown>);
    return HttpResponse.json({ data: { result: BIBLIOTECA } });
  }),
  api.query('relatorios_importacoes', ({ variables }) => {
    pedidos.push(variables.input as Record<string, unknown>);
    return HttpResponse.json({ data: { result: IMPORTACOES } });
  }),
);

beforeEach(() => {
  setAccessTokenGetter(async () => 'token');
  pedidos.length = 0;
  aberto = INTERNO;
});

const abrir = (slug = 'alcance') =>
  renderPage(RelatorioPage, { path: `/relatorio/${slug}`, route: '/relatorio/:slug' });

describe('/relatorio/{slug}', () => {
  it("names the report in the top bar's breadcrumbs", async () => {
    renderPage(
      () => (
        <BreadcrumbLabelProvider>
          <Breadcrumbs />
          <RelatorioPage />
        </BreadcrumbLabelProvider>
      ),
      { path: '/relatorio/alcance', route: '/relatorio/:slug' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Alcance da rede' })).toBeInTheDocument();
    expect(screen.getAllByRole('navigation')[0]).toHaveTextContent(/Alcance da rede$/);
  });

  it('frames an embedded report by its title, with a way to open it in a tab', async () => {
    aberto = EMBUTIDO;
    abrir('bi');
    expect(await screen.findByRole('heading', { level: 1, name: 'Painel de gestores' })).toBeInTheDocument();
    const frame = screen.getByTitle('Relatório: Painel de gestores');
    expect(frame).toHaveAttribute('src', 'https://bi.example/p?token=abc');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    expect(screen.getByRole('link', { name: 'Abrir em nova aba' })).toHaveAttribute('href', EMBUTIDO.url);
  });

  it('draws the reach report: totals, bars with a text alternative, tables least read first', async () => {
    abrir();
    expect(await screen.findByRole('heading', { level: 1, name: 'Alcance da rede' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Taxa de leitura: Dealers menos lidos' })).toBeInTheDocument();
    expect(screen.getAllByText('75%')[0]!.tagName).toBe('P');
    expect(screen.getByText('6 lidos')).toBeInTheDocument();
    const dealers = screen.getByRole('table', { name: 'Dealers menos lidos' });
    expect(
      within(dealers)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[0]!.textContent),
    ).toEqual(['Concessionária Sul', 'Concessionária Norte']);
    expect(screen.getByRole('table', { name: 'Por marca' })).toHaveTextContent('Aurora Motors');
    // Why the brands' rows may add up to more than the total.
    expect(
      screen.getByText(
        'Quem pertence a mais de uma marca conta em cada uma delas: as linhas podem somar mais que o total.',
      ),
    ).toBeVisible();
    // The last 30 days at first.
    expect(pedidos[0]).toMatchObject({ slug: 'alcance', marcaId: null, grupoId: null, dealerId: null });
  });

  it("says the report's own message when the answer is not the API's (a gateway's page), and the API's reason when it refuses", async () => {
    server.use(
      api.query(
        'relatorios_alcance',
        () => new Response('Internal Server Error', { status: 500, headers: { 'content-type': 'text/plain' } }),
      ),
    );
    abrir();
    const alerta = await screen.findByRole('alert');
    expect(alerta).toHaveTextContent('Não foi possível carregar o alcance dos comunicados.');
    expect(alerta).not.toHaveTextContent('Internal Server Error');
    expect(within(alerta).getByRole('button', { name: 'Tentar novamente' })).toBeEnabled();
    server.use(
      api.query('relatorios_alcance', () =>
        HttpResponse.json({
          data: null,
          errors: [{ message: 'O período é de no máximo 2 anos', extensions: { code: 'BAD_USER_INPUT' } }],
        }),
      ),
    );
    await userEvent.setup().click(within(alerta).getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('O período é de no máximo 2 anos'));
  });

  it('applies the filters only when asked, and exports what is applied', async () => {
    abrir();
    await screen.findByRole('table', { name: 'Por marca' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Grupo econômico' }));
    await user.click(await screen.findByRole('option', { name: 'Grupo Horizonte' }));
    const inicio = screen.getByLabelText(/^De\W*$/);
    await user.clear(inicio);
    await user.type(inicio, '2026-01-01');
    expect(pedidos).toHaveLength(1);
    // Not applied yet: the export would not be what the form shows.
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeDisabled();
    expect(screen.getByText('Aplique os filtros para exportar o que eles mostram')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(pedidos).toHaveLength(2));
    expect(pedidos[1]).toMatchObject({ slug: 'alcance', inicio: '2026-01-01', grupoId: '5' });
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
  });

  it('says under "Até" when the period ends before it starts, and asks nothing of the server', async () => {
    abrir();
    await screen.findByRole('table', { name: 'Por marca' });
    const user = userEvent.setup();
    const fim = screen.getByLabelText(/^Até\W*$/);
    await user.clear(fim);
    await user.type(fim, '2020-01-01');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('O fim vem antes do início')).toBeInTheDocument();
    expect(fim).toHaveAttribute('aria-invalid', 'true');
    // The keyboard is taken to the field to correct.
    expect(fim).toHaveFocus();
    expect(pedidos).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Exportar XLSX' })).toBeDisabled();
  });

  it("says a period too long under the date changed, and an emptied date in the portal's words, the earlier error gone", async () => {
    abrir();
    await screen.findByRole('table', { name: 'Por marca' });
    const user = userEvent.setup();
    const inicio = screen.getByLabelText(/^De\W*$/);
    const fim = screen.getByLabelText(/^Até\W*$/);
    await user.clear(inicio);
    await user.type(inicio, '2020-01-01');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('O período pode ter no máximo 2 anos')).toBeInTheDocument();
    expect(inicio).toHaveAttribute('aria-invalid', 'true');
    expect(fim).not.toHaveAttribute('aria-invalid', 'true');
    expect(inicio).toHaveFocus();
    await user.clear(inicio);
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('Campo obrigatório')).toBeInTheDocument();
    expect(screen.queryByText('O período pode ter no máximo 2 anos')).not.toBeInTheDocument();
    expect(inicio).toHaveFocus();
    expect(pedidos).toHaveLength(1);
  });

  it('offers in the group field only the groups of the brand chosen, and lets go of a group not of it', async () => {
    abrir();
    await screen.findByRole('table', { name: 'Por marca' });
    const user = userEvent.setup();
    const opcoesDoGrupo = async () => {
      await user.click(screen.getByRole('combobox', { name: 'Grupo econômico' }));
      const nomes = (await screen.findAllByRole('option')).map((o) => o.textContent);
      await user.keyboard('{Escape}');
      return nomes;
    };
    expect(await opcoesDoGrupo()).toEqual(['Todos', 'Grupo Horizonte', 'Rede Boreal', 'Rede Mista']);
    await user.click(screen.getByRole('combobox', { name: 'Grupo econômico' }));
    await user.click(await screen.findByRole('option', { name: 'Grupo Horizonte' }));
    await user.click(screen.getByRole('combobox', { name: 'Marca' }));
    await user.click(await screen.findByRole('option', { name: 'Boreal Trucks' }));
    // Grupo Horizonte is Aurora's only: the field lets go of it.
    expect(screen.getByRole('combobox', { name: 'Grupo econômico' })).not.toHaveTextContent('Grupo Horizonte');
    expect(await opcoesDoGrupo()).toEqual(['Todos', 'Rede Boreal', 'Rede Mista']);
    await user.click(screen.getByRole('combobox', { name: 'Grupo econômico' }));
    await user.click(await screen.findByRole('option', { name: 'Rede Mista' }));
    await user.click(screen.getByRole('combobox', { name: 'Marca' }));
    await user.click(await screen.findByRole('option', { name: 'Aurora Motors' }));
    // A group of both brands stays chosen.
    expect(screen.getByRole('combobox', { name: 'Grupo econômico' })).toHaveTextContent('Rede Mista');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(pedidos.at(-1)).toMatchObject({ marcaId: '1', grupoId: '8' }));
  });

  it('offers in the dealer field only the dealers of the brand and group chosen above', async () => {
    const buscas: Record<string, unknown>[] = [];
    server.use(
      api.query('dealers_opcoes', ({ variables }) => {
        buscas.push(variables.filterInput as Record<string, unknown>);
        return HttpResponse.json({ data: { result: { content: [{ id: '7', nomeExibicao: 'Boreal Centro' }] } } });
      }),
    );
    const user = userEvent.setup();
    aberto = {
      ...INTERNO,
      opcoes: {
        marcas: [{ id: '2', nome: 'Boreal Trucks' }],
        grupos: [{ id: '5', nome: 'Rede Boreal', marcaIds: ['2'] }],
      },
    };
    abrir();
    await screen.findByRole('table', { name: 'Por marca' });
    await user.click(screen.getByRole('combobox', { name: 'Marca' }));
    await user.click(await screen.findByRole('option', { name: 'Boreal Trucks' }));
    await user.click(screen.getByRole('combobox', { name: 'Grupo econômico' }));
    await user.click(await screen.findByRole('option', { name: 'Rede Boreal' }));
    await user.type(screen.getByRole('combobox', { name: /^Dealer/ }), 'Bo');
    expect(await screen.findByRole('option', { name: 'Boreal Centro' })).toBeInTheDocument();
    expect(buscas.at(-1)).toMatchObject({ marcaIds: ['2'], grupoIds: ['5'] });
  });

  it('offers the brands and dealer groups the server names in the caller’s scope, by name', async () => {
    const user = userEvent.setup();
    aberto = { ...INTERNO, opcoes: { marcas: [{ id: '2', nome: 'Boreal Trucks' }], grupos: [] } };
    abrir();
    await screen.findByRole('table', { name: 'Por marca' });
    await user.click(screen.getByRole('combobox', { name: 'Marca' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Todos', 'Boreal Trucks']);
    await user.click(screen.getByRole('option', { name: 'Boreal Trucks' }));
    await user.click(screen.getByRole('combobox', { name: 'Grupo econômico' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Todos']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(pedidos.at(-1)).toMatchObject({ marcaId: '2', grupoId: null }));
  });

  it('draws the users report: totals by status, use per week as a line with its table, types by name', async () => {
    aberto = DE_USUARIOS;
    abrir('usuarios');
    expect(await screen.findByRole('img', { name: 'Usuários que usaram o portal por semana' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Dormentes' })).toHaveTextContent('2');
    const semanas = screen.getByRole('table', { name: 'Uso por semana' });
    expect(within(semanas).getAllByRole('row')[1]).toHaveTextContent('16/11/20267');
    expect(screen.getByRole('table', { name: 'Por tipo de usuário' })).toHaveTextContent('Dealer / Grupo');
    expect(pedidos[0]).toMatchObject({ slug: 'usuarios' });
  });

  it('says in words that nobody used the portal in a period without sign-ins, with no empty chart', async () => {
    aberto = DE_USUARIOS;
    server.use(
      // Every week of the period comes, each with zeros.
      api.query('relatorios_usuarios', () =>
        HttpResponse.json({
          data: {
            result: {
              ...USUARIOS,
              semanas: USUARIOS.semanas.map((w) => ({ ...w, usuarios: 0, acessos: 0 })),
            },
          },
        }),
      ),
    );
    abrir('usuarios');
    const secao = await screen.findByRole('region', { name: 'Uso por semana' });
    expect(secao).toHaveTextContent('Ninguém usou o portal no período.');
    expect(within(secao).queryByRole('img')).not.toBeInTheDocument();
    expect(within(secao).queryByRole('table')).not.toBeInTheDocument();
  });

  it('draws the library usage: storage, downloads per week, folders by share of downloads, most and least downloaded', async () => {
    aberto = DE_BIBLIOTECA;
    abrir('biblioteca');
    expect(await screen.findByRole('img', { name: 'Parte dos downloads por pasta' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Armazenamento' })).toHaveTextContent('3 MB');
    expect(screen.getByRole('img', { name: 'Downloads por semana' })).toBeInTheDocument();
    const pastas = screen.getByRole('table', { name: 'Pastas' });
    // The chart's shares in the table too (its text alternative): 6 and 2 of 8 downloads.
    const celulas = (linha: HTMLElement) =>
      within(linha)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(celulas(within(pastas).getAllByRole('row')[1]!)).toEqual(['Manuais', '2', '2 MB', '6', '75%']);
    expect(celulas(within(pastas).getAllByRole('row')[2]!)).toEqual(['Campanhas', '1', '1 MB', '2', '25%']);
    expect(within(pastas).getByRole('columnheader', { name: 'Parcela dos downloads' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Mais baixados' })).toHaveTextContent('Manual do motor.pdf');
    expect(within(screen.getByRole('table', { name: 'Menos baixados' })).getAllByRole('row')[1]).toHaveTextContent(
      'Antigo.pdf',
    );
    expect(pedidos[0]).toMatchObject({ slug: 'biblioteca' });
  });

  it('draws the imports and jobs: totals, failure rate by job named for people, the imports with their status', async () => {
    aberto = DE_IMPORTACOES;
    abrir('importacoes');
    expect(await screen.findByRole('img', { name: 'Taxa de falhas das tarefas em segundo plano' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Recusados' })).toHaveTextContent('1');
    const filas = screen.getByRole('table', { name: 'Tarefas em segundo plano' });
    // Every figure of the chart in the table too (its text alternative): the failure rate.
    expect(
      within(within(filas).getAllByRole('row')[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Importação de usuários', '4', '3', '1', '25%', '0', '2,5']);
    // A queue without a name yet shows its technical one.
    expect(within(filas).getAllByRole('row')[2]).toHaveTextContent('filaNova');
    const lista = screen.getByRole('table', { name: 'Importações (mais recentes primeiro)' });
    expect(within(lista).getAllByRole('row')[1]).toHaveTextContent('rede.xlsxMarina Montadora');
    expect(within(lista).getAllByRole('row')[1]).toHaveTextContent('Concluída');
  });

  it('says when the imports listed are the newest of more, and that the export has them all', async () => {
    aberto = DE_IMPORTACOES;
    server.use(
      api.query('relatorios_importacoes', () =>
        HttpResponse.json({ data: { result: { ...IMPORTACOES, importacoes: 250 } } }),
      ),
    );
    abrir('importacoes');
    const secao = await screen.findByRole('region', { name: 'Importações (mais recentes primeiro)' });
    expect(secao).toHaveTextContent('As 1 mais recentes de 250; a exportação traz todas.');
  });

  it('a table wider than its box can be scrolled by keyboard: its box takes the focus, named by the table', async () => {
    const largura = (valor: number) => ({ configurable: true, get: () => valor });
    const antes = {
      scroll: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollWidth'),
      client: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
    };
    Object.defineProperty(HTMLElement.prototype, 'scrollWidth', largura(900));
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', largura(300));
    try {
      aberto = DE_IMPORTACOES;
      abrir('importacoes');
      const nome = 'Importações (mais recentes primeiro)';
      // The section, and inside it the table's box, focusable.
      await waitFor(() => expect(screen.getAllByRole('region', { name: nome })).toHaveLength(2));
      const caixa = screen.getAllByRole('region', { name: nome })[1]!;
      expect(caixa).toHaveAttribute('tabindex', '0');
      expect(within(caixa).getByRole('table')).toHaveTextContent('rede.xlsx');
    } finally {
      Object.defineProperty(HTMLElement.prototype, 'scrollWidth', antes.scroll ?? largura(0));
      Object.defineProperty(HTMLElement.prototype, 'clientWidth', antes.client ?? largura(0));
    }
  });

  it('sends a user the report refuses home, told why', async () => {
    aberto = { code: 'FORBIDDEN' };
    const recusado = abrir('bi');
    await waitFor(() => expect(recusado.location()).toBe('/home'));
    expect(await screen.findByText('Você não tem permissão para abrir aquela página.')).toBeInTheDocument();
  });

  it('shows the 404 page for an unknown slug', async () => {
    aberto = { code: 'NOT_FOUND' };
    abrir('nada');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeInTheDocument();
  });
});
