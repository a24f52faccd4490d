import { Suspense, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import { ROUTES, type RouteDef, type RouteId } from '../../domain/routes';
import { PageErrorBoundary } from '../pages/errors/PageErrorBoundary';
import { RouteGuard } from './RouteGuard';

const PlaceholderPage = lazy(() => import('../pages/placeholder/PlaceholderPage'));

/** The screen of a route: a component, usually `lazy(() => import(...))` to keep it out of the entry chunk. */
export type Page = ComponentType | LazyExoticComponent<ComponentType>;

/** Route id (ROUTES) -> its screen; a route without one shows the "coming in a later version" placeholder. */
export type Pages = Readonly<Partial<Record<RouteId, Page>>>;

function content(route: RouteDef, pages: Pages) {
  const Page = pages[route.id as RouteId];
  return <Suspense fallback={<Loading />}>{Page ? <Page /> : <PlaceholderPage routeId={route.id} />}</Suspense>;
}

/**
 * Signed-in routes (inside the layout), one per ROUTES entry: the access rule, an error boundary
 * showing the Ops page, and the page or its placeholder.
 */
export function layoutRoutes(pages: Pages, routes: readonly RouteDef[] = ROUTES) {
  return routes
    .filter((route) => !route.public)
    .map((route) => (
      <Route
        key={route.id}
        path={route.path}
        element={
          <RouteGuard policy={route.policy}>
            <PageErrorBoundary>{content(route, pages)}</PageErrorBoundary>
          </RouteGuard>
        }
      />
    ));
}

/** Public routes (no layout, no sign-in), one per ROUTES entry marked `public`. */
export function publicRoutes(pages: Pages, routes: readonly RouteDef[] = ROUTES) {
  return routes
    .filter((route) => route.public)
    .map((route) => <Route key={route.id} path={route.path} element={content(route, pages)} />);
}
