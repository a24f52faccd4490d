import type { ReactNode } from 'react';
import { Navigate, useLocation, usePermissions } from 'react-admin';
import { hasAccess, type AccessRule } from '../../domain/access';
import { matchRoute } from '../../domain/routes';
import type { PortalPermissions } from '../../providers/authProvider';

const isOpen = (rule: AccessRule) => !rule.funcionalidades?.length && !rule.tiposUsuario?.length;

/**
 * The client side of a route's access rule (spec sections 2 and 6; the API checks again): a user
 * lacking the function key or user type goes to /home. Renders nothing while permissions load.
 * Without `access`, the rule of the ROUTES entry matching the current path applies (for views a
 * react-admin <Resource> renders).
 */
export function RouteGuard({ access, children }: { access?: AccessRule; children: ReactNode }) {
  const { pathname } = useLocation();
  const rule = access ?? matchRoute(pathname)?.route.access ?? {};
  const { permissions, isPending } = usePermissions<PortalPermissions | null>();

  if (isOpen(rule)) return children;
  if (isPending) return null;
  if (!permissions || !hasAccess(permissions, rule)) return <Navigate to="/home" replace />;
  return children;
}
