import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { AdminContext, TestMemoryRouter, memoryStore, type AuthProvider } from 'react-admin';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider, setAccessTokenGetter } from '../../../providers/dataProvider';
import { createI18nProvider } from '../../../providers/i18nProvider';
import { IDIOMA_STORAGE_KEY } from '../../../providers/language';
import { browser } from '../../browser';
import { Home } from './Home';

const api = graphql.link(new URL('/graphql', window.location.origin).href);
const mutations: Record<string, unknown>[] = [];
const server = setupServer(
  api.mutation('sessao_mudarLingua', ({ variables }) => {
    mutations.push(variables);
    return HttpResponse.json({
      data: { result: { id: variables.id, nome: 'Ana Souza', idioma: { id: variables.idioma } } },
    });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  setAccessTokenGetter(async () => 'token');
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  mutations.length = 0;
  vi.restoreAllMocks();
});
afterAll(() => server.close());

function authProvider(): AuthProvider {
  return {
    login: vi.fn(async () => undefined),
    logout: vi.fn(async () => false as const),
    checkAuth: vi.fn(async () => undefined),
    checkError: vi.fn(async () => undefined),
    getIdentity: vi.fn(async () => ({
      id: '42',
      fullName: 'Ana Souza',
      email: 'ana@portal.test',
      tipo: 'DEALER_GRUPO',
      idioma: 'PT_BR',
    })),
  };
}

function renderHome(auth = authProvider()) {
  const store = memoryStore();
  render(
    <TestMemoryRouter initialEntries={['/home']}>
      <AdminContext
        dataProvider={createDataProvider()}
        authProvider={auth}
        i18nProvider={createI18nProvider({ idioma: 'PT_BR' })}
        store={store}
      >
        <Home />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { auth, store };
}

describe('Home', () => {
  it('greets the user by name, with e-mail and translated user type', async () => {
    renderHome();
    expect(await screen.findByRole('heading', { name: 'Olá, Ana Souza' })).toBeInTheDocument();
    expect(screen.getByText('Você entrou como ana@portal.test (Dealer / Grupo).')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveTextContent('Português');
  });

  it('changes the language with mudarLinguaUsuario, remembers it and reloads', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const { store } = renderHome();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Idioma' }));
    await user.click(screen.getByRole('option', { name: 'English' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(mutations).toEqual([{ id: '42', idioma: 'EN' }]);
    expect(localStorage.getItem(IDIOMA_STORAGE_KEY)).toBe('EN');
    expect(store.getItem('locale')).toBe('en');
  });

  it('keeps the language and says so when the change fails', async () => {
    let attempts = 0;
    server.use(
      api.mutation('sessao_mudarLingua', () => {
        attempts += 1;
        return HttpResponse.json({ errors: [{ message: 'down' }] });
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    renderHome();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Idioma' }));
    await user.click(screen.getByRole('option', { name: 'Español' }));
    await waitFor(() => expect(attempts).toBe(1));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Idioma' })).not.toHaveAttribute('aria-disabled'));
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveTextContent('Português');
    expect(reload).not.toHaveBeenCalled();
    expect(localStorage.getItem(IDIOMA_STORAGE_KEY)).toBeNull();
  });

  it('signs out', async () => {
    const { auth } = renderHome();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(auth.logout).toHaveBeenCalled());
  });
});
