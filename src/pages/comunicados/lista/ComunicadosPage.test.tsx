import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessTokenGetter } from '../../../../providers/dataProvider';
import { api, mockApiServer } from '../../../testing/mockApi';
import { queryStates } from '../../../testing/viewStates';
import { mockViewport } from '../../../testing/viewport';
import ComunicadosPage from './ComunicadosPage';
import { AUTOR_APROVADOR, CONTAGENS, ENVIOS, envio, LEITOR, linha, renderPagina } from './comunicados.fixtures';
import type { ComunicadoEnvio } from './tipos';

// Several clicks through a whole page each: past the default 5 s on a loaded machine (as the other announcement pages).
vi.setConfig({ testTimeout: 20_000 });

interface Filtro {
  filterInput: Record<string, unknown> & { page: number; rowsPerPage: number; aba: string };
}

let stored: ComunicadoEnvio[] = [];
const pedidos: Filtro['filterInput'][] = [];
const mutacoes: { operacao: string; variables: Record<string, unknown> }[] = [];

const pagina = ({ filterInput }: Filtro) => {
  pedidos.push(filterInput);
  const rows = stored.filter(
    (e) =>
      e.arquivado === (filterInput.aba === 'ARQUIVADOS') &&
      (!filterInput.busca || e.comunicado.titulo.toLowerCase().includes(String(filterInput.busca).toLowerCase())) &&
      (!filterInput.naoLidos || !e.lido),
  );
  const start = filterInput.page * filterInput.rowsPerPage;
  return { result: { content: rows.slice(start, start + filterInput.rowsPerPage), totalElements: rows.length } };
};
const STATES = queryStates<Filtro>('comunicados_envios', {
  empty: { result: { content: [], totalElements: 0 } },
  loaded: pagina,
});

/** A selection mutation: recorded, applied to the stored deliveries, answering how many changed. */
const selecao = (operacao: string, campo: 'lido' | 'favorito' | 'arquivado') =>
  api.mutation(operacao, ({ variables }) => {
    mutacoes.push({ operacao, variables });
    const ids = variables.ids as string[];
    stored = stored.map((e) => (ids.includes(e.id) ? { ...e, [campo]: variables[campo] as boolean } : e));
    return HttpResponse.json({ data: { result: ids.length } });
  });

const server = mockApiServer(
  api.query('comunicados_contagens', () => HttpResponse.json({ data: { result: CONTAGENS } })),
  api.query('comunicados_departamentos', () =>
    HttpResponse.json({ data: { result: [{ id: '3', sigla: 'RH', nome: 'Recursos Humanos', assinatura: null }] } }),
  ),
  // The reader's: only the departments of what was sent to them.
  api.query('comunicados_departamentosRecebidos', () =>
    HttpResponse.json({ data: { result: [{ id: '7', sigla: 'AT', nome: 'Assistência técnica' }] } }),
  ),
  selecao('comunicados_marcarLidos', 'lido'),
  selecao('comunicados_favoritar', 'favorito'),
  selecao('comunicados_arquivarEnvios', 'arquivado'),
);

beforeEach(() => {
  setAccessTokenGetter(async () => 'token');
  stored = ENVIOS.map((e) => ({ ...e }));
  pedidos.length = 0;
  mutacoes.length = 0;
});
afterEach(() => {
  vi.restoreAllMocks();
});

const user = () => userEvent.setup({ delay: null });
const abrir = (path = '/comunicados', subject = LEITOR) =>
  renderPagina(ComunicadosPage, { path, route: '/comunicados', subject });
const tabela = () => screen.findByRole('table', { name: 'Entrada' });

describe('/comunicados, the inbox', () => {
  it('shows a loading state (Loading)', async () => {
    server.use(...STATES.Loading);
    abrir();
    expect(await screen.findByRole('progressbar', { name: 'Carregando' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Comunicados' })).toBeInTheDocument();
  });

  it('says so when the inbox is empty (Empty)', async () => {
    server.use(...STATES.Empty);
    abrir();
    expect(await screen.findByText('Nenhum comunicado na entrada')).toBeVisible();
  });

  it('says the inbox could not be loaded, and tries again (Error)', async () => {
    server.use(...STATES.Error);
    abrir();
    expect(await screen.findByText('Não foi possível carregar os comunicados.')).toBeVisible();
    await user().click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await tabela()).toBeInTheDocument();
  });

  it('lists the deliveries newest first, unread in bold, with names, labels and the first page asked (Loaded)', async () => {
    server.use(...STATES.Loaded);
    abrir();
    const rows = within(await tabela())
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(3);
    const naoLido = within(rows[0]).getByRole('link', { name: 'Não lido: RH-0042 – Novo plano de saúde' });
    expect(naoLido).toHaveAttribute('href', '/comunicados/visualizar/c1');
    expect(naoLido).toHaveStyle({ fontWeight: 700 });
    const lido = within(rows[2]).getByRole('link', { name: 'Treinamento de vendas' });
    expect(lido).toHaveStyle({ fontWeight: 400 });
    expect(rows[0]).toHaveTextContent('RH · Marta Lima');
    expect(rows[0]).toHaveTextContent('Benefícios');
    expect(within(rows[0]).getByTitle('Tem anexos')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Confirmação pendente');
    expect(rows[1]).toHaveTextContent('Campanha de recallErrata');
    expect(rows[0]).not.toHaveTextContent('Errata');
    expect(within(rows[1]).getByRole('button', { name: 'Favorito: Campanha de recall' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(pedidos[0]).toEqual({ aba: 'ENTRADA', page: 0, rowsPerPage: 25 });
  });

  it('shows only the inbox and archive tabs to a reader, with the unread count', async () => {
    server.use(...STATES.Loaded);
    abrir();
    const abas = within(await screen.findByRole('tablist', { name: 'Comunicados' }));
    await waitFor(() =>
      expect(abas.getByRole('tab', { name: 'Entrada: 2 não lidos' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(abas.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Entrada 2', 'Arquivados']);
    // WCAG 2.5.3: what a tab shows ("Entrada 2") is within its name ("Entrada: 2 não lidos"), punctuation aside.
    const entrada = abas.getByRole('tab', { name: 'Entrada: 2 não lidos' });
    expect(entrada.getAttribute('aria-label')!.replace(/[:]/g, '')).toContain(entrada.textContent);
    expect(screen.queryByRole('link', { name: 'Novo comunicado' })).not.toBeInTheDocument();
  });

  it('shows an author and approver every tab with its count (and the Series and Labels tabs), and the new-announcement button', async () => {
    server.use(...STATES.Loaded);
    abrir('/comunicados', AUTOR_APROVADOR);
    const abas = within(await screen.findByRole('tablist', { name: 'Comunicados' }));
    await waitFor(() => expect(abas.getByRole('tab', { name: 'Aguardando aprovação: 1' })).toBeInTheDocument());
    expect(abas.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Entrada 2',
      'Enviados',
      'Agendados',
      'Arquivados',
      'Rascunhos 4',
      'Aguardando aprovação 1',
      'Séries',
      'Etiquetas',
    ]);
    expect(screen.getByRole('link', { name: 'Novo comunicado' })).toHaveAttribute('href', '/comunicados/novo');
  });

  it('marks a selection read in one call, then clears it', { timeout: 20_000 }, async () => {
    server.use(...STATES.Loaded);
    abrir();
    await tabela();
    await user().click(screen.getByRole('checkbox', { name: 'Selecionar: RH-0042 – Novo plano de saúde' }));
    await user().click(screen.getByRole('checkbox', { name: 'Selecionar: Campanha de recall' }));
    const barra = screen.getByRole('toolbar', { name: 'Ações da seleção' });
    expect(barra).toHaveTextContent('2 itens selecionados');
    // Both unread: "mark unread" does not apply.
    expect(within(barra).queryByRole('button', { name: 'Marcar como não lido' })).not.toBeInTheDocument();
    await user().click(within(barra).getByRole('button', { name: 'Marcar como lido' }));
    expect(await screen.findByText('2 comunicados marcados como lidos')).toBeInTheDocument();
    expect(mutacoes).toEqual([{ operacao: 'comunicados_marcarLidos', variables: { ids: ['1', '2'], lido: true } }]);
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Ações da seleção' })).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'RH-0042 – Novo plano de saúde' })).toHaveStyle({ fontWeight: 400 }),
    );
    // The bar went with the button pressed: the focus is on the list it acted on, not lost.
    await waitFor(() => expect(screen.getByRole('table', { name: 'Entrada' }).parentElement).toHaveFocus());
  });

  it('moves the focus to the list when the action pressed no longer applies (favourite: the rows are favourites now)', async () => {
    server.use(...STATES.Loaded);
    abrir();
    await tabela();
    await user().click(screen.getByRole('checkbox', { name: 'Selecionar: RH-0042 – Novo plano de saúde' }));
    const favoritar = within(screen.getByRole('toolbar', { name: 'Ações da seleção' })).getByRole('button', {
      name: 'Favoritar',
    });
    favoritar.focus();
    await user().keyboard('{Enter}');
    await waitFor(() => expect(favoritar).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('table', { name: 'Entrada' }).parentElement).toHaveFocus());
  });

  it('keeps the focus on the action that runs, then on the list when the bar goes; and after Clear', async () => {
    server.use(...STATES.Loaded);
    abrir();
    await tabela();
    const caixa = screen.getByRole('checkbox', { name: 'Selecionar: Campanha de recall' });
    await user().click(caixa);
    const arquivar = within(screen.getByRole('toolbar', { name: 'Ações da seleção' })).getByRole('button', {
      name: 'Arquivar',
    });
    arquivar.focus();
    await user().keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Ações da seleção' })).not.toBeInTheDocument());
    const lista = screen.getByRole('table', { name: 'Entrada' }).parentElement!;
    await waitFor(() => expect(lista).toHaveFocus());
    await user().click(screen.getByRole('checkbox', { name: 'Selecionar: RH-0042 – Novo plano de saúde' }));
    screen.getByRole('button', { name: 'Limpar seleção' }).focus();
    await user().keyboard('{Enter}');
    await waitFor(() => expect(lista).toHaveFocus());
  });

  it('keeps the selection while the search is untouched (the search box settles without resetting it)', async () => {
    server.use(...STATES.Loaded);
    abrir();
    await tabela();
    await user().click(screen.getByRole('checkbox', { name: 'Selecionar: Campanha de recall' }));
    // Typed and taken back before the search settles: the list's search did not change.
    const busca = screen.getByRole('searchbox', { name: 'Buscar no título e no texto' });
    await user().type(busca, 'x{Backspace}');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.getByRole('toolbar', { name: 'Ações da seleção' })).toHaveTextContent('1 item selecionado');
    expect(pedidos).toHaveLength(1);
  });

  it('opens a delivery from a click anywhere on its row, but not from its controls', async () => {
    server.use(...STATES.Loaded);
    const app = abrir();
    const rows = within(await tabela()).getAllByRole('row');
    await user().click(within(rows[2]).getByRole('checkbox', { name: 'Selecionar: Campanha de recall' }));
    expect(app.location()).toBe('/comunicados');
    await user().click(within(rows[2]).getByText('20/11/2026'));
    expect(app.location()).toBe('/comunicados/visualizar/c2');
  });

  it('archives the whole page selected from the header checkbox', async () => {
    server.use(...STATES.Loaded);
    abrir();
    await tabela();
    await user().click(screen.getByRole('checkbox', { name: 'Selecionar todos desta página' }));
    const barra = screen.getByRole('toolbar', { name: 'Ações da seleção' });
    expect(barra).toHaveTextContent('3 itens selecionados');
    await user().click(within(barra).getByRole('button', { name: 'Arquivar' }));
    expect(await screen.findByText('Nenhum comunicado na entrada')).toBeVisible();
    expect(mutacoes).toEqual([
      { operacao: 'comunicados_arquivarEnvios', variables: { ids: ['1', '2', '3'], arquivado: true } },
    ]);
  });

  it('favourites, marks unread and archives one row from its own buttons', async () => {
    server.use(...STATES.Loaded);
    abrir();
    await tabela();
    await user().click(screen.getByRole('button', { name: 'Favorito: RH-0042 – Novo plano de saúde' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Favorito: RH-0042 – Novo plano de saúde' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    await user().click(screen.getByRole('button', { name: 'Marcar como não lido: Treinamento de vendas' }));
    await user().click(await screen.findByRole('button', { name: 'Arquivar: Campanha de recall' }));
    await waitFor(() => expect(screen.queryByText('Campanha de recall')).not.toBeInTheDocument());
    // The archived row left the inbox: the focus went on to the next row, not back to the page.
    expect(screen.getByRole('link', { name: /Treinamento de vendas$/ })).toHaveFocus();
    expect(mutacoes).toEqual([
      { operacao: 'comunicados_favoritar', variables: { ids: ['1'], favorito: true } },
      { operacao: 'comunicados_marcarLidos', variables: { ids: ['3'], lido: false } },
      { operacao: 'comunicados_arquivarEnvios', variables: { ids: ['2'], arquivado: true } },
    ]);
  });

  it('stars at once, and takes the star back with a message when the change fails', async () => {
    server.use(
      ...STATES.Loaded,
      api.mutation('comunicados_favoritar', async () => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        return HttpResponse.json({
          data: null,
          errors: [{ message: 'x', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
        });
      }),
    );
    abrir();
    await tabela();
    const estrela = () => screen.getByRole('button', { name: 'Favorito: Treinamento de vendas' });
    await user().click(estrela());
    expect(estrela()).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Não foi possível alterar os comunicados selecionados')).toBeInTheDocument();
    await waitFor(() => expect(estrela()).toHaveAttribute('aria-pressed', 'false'));
  });

  it('searches by title, label and period, and narrows to the unread, from the first page', async () => {
    server.use(...STATES.Loaded);
    abrir();
    await tabela();
    await user().type(screen.getByRole('searchbox', { name: 'Buscar no título e no texto' }), 'recall');
    await user().type(screen.getByRole('textbox', { name: 'Etiqueta' }), 'Frota');
    await waitFor(() => expect(pedidos.at(-1)).toMatchObject({ busca: 'recall', etiqueta: 'Frota', page: 0 }));
    await user().click(screen.getByRole('switch', { name: 'Não lidos' }));
    await waitFor(() => expect(pedidos.at(-1)).toMatchObject({ naoLidos: true, busca: 'recall' }));
  });

  it('shows under a row found by its message where the message matched, the words marked', async () => {
    server.use(
      api.query('comunicados_envios', () =>
        HttpResponse.json({
          data: {
            result: {
              content: [
                {
                  ...stored[0],
                  trecho: [
                    { texto: 'As ', destaque: false },
                    { texto: 'revisões', destaque: true },
                    { texto: ' gratuitas começam em dezembro', destaque: false },
                  ],
                },
              ],
              totalElements: 1,
            },
          },
        }),
      ),
    );
    abrir('/comunicados?aba=ENTRADA&busca=revisoes');
    const trecho = await screen.findByTestId('trecho');
    expect(trecho).toHaveTextContent('As revisões gratuitas começam em dezembro');
    expect(within(trecho).getByText('revisões').tagName).toBe('MARK');
  });

  it('keeps the page, search and quick filters in the address: coming back finds the list as it was left', async () => {
    server.use(...STATES.Loaded);
    const app = abrir('/comunicados?aba=ENTRADA&busca=recall&naoLidos=1');
    await tabela();
    expect(pedidos[0]).toMatchObject({ aba: 'ENTRADA', busca: 'recall', naoLidos: true, page: 0, rowsPerPage: 25 });
    expect(screen.getByRole('searchbox', { name: 'Buscar no título e no texto' })).toHaveValue('recall');
    expect(screen.getByRole('switch', { name: 'Não lidos' })).toBeChecked();
    // A change goes to the address (the tab stays), from the first page.
    await user().click(screen.getByRole('switch', { name: 'Favoritos' }));
    await waitFor(() => expect(app.location()).toBe('/comunicados?aba=ENTRADA&busca=recall&naoLidos=1&favoritos=1'));
    await user().click(screen.getByRole('switch', { name: 'Favoritos' }));
    // Opening one takes the list's address along, for the reader's back link.
    await user().click(await screen.findByRole('link', { name: 'Não lido: Campanha de recall' }));
    expect(app.location()).toBe('/comunicados/visualizar/c2');
    expect(app.state()).toEqual({ voltar: '/comunicados?aba=ENTRADA&busca=recall&naoLidos=1' });
  });

  it('reads a later page and a page size from the address, and writes them back', async () => {
    stored = Array.from({ length: 30 }, (_, i) => envio(String(i + 10), `Circular ${i + 10}`));
    server.use(...STATES.Loaded);
    const app = abrir('/comunicados?pagina=2');
    await tabela();
    expect(pedidos[0]).toMatchObject({ page: 1, rowsPerPage: 25 });
    expect(screen.getByText('Mostrando 26 a 30 de 30 registros')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Ir para a página anterior' }));
    await waitFor(() => expect(app.location()).toBe('/comunicados'));
    expect(pedidos.at(-1)).toMatchObject({ page: 0 });
  });

  it("filters a reader's inbox by the departments of what was sent to them", async () => {
    server.use(...STATES.Loaded);
    abrir();
    await tabela();
    await user().click(await screen.findByRole('combobox', { name: 'Departamento' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Todos', 'AT – Assistência técnica']);
    await user().click(screen.getByRole('option', { name: 'AT – Assistência técnica' }));
    await waitFor(() => expect(pedidos.at(-1)).toMatchObject({ aba: 'ENTRADA', departamentoId: '7', page: 0 }));
  });

  it('keeps the archive in its own tab, where rows go back to the inbox', async () => {
    server.use(...STATES.Loaded);
    stored[2] = { ...stored[2], arquivado: true };
    abrir('/comunicados?aba=ARQUIVADOS');
    const t = await screen.findByRole('table', { name: 'Arquivados' });
    expect(within(t).getAllByRole('row')).toHaveLength(2);
    await user().click(screen.getByRole('button', { name: 'Mover para a entrada: Treinamento de vendas' }));
    expect(await screen.findByText('Nenhum comunicado arquivado')).toBeVisible();
    expect(mutacoes.at(-1)).toEqual({
      operacao: 'comunicados_arquivarEnvios',
      variables: { ids: ['3'], arquivado: false },
    });
  });

  it('shows one card per delivery on a phone, with the same actions', async () => {
    mockViewport(375);
    server.use(...STATES.Loaded);
    abrir();
    const cards = within(await screen.findByRole('list', { name: 'Entrada' })).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('RH · Marta Lima');
    // The search box alone; label, department and period behind a button.
    expect(screen.queryByRole('textbox', { name: 'Etiqueta' })).not.toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Filtros' }));
    expect(screen.getByRole('textbox', { name: 'Etiqueta' })).toBeVisible();
    await user().click(within(cards[1]).getByRole('checkbox', { name: 'Selecionar: Campanha de recall' }));
    await user().click(screen.getByRole('button', { name: 'Remover dos favoritos' }));
    await waitFor(() =>
      expect(mutacoes).toEqual([{ operacao: 'comunicados_favoritar', variables: { ids: ['2'], favorito: false } }]),
    );
  });
});

describe('/comunicados, the author and approver tabs', () => {
  const lista = (rows: ReturnType<typeof linha>[]) =>
    api.query('comunicados_lista', ({ variables }) => {
      pedidos.push((variables as Filtro).filterInput);
      return HttpResponse.json({ data: { result: { content: rows, totalElements: rows.length } } });
    });

  it('opens a sent one on its dashboard and shows its recipients', async () => {
    server.use(...STATES.Loaded, lista([linha('10', 'Resultados do trimestre')]));
    abrir('/comunicados?aba=ENVIADOS', AUTOR_APROVADOR);
    const t = await screen.findByRole('table', { name: 'Enviados' });
    expect(within(t).getByRole('link', { name: 'Resultados do trimestre' })).toHaveAttribute(
      'href',
      '/comunicados/dashboard/10',
    );
    expect(t).toHaveTextContent('1.200 destinatários');
    expect(pedidos.at(-1)).toEqual({ aba: 'ENVIADOS', page: 0, rowsPerPage: 25 });
  });

  it('shows the archived sent ones when asked, marked as archived', async () => {
    server.use(
      ...STATES.Loaded,
      lista([linha('10', 'Resultados do trimestre'), linha('12', 'Campanha antiga', { arquivado: true })]),
    );
    abrir('/comunicados?aba=ENVIADOS', AUTOR_APROVADOR);
    await screen.findByRole('table', { name: 'Enviados' });
    const filtro = screen.getByRole('switch', { name: 'Incluir os arquivados' });
    expect(filtro).toHaveAttribute('aria-checked', 'false');
    await user().click(filtro);
    await waitFor(() =>
      expect(pedidos.at(-1)).toEqual({ aba: 'ENVIADOS', arquivados: true, page: 0, rowsPerPage: 25 }),
    );
    const linhaArquivada = screen.getByRole('link', { name: 'Campanha antiga' }).closest('tr')!;
    expect(within(linhaArquivada).getByText('Arquivado')).toBeInTheDocument();
    const outra = screen.getByRole('link', { name: 'Resultados do trimestre' }).closest('tr')!;
    expect(within(outra).queryByText('Arquivado')).not.toBeInTheDocument();
  });

  it('says a scheduled one counts its recipients when it goes out', async () => {
    server.use(
      ...STATES.Loaded,
      lista([
        linha('11', 'Campanha de dezembro', {
          destinatarios: null,
          status: { id: 'AGENDADO', description: 'Agendado' },
          acoes: ['cancelarAgendamento', 'visualizarEnvio'],
        }),
      ]),
    );
    abrir('/comunicados?aba=AGENDADOS', AUTOR_APROVADOR);
    const t = await screen.findByRole('table', { name: 'Agendados' });
    expect(within(t).getByRole('row', { name: /Campanha de dezembro/ })).toHaveTextContent('Contados no envio');
  });

  it('opens a draft in the editor and one waiting for approval on its send preview', async () => {
    server.use(
      ...STATES.Loaded,
      lista([
        linha('11', 'Rascunho de férias', {
          status: { id: 'RASCUNHO', description: 'Rascunho' },
          acoes: ['salvar', 'excluir', 'visualizarEnvio'],
        }),
        linha('12', 'Política de viagens', {
          status: { id: 'EM_APROVACAO', description: 'Em aprovação' },
          acoes: ['aprovar', 'rejeitar', 'visualizarEnvio'],
        }),
      ]),
    );
    abrir('/comunicados', AUTOR_APROVADOR);
    await user().click(await screen.findByRole('tab', { name: 'Rascunhos: 4' }));
    const t = await screen.findByRole('table', { name: 'Rascunhos' });
    expect(within(t).getByRole('link', { name: 'Rascunho de férias' })).toHaveAttribute(
      'href',
      '/comunicados/editar/11',
    );
    expect(within(t).getByRole('link', { name: 'Política de viagens' })).toHaveAttribute(
      'href',
      '/comunicados/visualizarEnvio/12',
    );
    expect(t).toHaveTextContent('Carlos Prado');
    expect(pedidos.at(-1)).toMatchObject({ aba: 'RASCUNHOS' });
  });
});
