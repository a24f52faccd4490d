import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse } from 'msw';
import { AdminContext, TestMemoryRouter, memoryStore } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider, setAccessTokenGetter } from '../../providers/dataProvider';
import { createI18nProvider } from '../../providers/i18nProvider';
import { log } from '../../providers/logger';
import { createQueryClient } from '../../providers/queryClient';
import { notificacoes } from '../components/notificacoes/notificacoes.fixtures';
import type { Notificacao } from '../components/notificacoes/notificacoes';
import { NotificacoesBell } from './NotificacoesBell';
import { ptBR as PT } from '../../i18n/pt-BR';
import { pushBrowser } from '../testing/pushBrowser';
import { api } from './testing';
import { mockApiServer } from '../testing/mockApi';

let unread = 0;
let countCalls = 0;
let seenCalls = 0;
const read: unknown[] = [];
const server = mockApiServer(
  api.query('notificacoes_naoLidas', () => {
    countCalls += 1;
    return HttpResponse.json({ data: { result: unread } });
  }),
  api.query('notificacoes_menu', () => HttpResponse.json({ data: { result: notificacoes() } })),
  api.mutation('notificacoes_visualizadas', () => {
    seenCalls += 1;
    const marked = unread;
    unread = 0;
    return HttpResponse.json({ data: { result: marked } });
  }),
  api.mutation('notificacoes_lida', ({ variables }) => {
    read.push(variables.id);
    return HttpResponse.json({ data: { result: { ...notificacoes()[0], lida: true } } });
  }),
);

beforeEach(() => {
  setAccessTokenGetter(async () => 'token');
  unread = 0;
  countCalls = 0;
  seenCalls = 0;
  read.length = 0;
});
afterEach(() => {
  vi.restoreAllMocks();
  setVisibility('visible');
});

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

function renderBell(pollMs?: number) {
  let location = '';
  render(
    <TestMemoryRouter initialEntries={['/home']} locationCallback={(l) => (location = l.pathname)}>
      <AdminContext
        dataProvider={createDataProvider()}
        queryClient={createQueryClient()}
        i18nProvider={createI18nProvider({ idioma: 'PT_BR' })}
        store={memoryStore()}
      >
        <NotificacoesBell pollMs={pollMs} />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { location: () => location };
}

const openPanel = async () => {
  await userEvent.click(await screen.findByRole('button', { name: /^Notificações/ }));
  return screen.findByRole('dialog', { name: 'Notificações' });
};

describe('NotificacoesBell', () => {
  it('shows the unread count on the badge, and its text is part of the name', async () => {
    unread = 3;
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notificações: 3 novas' });
    expect(within(bell).getByText('3')).toBeVisible();
  });

  it('shows 99+ above 99', async () => {
    unread = 100;
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notificações: 99+ novas' });
    expect(within(bell).getByText('99+')).toBeVisible();
  });

  it('has no badge and the plain name with nothing unread', async () => {
    renderBell();
    await waitFor(() => expect(countCalls).toBe(1));
    expect(screen.getByRole('button', { name: 'Notificações' })).toBeInTheDocument();
  });

  it('polls the count, not while the tab is hidden, and reads it again when the tab is shown', async () => {
    unread = 1;
    renderBell(40);
    await screen.findByRole('button', { name: 'Notificações: 1 nova' });
    await waitFor(() => expect(countCalls).toBeGreaterThanOrEqual(3));
    act(() => setVisibility('hidden'));
    await new Promise((resolve) => setTimeout(resolve, 60));
    const whileHidden = countCalls;
    unread = 5;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(countCalls).toBe(whileHidden);
    act(() => setVisibility('visible'));
    expect(await screen.findByRole('button', { name: 'Notificações: 5 novas' })).toBeInTheDocument();
  });

  it('closing the panel with unread notifications marks them seen: the count drops at once, the close button waits', async () => {
    unread = 2;
    let answer!: () => void;
    server.use(
      api.mutation('notificacoes_visualizadas', async () => {
        seenCalls += 1;
        await new Promise<void>((resolve) => (answer = resolve));
        unread = 0;
        return HttpResponse.json({ data: { result: 2 } });
      }),
    );
    renderBell();
    await screen.findByRole('button', { name: 'Notificações: 2 novas' });
    const panel = await openPanel();
    await within(panel).findByText('Novo comunicado de recall');
    await userEvent.click(within(panel).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(seenCalls).toBe(1));
    expect(within(panel).getByRole('button', { name: 'Fechar' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Notificações', hidden: true })).toBeInTheDocument();
    answer();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Notificações' })).toHaveFocus();
    expect(seenCalls).toBe(1);
  });

  it('closing with nothing unread marks nothing', async () => {
    renderBell();
    await waitFor(() => expect(countCalls).toBe(1));
    const panel = await openPanel();
    await within(panel).findByText('Novo comunicado de recall');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(seenCalls).toBe(0);
  });
});

describe('the notification panel', () => {
  it('shows loading while the list is on its way', async () => {
    server.use(
      api.query('notificacoes_menu', async () => {
        await delay('infinite');
        return HttpResponse.json({ data: null });
      }),
    );
    renderBell();
    const panel = await openPanel();
    expect(await within(panel).findByRole('progressbar', { name: 'Carregando as notificações…' })).toBeVisible();
  });

  it('shows an error text and logs the failure', async () => {
    const logged = vi.spyOn(log, 'error').mockImplementation(() => undefined);
    server.use(
      api.query('notificacoes_menu', () =>
        HttpResponse.json({
          data: null,
          errors: [{ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
        }),
      ),
    );
    renderBell();
    const panel = await openPanel();
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Não foi possível carregar as notificações.');
    expect(logged).toHaveBeenCalledWith('notificacoesMenu failed', expect.anything());
  });

  it('shows a title and a text when there is nothing', async () => {
    server.use(api.query('notificacoes_menu', () => HttpResponse.json({ data: { result: [] } })));
    renderBell();
    const panel = await openPanel();
    expect(await within(panel).findByText('Nenhuma notificação por enquanto')).toBeVisible();
    expect(within(panel).getByText('Quando houver avisos para você, eles aparecem aqui.')).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Ver todas as notificações' })).toHaveAttribute(
      'href',
      '/notificacoes',
    );
  });

  it('lists recent above older, each with title, text, product and how long ago', async () => {
    renderBell();
    const panel = await openPanel();
    const recent = await within(panel).findByRole('region', { name: 'Recentes' });
    const older = within(panel).getByRole('region', { name: 'Anteriores' });
    expect(
      within(recent)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Recentes',
      'Novo comunicado de recall (não lida)',
      'Tabela de preços publicada (abre em nova aba) (não lida)',
    ]);
    expect(within(older).getAllByRole('listitem')).toHaveLength(2);
    const first = within(recent).getAllByRole('listitem')[0];
    expect(within(first).getByText(/^Portal ·/)).toHaveTextContent('Portal · há 5 minutos');
    expect(within(first).getByText('Ana').tagName).toBe('STRONG');
    expect(within(first).getByRole('link', { name: 'recall' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(older).getByText('Treinamento agendado')).toBeVisible();
    expect(within(older).getByText(/Academy ·/)).toHaveTextContent('Academy · há 3 dias');
  });

  it('renders the text through the allowlist again: no script, handler or javascript: link', async () => {
    const hostile: Notificacao = {
      ...notificacoes()[3],
      id: '99',
      texto:
        '<p>ok<script>window.hacked=1</script><img src=x onerror="window.hacked=1"><a href="javascript:alert(1)" onclick="x()">clique</a><style>p{}</style></p>',
    };
    server.use(api.query('notificacoes_menu', () => HttpResponse.json({ data: { result: [hostile] } })));
    renderBell();
    const panel = await openPanel();
    const text = (await within(panel).findByText('clique')).closest('p')!;
    expect(text.innerHTML).toBe('ok<a>clique</a>');
  });

  it('follows a portal path in the app: marks it read and closes the panel (marking it seen)', async () => {
    unread = 2;
    const { location } = renderBell();
    await screen.findByRole('button', { name: 'Notificações: 2 novas' });
    const panel = await openPanel();
    await userEvent.click(await within(panel).findByRole('link', { name: 'Novo comunicado de recall' }));
    await waitFor(() => expect(location()).toBe('/minha-conta'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(read).toEqual(['13']);
    expect(seenCalls).toBe(1);
  });

  it('opens an address elsewhere in a new tab', async () => {
    renderBell();
    const panel = await openPanel();
    const link = await within(panel).findByRole('link', { name: 'Tabela de preços publicada (abre em nova aba)' });
    expect(link).toHaveAttribute('href', 'https://fabrica.test/precos');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  describe('in a browser with the Push API', () => {
    const browser = pushBrowser();
    beforeEach(() => browser.install());
    afterEach(() => browser.remove());

    it('offers notifications on this device in the panel, asks only on the click, and "not now" hides the offer for good', async () => {
      renderBell();
      let panel = await openPanel();
      expect(
        await within(panel).findByRole('button', { name: 'Receber notificações neste dispositivo' }),
      ).toBeVisible();
      expect(browser.requestPermission).not.toHaveBeenCalled();
      await userEvent.click(within(panel).getByRole('button', { name: 'Agora não' }));
      await waitFor(() =>
        expect(within(panel).queryByRole('button', { name: 'Receber notificações neste dispositivo' })).toBeNull(),
      );
      expect(browser.requestPermission).not.toHaveBeenCalled();
      // Closed and opened again: still not offered.
      await userEvent.click(within(panel).getByRole('button', { name: /fechar|close/i }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      panel = await openPanel();
      expect(await within(panel).findByText('Novo comunicado de recall')).toBeVisible();
      expect(within(panel).queryByRole('button', { name: 'Receber notificações neste dispositivo' })).toBeNull();
    });

    it('says in the panel when the browser refuses the permission asked there', async () => {
      browser.requestPermission.mockImplementation(async () => {
        browser.state.permission = 'denied';
        return 'denied';
      });
      renderBell();
      const panel = await openPanel();
      await userEvent.click(
        await within(panel).findByRole('button', { name: 'Receber notificações neste dispositivo' }),
      );
      expect(await within(panel).findByRole('alert')).toHaveTextContent(PT.push.bloqueado);
      expect(within(panel).queryByRole('button', { name: 'Receber notificações neste dispositivo' })).toBeNull();
    });
  });
});
