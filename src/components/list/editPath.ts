import type { Identifier } from 'react-admin';
import { ROUTES } from '../../../domain/routes';

/**
 * A record's edit page by the route table (`<resource>Editar`, e.g. /slides/editar/:id), for the
 * resources whose edit route is not react-admin's `/<resource>/:id`; undefined: react-admin's.
 */
export function editPathOf(resource: string): ((id: Identifier) => string) | undefined {
  const path = ROUTES.find((route) => route.id === `${resource}Editar`)?.path;
  if (!path?.includes(':id') || path === `/${resource}/:id`) return undefined;
  return (id) => path.replace(':id', encodeURIComponent(String(id)));
}
