// Test helper (never imported by the app).
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, Notification, TestMemoryRouter, memoryStore, type AuthProvider } from 'react-admin';
import { parsePath, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import type { AccessSubject } from '../../domain/access';
import { createDataProvider } from '../../providers/dataProvider';
import { createI18nProvider } from '../../providers/i18nProvider';
import { createQueryClient } from '../../providers/queryClient';

/** A dealer user: no function key. */
export const DEALER: AccessSubject = { tipo: 'DEALER_GRUPO', funcionalidades: [] };

export function authFor(subject: AccessSubject, identity: Record<string, unknown> = {}): AuthProvider {
  return {
    login: vi.fn(async () => undefined),
    logout: vi.fn(async () => false as const),
    checkAuth: vi.fn(async () => undefined),
    checkError: vi.fn(async () => undefined),
    getIdentity: vi.fn(async () => ({ id: '42', fullName: 'Ana Souza', ...identity })),
    getPermissions: vi.fn(async () => subject),
  };
}

/**
 * Renders a page at `path` (its route pattern `route`) as the app does: the real GraphQL data
 * provider (answer with msw), pt-BR, the toasts, and `subject` signed in. Any other path renders
 * "outra página"; `location()` answers where the page went, `state()` the router state it went
 * with. `identity` adds to the signed-in user's identity (their type, brands: what getIdentity
 * answers); `state` is the router state the page is opened with (a link's).
 */
export function renderPage(
  Page: () => ReactNode,
  {
    path,
    route,
    subject = DEALER,
    identity,
    state,
  }: { path: string; route: string; subject?: AccessSubject; identity?: Record<string, unknown>; state?: unknown },
) {
  let location = '';
  let locationState: unknown;
  render(
    <TestMemoryRouter
      initialEntries={[state === undefined ? path : { ...parsePath(path), state }]}
      locationCallback={(l) => {
        location = `${l.pathname}${l.search}`;
        locationState = l.state;
      }}
    >
      <AdminContext
        dataProvider={createDataProvider()}
        authProvider={authFor(subject, identity)}
        queryClient={createQueryClient()}
        i18nProvider={createI18nProvider({ idioma: 'PT_BR' })}
        store={memoryStore()}
      >
        <Routes>
          <Route path={route} element={<Page />} />
          <Route path="*" element={<p>outra página</p>} />
        </Routes>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { location: () => location, state: () => locationState };
}
