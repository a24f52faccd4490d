import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { AdminContext, Notification, memoryStore } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider, setAccessTokenGetter } from '../../providers/dataProvider';
import { createI18nProvider } from '../../providers/i18nProvider';
import { IDIOMA_STORAGE_KEY } from '../../providers/language';
import { createQueryClient } from '../../providers/queryClient';
import { browser } from '../browser';
import { authFor, DEALER } from '../testing/renderPage';
import { api, mockApiServer } from '../testing/mockApi';
import { mudarLinguaHandler } from '../layout/testing';
import { LanguageSwitcher } from './LanguageSwitcher';

const mutations: Record<string, unknown>[] = [];
const server = mockApiServer(mudarLinguaHandler(mutations));

beforeEach(() => {
  setAccessTokenGetter(async () => 'token');
  localStorage.clear();
});
afterEach(() => {
  mutations.length = 0;
  vi.restoreAllMocks();
});

function renderSwitcher() {
  const store = memoryStore();
  render(
    <AdminContext
      dataProvider={createDataProvider()}
      authProvider={authFor(DEALER, { idioma: 'PT_BR' })}
      queryClient={createQueryClient()}
      i18nProvider={createI18nProvider({ idioma: 'PT_BR' })}
      store={store}
    >
      <LanguageSwitcher />
      <Notification />
    </AdminContext>,
  );
  return { store };
}

// The field of /minha-conta (the top bar's menu is PortalAppBar.test.tsx's).
describe('LanguageSwitcher, the field', { timeout: 20_000 }, () => {
  it('changes the language with mudarLinguaUsuario, remembers it and reloads', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const { store } = renderSwitcher();
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Idioma' })).not.toHaveAttribute('aria-disabled'));
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveTextContent('Português');
    await user.click(screen.getByRole('combobox', { name: 'Idioma' }));
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
    renderSwitcher();
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Idioma' })).not.toHaveAttribute('aria-disabled'));
    await user.click(screen.getByRole('combobox', { name: 'Idioma' }));
    await user.click(screen.getByRole('option', { name: 'Español' }));
    await waitFor(() => expect(attempts).toBe(1));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Idioma' })).not.toHaveAttribute('aria-disabled'));
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveTextContent('Português');
    expect(reload).not.toHaveBeenCalled();
    expect(localStorage.getItem(IDIOMA_STORAGE_KEY)).toBeNull();
  });
});
