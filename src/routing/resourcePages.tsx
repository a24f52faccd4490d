import type { ComponentType } from 'react';
import { ResourceContextProvider } from 'react-admin';
import type { RouteId } from '../../domain/routes';
import type { Page, Pages } from './routeElements';

/** A resource folder's default export (STYLE.md): its views and how its records are named. */
export interface ResourceViews {
  list?: Page;
  create?: Page;
  edit?: Page;
  /** How a record is named where another refers to it (react-admin's <Resource recordRepresentation>). */
  recordRepresentation?: string;
}

function inResource(resource: string, View: Page): ComponentType {
  const Wrapped = () => (
    <ResourceContextProvider value={resource}>
      <View />
    </ResourceContextProvider>
  );
  Wrapped.displayName = `${resource}View`;
  return Wrapped;
}

/**
 * The PAGES entries of a resource whose routes follow the table's naming: route `<resource>` is
 * the list, `<resource>Novo` the create view and `<resource>Editar` the edit view (ROUTES in
 * domain/routes.ts). The views run in the resource's context, as under a <Resource>.
 */
export function resourcePages(resource: RouteId, views: ResourceViews): Pages {
  const pages: Partial<Record<string, Page>> = {};
  if (views.list) pages[resource] = inResource(resource, views.list);
  if (views.create) pages[`${resource}Novo`] = inResource(resource, views.create);
  if (views.edit) pages[`${resource}Editar`] = inResource(resource, views.edit);
  // Every key is a route of the table: the routes test opens each resource's three.
  return pages as Pages;
}
