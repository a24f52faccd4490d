import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useNotify, usePermissions } from 'react-admin';
import { allows, policies, type Policy } from '../../domain/policies';
import { matchRoute } from '../../domain/routes';
import type { PortalPermissions } from '../../providers/authProvider';

/** A policy every signed-in user passes: nothing to wait for. */
const isOpen = ({ rule }: Policy) => !rule.funcionalidades?.length && !rule.tiposUsuario?.length;

/** Sends the user to /home, saying why (once, though StrictMode runs effects twice). */
export function Refused({ message }: { message: string }) {
  const notify = useNotify();
  const notified = useRef(false);
  useEffect(() => {
    if (notified.current) return;
    notified.current = true;
    notify(message, { type: 'warning' });
  }, [message, notify]);
  return <Navigate to="/home" replace />;
}

/**
 * The client side of a route's policy (domain/policies.ts; the API checks again): a user it
 * refuses goes to /home with a notice that they may not open that page (or that their permissions
 * could not be read). Renders nothing while permissions load. Without `policy`, the policy of the
 * ROUTES entry matching the current path applies (for views a react-admin <Resource> renders).
 */
export function RouteGuard({ policy, children }: { policy?: Policy; children: ReactNode }) {
  const { pathname } = useLocation();
  const required = policy ?? matchRoute(pathname)?.route.policy ?? policies.portal.use;
  const { permissions, isPending, error } = usePermissions<PortalPermissions | null>();

  if (isOpen(required)) return children;
  if (isPending) return null;
  if (!allows(permissions ?? null, required)) {
    return <Refused message={error ? 'errors.couldNotPerform' : 'shell.pageForbidden'} />;
  }
  return children;
}
