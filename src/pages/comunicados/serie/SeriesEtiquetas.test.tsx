import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { AdminContext, Notification, TestMemoryRouter, memoryStore } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider, setAccessTokenGetter } from '../../../../providers/dataProvider';
import { createI18nProvider } from '../../../../providers/i18nProvider';
import { createQueryClient } from '../../../../providers/queryClient';
import { api, mockApiServer } from '../../../testing/mockApi';
import { queryStates } from '../../../testing/viewStates';
import { ETIQUETAS, SERIES } from '../escrita/comunicados.fixtures';
import { EtiquetasComunicados } from '../etiquetas/EtiquetasComunicados';
import { SeriesComunicados } from './SeriesComunicados';

vi.setConfig({ testTimeout: 20_000 });

const pagina = <T,>(rows: T[]) => ({ result: { content: rows, totalElements: rows.length } });
const SERIES_STATES = queryStates('comunicados_series', { empty: pagina([]), loaded: pagina(SERIES) });
const ETIQUETAS_STATES = queryStates<{ filterInput: { busca: string | null } }>('comunicados_etiquetas', {
  empty: pagina([]),
  loaded: ({ filterInput }) =>
    pagina(
      ETIQUETAS.filter((e) => !filterInput.busca || e.nome.toLowerCase().includes(filterInput.busca.toLowerCase())),
    ),
});
const CONFLICT = { message: 'Registro alterado por outro usuário', extensions: { code: 'CONFLICT' } };

const calls: { operation: string; variables: Record<string, unknown> }[] = [];
const callsOf = (operation: string) => calls.filter((c) => c.operation === operation).map((c) => c.variables);
const server = mockApiServer(
  api.mutation('comunicados_salvarSerie', ({ variables }) => {
    calls.push({ operation: 'salvarSerie', variables });
    return HttpResponse.json({ data: { result: { ...SERIES[0], ...(variables.serie as object) } } });
  }),
  api.mutation('comunicados_salvarEtiqueta', ({ variables }) => {
    calls.push({ operation: 'salvarEtiqueta', variables });
    return HttpResponse.json({ data: { result: { ...ETIQUETAS[0], ...(variables.etiqueta as object) } } });
  }),
  api.mutation('comunicados_excluirEtiqueta', ({ variables }) => {
    calls.push({ operation: 'excluirEtiqueta', variables });
    return HttpResponse.json({ data: { result: true } });
  }),
);
beforeEach(() => {
  setAccessTokenGetter(async () => 'token');
  calls.length = 0;
});

function renderTab(tab: 'series' | 'etiquetas') {
  render(
    <TestMemoryRouter initialEntries={['/comunicados']}>
      <AdminContext
        dataProvider={createDataProvider()}
        queryClient={createQueryClient()}
        i18nProvider={createI18nProvider({ idioma: 'PT_BR' })}
        store={memoryStore()}
      >
        {tab === 'series' ? <SeriesComunicados /> : <EtiquetasComunicados />}
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
}
const user = () => userEvent.setup({ delay: null });

describe('Series tab', () => {
  it('shows a loading state (Loading)', () => {
    server.use(...SERIES_STATES.Loading);
    renderTab('series');
    expect(screen.getByRole('heading', { level: 2, name: 'Séries' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Carregando' })).toBeInTheDocument();
  });

  it('explains series when there is none (Empty)', async () => {
    server.use(...SERIES_STATES.Empty);
    renderTab('series');
    expect(await screen.findByText('Nenhuma série')).toBeInTheDocument();
    expect(screen.getByText(/numera os comunicados enviados com um prefixo/)).toBeInTheDocument();
  });

  it('says they could not be loaded, and tries again (Error)', async () => {
    server.use(...SERIES_STATES.Error);
    renderTab('series');
    expect(await screen.findByText('Não foi possível carregar as séries.')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Recursos Humanos')).toBeInTheDocument();
  });

  it('lists each series with its next number, and edits one with its version (Loaded)', async () => {
    server.use(...SERIES_STATES.Loaded);
    renderTab('series');
    const itens = within(await screen.findByRole('list', { name: 'Séries' })).getAllByRole('listitem');
    expect(itens[0]).toHaveTextContent('Recursos HumanosPróximo: RH-0042 – …');
    expect(itens[1]).toHaveTextContent('Inativa');
    await user().click(screen.getByRole('button', { name: 'Editar a série Recursos Humanos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar série' });
    const prefixo = within(dialog).getByRole('textbox', { name: /^Prefixo/ });
    await user().clear(prefixo);
    await user().type(prefixo, 'r h');
    await user().click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Só letras e números, sem espaços (ex.: RH)')).toBeInTheDocument();
    expect(callsOf('salvarSerie')).toEqual([]);
    await user().clear(prefixo);
    await user().type(prefixo, 'rh2');
    await user().click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(callsOf('salvarSerie')).toEqual([
        { serie: { id: '8', version: 2, nome: 'Recursos Humanos', prefixo: 'RH2', active: true } },
      ]),
    );
    expect(await screen.findByText('Série salva')).toBeInTheDocument();
  });

  it('creates one, and says so when an edit meets a newer version (CONFLICT)', async () => {
    server.use(...SERIES_STATES.Loaded);
    renderTab('series');
    await user().click(await screen.findByRole('button', { name: 'Nova série' }));
    let dialog = await screen.findByRole('dialog', { name: 'Nova série' });
    await user().type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'Pós-venda');
    await user().type(within(dialog).getByRole('textbox', { name: /^Prefixo/ }), 'POS');
    await user().click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(callsOf('salvarSerie')).toEqual([
        { serie: { id: null, version: null, nome: 'Pós-venda', prefixo: 'POS', active: true } },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    server.use(api.mutation('comunicados_salvarSerie', () => HttpResponse.json({ data: null, errors: [CONFLICT] })));
    await user().click(screen.getByRole('button', { name: 'Editar a série Antiga' }));
    dialog = await screen.findByRole('dialog', { name: 'Editar série' });
    await user().click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Outra pessoa salvou');
  });
});

describe('Labels tab', () => {
  it('shows a loading state (Loading)', () => {
    server.use(...ETIQUETAS_STATES.Loading);
    renderTab('etiquetas');
    expect(screen.getByRole('heading', { level: 2, name: 'Etiquetas' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Carregando' })).toBeInTheDocument();
  });

  it('explains where labels come from when there is none (Empty)', async () => {
    server.use(...ETIQUETAS_STATES.Empty);
    renderTab('etiquetas');
    expect(await screen.findByText('Nenhuma etiqueta')).toBeInTheDocument();
  });

  it('says they could not be loaded, and tries again (Error)', async () => {
    server.use(...ETIQUETAS_STATES.Error);
    renderTab('etiquetas');
    expect(await screen.findByText('Não foi possível carregar as etiquetas.')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Recall')).toBeInTheDocument();
  });

  it('lists, searches, renames with the version and removes a label (Loaded)', async () => {
    server.use(...ETIQUETAS_STATES.Loaded);
    renderTab('etiquetas');
    const lista = await screen.findByRole('list', { name: 'Etiquetas' });
    expect(
      within(lista)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Recall4 comunicados', 'Treinamento1 comunicado']);
    await user().type(screen.getByRole('searchbox', { name: 'Buscar etiqueta' }), 'trein');
    await waitFor(() => expect(screen.queryByText('Recall')).not.toBeInTheDocument());

    await user().click(await screen.findByRole('button', { name: 'Renomear a etiqueta Treinamento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renomear etiqueta' });
    const nome = within(dialog).getByRole('textbox', { name: 'Nome' });
    await user().clear(nome);
    await user().click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Campo obrigatório')).toBeInTheDocument();
    // Enter in the name saves, as a form does.
    await user().type(nome, '  Treinamentos  {Enter}');
    await waitFor(() =>
      expect(callsOf('salvarEtiqueta')).toEqual([{ etiqueta: { id: '32', version: 3, nome: 'Treinamentos' } }]),
    );

    await user().click(await screen.findByRole('button', { name: 'Remover a etiqueta Treinamento' }));
    const confirmar = await screen.findByRole('dialog');
    expect(confirmar).toHaveTextContent('Ela sai de 1 comunicado.');
    // A removal: the focus starts on Cancel, so a reflex Enter removes nothing.
    await waitFor(() => expect(within(confirmar).getByRole('button', { name: 'Cancelar' })).toHaveFocus());
    await user().click(within(confirmar).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(callsOf('excluirEtiqueta')).toEqual([{ id: '32', version: 3 }]));
  });

  it("moves the keyboard's focus to the list when a removed label's row goes", async () => {
    let restantes = [...ETIQUETAS];
    server.use(
      api.query('comunicados_etiquetas', () => HttpResponse.json({ data: pagina(restantes) })),
      api.mutation('comunicados_excluirEtiqueta', ({ variables }) => {
        restantes = restantes.filter((e) => e.id !== variables.id);
        return HttpResponse.json({ data: { result: true } });
      }),
    );
    renderTab('etiquetas');
    const remover = await screen.findByRole('button', { name: 'Remover a etiqueta Treinamento' });
    remover.focus();
    await user().keyboard('{Enter}');
    const confirmar = await screen.findByRole('dialog');
    await user().click(within(confirmar).getByRole('button', { name: 'Remover' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remover a etiqueta Treinamento' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.getByRole('list', { name: 'Etiquetas' })).toHaveFocus());
  });
});
