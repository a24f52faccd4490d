import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { AdminContext, Notification, TestMemoryRouter, memoryStore, type AuthProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { ROUTES, type RouteId } from '../../../../domain/routes';
import { createDataProvider } from '../../../../providers/dataProvider';
import { createI18nProvider } from '../../../../providers/i18nProvider';
import { createQueryClient } from '../../../../providers/queryClient';

/** A signed-in user with these function keys (usePermissions), for the screens' buttons. */
export const comChaves = (funcionalidades: string[], tipo = 'MONTADORA'): AuthProvider => ({
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ({ tipo, funcionalidades }),
  getIdentity: async () => ({ id: '900', fullName: 'Paula Autora' }),
});

/**
 * Renders the announcement screens at `path` on their routes of domain/routes.ts (the others
 * render their path, to assert navigation), with the real GraphQL data provider and pt-BR.
 */
export function renderComunicados(
  pages: Partial<Record<RouteId, ComponentType>>,
  path: string,
  authProvider: AuthProvider = comChaves(['PORTAL_CRIACAO_COMUNICADOS', 'PORTAL_APROVACAO_ENVIO_COMUNICADOS']),
) {
  let location = '';
  const routes = ROUTES.filter((route) => route.id.startsWith('comunicados'));
  render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(l) => (location = l.pathname)}>
      <AdminContext
        dataProvider={createDataProvider()}
        authProvider={authProvider}
        queryClient={createQueryClient()}
        i18nProvider={createI18nProvider({ idioma: 'PT_BR' })}
        store={memoryStore()}
      >
        <Routes>
          {routes.map((route) => {
            const Page = pages[route.id];
            return <Route key={route.id} path={route.path} element={Page ? <Page /> : <p>{route.path}</p>} />;
          })}
        </Routes>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { location: () => location };
}
