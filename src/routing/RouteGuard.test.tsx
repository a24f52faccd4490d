import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { AdminContext, Notification, TestMemoryRouter, memoryStore, type AuthProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { AccessSubject } from '../../domain/access';
import { policies } from '../../domain/policies';
import { createI18nProvider } from '../../providers/i18nProvider';
import { RouteGuard } from './RouteGuard';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function renderGuarded(path: string, getPermissions: () => Promise<AccessSubject | null>, guarded: React.ReactNode) {
  let location = '';
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: vi.fn(getPermissions),
  };
  render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(l) => (location = l.pathname)}>
      <AdminContext
        authProvider={authProvider}
        i18nProvider={createI18nProvider({ idioma: 'PT_BR' })}
        store={memoryStore()}
        // A failed permissions read is final here (react-query would otherwise retry for seconds).
        queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <Routes>
          <Route path="/home" element={<p>home</p>} />
          <Route path="*" element={guarded} />
        </Routes>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { location: () => location, getPermissions: authProvider.getPermissions! };
}

describe('RouteGuard', () => {
  it('renders nothing while the permissions load, then the page when allowed', async () => {
    const permissions = deferred<AccessSubject>();
    const app = renderGuarded(
      '/slides',
      () => permissions.promise,
      <RouteGuard policy={policies.slides.list}>
        <p>slides</p>
      </RouteGuard>,
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(screen.queryByText('slides')).not.toBeInTheDocument();
    expect(app.location()).toBe('/slides');
    permissions.resolve({ tipo: 'MONTADORA', funcionalidades: ['PORTAL_MANUTENCAO_SLIDES'] });
    expect(await screen.findByText('slides')).toBeInTheDocument();
  });

  it('sends a user lacking the function key to /home, saying why', async () => {
    const app = renderGuarded(
      '/slides',
      async () => ({ tipo: 'MONTADORA', funcionalidades: ['PORTAL_MANUTENCAO_ANUNCIOS'] }),
      <RouteGuard policy={policies.slides.list}>
        <p>slides</p>
      </RouteGuard>,
    );
    expect(await screen.findByText('home')).toBeInTheDocument();
    expect(app.location()).toBe('/home');
    expect(await screen.findByText('Você não tem permissão para abrir aquela página.')).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('sends to /home when the permissions cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = renderGuarded(
      '/superAdmin',
      async () => Promise.reject(new Error('usuarioLogado failed')),
      <RouteGuard policy={policies.superAdmin.use}>
        <p>super admin</p>
      </RouteGuard>,
    );
    await waitFor(() => expect(app.location()).toBe('/home'));
    expect(screen.queryByText('super admin')).not.toBeInTheDocument();
    expect(await screen.findByText('Não foi possível realizar a ação')).toBeInTheDocument();
  });

  it('shows an open route at once, without waiting for permissions', async () => {
    renderGuarded(
      '/biblioteca',
      () => new Promise<never>(() => undefined),
      <RouteGuard policy={policies.portal.use}>
        <p>biblioteca</p>
      </RouteGuard>,
    );
    expect(await screen.findByText('biblioteca')).toBeInTheDocument();
  });

  it("without a rule, applies the rule of the ROUTES entry matching the path (a <Resource>'s views)", async () => {
    const view = (
      <RouteGuard>
        <p>edição de usuário</p>
      </RouteGuard>
    );
    const denied = renderGuarded(
      '/usuarios/7',
      async () => ({ tipo: 'MONTADORA', funcionalidades: ['PORTAL_CONSULTA_VISUALIZACAO_USUARIOS'] }),
      view,
    );
    await waitFor(() => expect(denied.location()).toBe('/home'));
  });

  it('without a rule, lets a user with the function key of the matching route in', async () => {
    renderGuarded(
      '/usuarios/7',
      async () => ({ tipo: 'MONTADORA', funcionalidades: ['PORTAL_MANUTENCAO_USUARIOS'] }),
      <RouteGuard>
        <p>edição de usuário</p>
      </RouteGuard>,
    );
    expect(await screen.findByText('edição de usuário')).toBeInTheDocument();
  });
});
