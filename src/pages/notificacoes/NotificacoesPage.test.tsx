import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { AdminContext, Notification, TestMemoryRouter, memoryStore } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDataProvider, setAccessTokenGetter } from '../../../providers/dataProvider';
import { createI18nProvider } from '../../../providers/i18nProvider';
import { createQueryClient } from '../../../providers/queryClient';
import type { Notificacao } from '../../components/notificacoes/notificacoes';
import { notificacoes } from '../../components/notificacoes/notificacoes.fixtures';
import { api, mockApiServer } from '../../testing/mockApi';
import { queryStates } from '../../testing/viewStates';
import NotificacoesPage from './NotificacoesPage';

interface Filter {
  filterInput: { page: number; rowsPerPage: number; naoLidas: boolean | null };
}

let stored: Notificacao[] = [];
const asked: Filter['filterInput'][] = [];
const pageOf = ({ filterInput }: Filter) => {
  asked.push(filterInput);
  const rows = stored.filter((n) => !filterInput.naoLidas || !n.lida);
  const start = filterInput.page * filterInput.rowsPerPage;
  return { result: { content: rows.slice(start, start + filterInput.rowsPerPage), totalElements: rows.length } };
};
const STATES = queryStates<Filter>('notificacoes_pagina', {
  empty: { result: { content: [], totalElements: 0 } },
  loaded: pageOf,
});

const server = mockApiServer(
  api.mutation('notificacoes_lida', ({ variables }) => {
    stored = stored.map((n) => (n.id === variables.id ? { ...n, lida: true } : n));
    return HttpResponse.json({ data: { result: stored.find((n) => n.id === variables.id) } });
  }),
  api.mutation('notificacoes_todasLidas', () => {
    const count = stored.filter((n) => !n.lida).length;
    stored = stored.map((n) => ({ ...n, lida: true }));
    return HttpResponse.json({ data: { result: count } });
  }),
);

beforeEach(() => {
  setAccessTokenGetter(async () => 'token');
  stored = notificacoes();
  asked.length = 0;
});

function renderPage() {
  render(
    <TestMemoryRouter initialEntries={['/notificacoes']}>
      <AdminContext
        dataProvider={createDataProvider()}
        queryClient={createQueryClient()}
        i18nProvider={createI18nProvider({ idioma: 'PT_BR' })}
        store={memoryStore()}
      >
        <NotificacoesPage />
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const list = () => screen.findByRole('list', { name: 'Notificações' });
const user = () => userEvent.setup({ delay: null });

describe('/notificacoes', () => {
  it('shows a loading state (Loading)', () => {
    server.use(...STATES.Loading);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Notificações' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Carregando' })).toBeInTheDocument();
  });

  it('says so when there is nothing (Empty)', async () => {
    server.use(...STATES.Empty);
    renderPage();
    expect(await screen.findByText('Nenhuma notificação')).toBeVisible();
  });

  it('says the list could not be loaded, and tries again (Error)', async () => {
    server.use(...STATES.Error);
    renderPage();
    expect(await screen.findByText('Não foi possível carregar as notificações.')).toBeVisible();
    await user().click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await list()).toBeInTheDocument();
  });

  it('lists every notification newest first with its read state (Loaded)', async () => {
    server.use(...STATES.Loaded);
    renderPage();
    const items = within(await list()).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Novo comunicado de recall',
      'Tabela de preços publicada (abre em nova aba)',
      'Treinamento agendado',
      'Boas-vindas',
    ]);
    expect(items[0]).toHaveTextContent('Portal · há 5 minutos · não lida');
    expect(items[3]).toHaveTextContent('· lida');
    expect(within(items[3]).queryByRole('button')).not.toBeInTheDocument();
    // The page shown, and whether anything is unread (for "mark all read").
    expect(asked).toEqual([
      { page: 0, rowsPerPage: 20, naoLidas: null },
      { page: 0, rowsPerPage: 10, naoLidas: true },
    ]);
  });

  it('marks one read', async () => {
    server.use(...STATES.Loaded);
    renderPage();
    await list();
    await user().click(screen.getByRole('button', { name: 'Marcar como lida: Treinamento agendado' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Marcar como lida: Treinamento agendado' })).not.toBeInTheDocument(),
    );
    expect(stored.find((n) => n.id === '11')!.lida).toBe(true);
    expect(screen.getAllByRole('button', { name: /^Marcar como lida:/ })).toHaveLength(2);
  });

  it("keeps the keyboard's focus on the notification whose 'mark read' went, and on 'mark all'", async () => {
    server.use(...STATES.Loaded);
    renderPage();
    await list();
    // With a link: the focus goes to it.
    screen.getByRole('button', { name: 'Marcar como lida: Novo comunicado de recall' }).focus();
    await user().keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Novo comunicado de recall' })).toHaveFocus());
    // Without one: to the notification itself.
    screen.getByRole('button', { name: 'Marcar como lida: Treinamento agendado' }).focus();
    await user().keyboard('{Enter}');
    await waitFor(() => expect(screen.getByText('Treinamento agendado').closest('li')).toHaveFocus());
    const todas = screen.getByRole('button', { name: 'Marcar todas como lidas' });
    todas.focus();
    await user().keyboard('{Enter}');
    expect(await screen.findByText(/notificaç(ão|ões) marcadas? como lidas?/)).toBeInTheDocument();
    expect(todas).toHaveFocus();
    // Nothing is left unread: it looks disabled and does nothing, and keeps the focus.
    await waitFor(() => expect(todas).toHaveAttribute('aria-disabled', 'true'));
    expect(todas).toHaveFocus();
  });

  it('offers to mark all read only while something is unread, on any page or filter', async () => {
    server.use(...STATES.Loaded);
    stored = stored.map((n) => ({ ...n, lida: true }));
    renderPage();
    await list();
    const todas = screen.getByRole('button', { name: 'Marcar todas como lidas' });
    await waitFor(() => expect(todas).toHaveAttribute('aria-disabled', 'true'));
    todas.focus();
    await user().keyboard('{Enter}');
    expect(screen.queryByText(/marcadas? como lidas?/)).not.toBeInTheDocument();
  });

  it('marks all read and says how many', async () => {
    server.use(...STATES.Loaded);
    renderPage();
    await list();
    await user().click(screen.getByRole('button', { name: 'Marcar todas como lidas' }));
    expect(await screen.findByText('3 notificações marcadas como lidas')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Marcar como lida:/ })).not.toBeInTheDocument());
  });

  it('shows only the unread ones when asked, from the first page', async () => {
    server.use(...STATES.Loaded);
    stored[1].lida = true;
    renderPage();
    await list();
    await user().click(screen.getByRole('switch', { name: 'Somente não lidas' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Notificações' })).getAllByRole('listitem')).toHaveLength(2),
    );
    expect(asked.at(-1)).toEqual({ page: 0, rowsPerPage: 20, naoLidas: true });
    await user().click(screen.getByRole('button', { name: 'Marcar todas como lidas' }));
    expect(await screen.findByText('Nenhuma notificação não lida')).toBeVisible();
  });

  it('pages through them', async () => {
    server.use(...STATES.Loaded);
    stored = Array.from({ length: 25 }, (_, i) => ({
      ...notificacoes()[3],
      id: String(100 - i),
      titulo: `Aviso ${i + 1}`,
    }));
    renderPage();
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(20);
    await user().click(screen.getByRole('button', { name: 'Ir para a próxima página' }));
    await waitFor(() => expect(screen.getByText('Aviso 21')).toBeInTheDocument());
    expect(within(screen.getByRole('list', { name: 'Notificações' })).getAllByRole('listitem')).toHaveLength(5);
    expect(asked.at(-1)).toEqual({ page: 1, rowsPerPage: 20, naoLidas: null });
  });
});
