import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, TestMemoryRouter, memoryStore, type AuthProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { AccessSubject } from '../../domain/access';
import type { TipoAuditoria } from '../../domain/auditoria';
import { createI18nProvider } from '../../providers/i18nProvider';
import { AuditButton } from './AuditButton';

function renderButton(subject: AccessSubject | null, tipo: TipoAuditoria = 'DEALER', id: string | number = 12) {
  let location = '';
  const getPermissions = vi.fn(async () => subject);
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions,
  };
  render(
    <TestMemoryRouter initialEntries={['/dealers/12']} locationCallback={(l) => (location = l.pathname)}>
      <AdminContext
        authProvider={authProvider}
        i18nProvider={createI18nProvider({ idioma: 'PT_BR' })}
        store={memoryStore()}
      >
        <Routes>
          <Route path="/dealers/:id" element={<AuditButton tipo={tipo} id={id} />} />
          <Route path="/auditoria/:id/:tipo" element={<p>página de auditoria</p>} />
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { location: () => location, getPermissions };
}

/** Waits for the permissions to be read, then tells whether the button is there. */
async function shown(app: ReturnType<typeof renderButton>) {
  await waitFor(() => expect(app.getPermissions).toHaveBeenCalled());
  await new Promise((resolve) => setTimeout(resolve, 20));
  return screen.queryByRole('link', { name: 'Auditoria' }) !== null;
}

describe('AuditButton', () => {
  it('links a user with the dealers key to the audit page of the record', async () => {
    const app = renderButton({ tipo: 'MONTADORA', funcionalidades: ['PORTAL_MANUTENCAO_DEALERS_GRUPO'] });
    const link = await screen.findByRole('link', { name: 'Auditoria' });
    expect(link).toHaveAttribute('href', '/auditoria/12/DEALER');
    await userEvent.click(link);
    expect(await screen.findByText('página de auditoria')).toBeInTheDocument();
    expect(app.location()).toBe('/auditoria/12/DEALER');
  });

  it.each<[string, AccessSubject | null, TipoAuditoria, boolean]>([
    [
      'a user without any audit key',
      { tipo: 'DEALER_GRUPO', funcionalidades: ['PORTAL_AUSENCIA_TEMPORARIA'] },
      'DEALER',
      false,
    ],
    [
      'a slides maintainer, on a dealer',
      { tipo: 'MONTADORA', funcionalidades: ['PORTAL_MANUTENCAO_SLIDES'] },
      'DEALER',
      false,
    ],
    [
      'a slides maintainer, on a slide',
      { tipo: 'MONTADORA', funcionalidades: ['PORTAL_MANUTENCAO_SLIDES'] },
      'SLIDE',
      true,
    ],
    [
      'a user maintainer, on a user',
      { tipo: 'MONTADORA', funcionalidades: ['PORTAL_MANUTENCAO_USUARIOS'] },
      'USUARIO',
      true,
    ],
    [
      'a dealer-group user with the dealers key',
      { tipo: 'DEALER_GRUPO', funcionalidades: ['PORTAL_MANUTENCAO_DEALERS_GRUPO'] },
      'GRUPO',
      true,
    ],
    [
      'a manufacturer on reference data',
      { tipo: 'MONTADORA', funcionalidades: ['PORTAL_MANUTENCAO_DEALERS_GRUPO'] },
      'MARCA',
      false,
    ],
    ['provider staff on reference data', { tipo: 'TECSINAPSE', funcionalidades: [] }, 'MARCA', true],
    ['provider staff on a dealer', { tipo: 'TECSINAPSE', funcionalidades: [] }, 'DEALER', true],
    ['no permissions', null, 'DEALER', false],
  ])('%s: shown is %s', async (_name, subject, tipo, expected) => {
    const app = renderButton(subject, tipo);
    expect(await shown(app)).toBe(expected);
  });

  it('shows nothing while the permissions load', async () => {
    let resolve!: (subject: AccessSubject) => void;
    const authProvider: AuthProvider = {
      login: async () => undefined,
      logout: async () => undefined,
      checkAuth: async () => undefined,
      checkError: async () => undefined,
      getPermissions: () => new Promise<AccessSubject>((r) => (resolve = r)),
    };
    render(
      <TestMemoryRouter>
        <AdminContext
          authProvider={authProvider}
          i18nProvider={createI18nProvider({ idioma: 'PT_BR' })}
          store={memoryStore()}
        >
          <AuditButton tipo="GRUPO" id="7" />
        </AdminContext>
      </TestMemoryRouter>,
    );
    await new Promise((r) => setTimeout(r, 30));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    resolve({ tipo: 'TECSINAPSE', funcionalidades: [] });
    expect(await screen.findByRole('link', { name: 'Auditoria' })).toHaveAttribute('href', '/auditoria/7/GRUPO');
  });
});
