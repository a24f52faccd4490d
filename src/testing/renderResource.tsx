import { render } from '@testing-library/react';
import { AdminContext, Notification, TestMemoryRouter, memoryStore, type AuthProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { ROUTES, type RouteId } from '../../domain/routes';
import { createDataProvider } from '../../providers/dataProvider';
import { createI18nProvider } from '../../providers/i18nProvider';
import { resourcePages, type ResourceViews } from '../routing/resourcePages';

/**
 * Renders a resource's views as App.tsx mounts them (their table routes, in the resource's
 * context) with the real GraphQL data provider, pt-BR messages and the toasts, at `path`.
 * Answer the API with msw; routes without a view render their path, to assert redirects.
 */
export function renderResource(
  resource: string,
  views: ResourceViews,
  path: string,
  options: { authProvider?: AuthProvider } = {},
) {
  let location = '';
  // A resource without its own routes (a test's) renders nothing but its path.
  const pages = resourcePages(resource as RouteId, views);
  const routes = ROUTES.filter((route) => [resource, `${resource}Novo`, `${resource}Editar`].includes(route.id));
  render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(l) => (location = l.pathname)}>
      <AdminContext
        dataProvider={createDataProvider()}
        authProvider={options.authProvider}
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
