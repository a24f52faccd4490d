import { render, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataProvider, setAccessTokenGetter } from '../../providers/dataProvider';
import { createI18nProvider } from '../../providers/i18nProvider';
import { BreadcrumbLabelProvider, useBreadcrumbLabel } from '../components/breadcrumbLabel';
import { DocumentTitle } from './DocumentTitle';
import { menuFixture, menuHandler } from './testing';

const server = setupServer(menuHandler(menuFixture({ title: 'Portal Rede' })));
beforeAll(() => {
  setAccessTokenGetter(async () => 'token');
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());

function FolderPage() {
  useBreadcrumbLabel('Manuais');
  return null;
}

function renderAt(path: string, page?: React.ReactNode, idioma: 'PT_BR' | 'EN' = 'PT_BR') {
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={createDataProvider()} i18nProvider={createI18nProvider({ idioma })}>
        <BreadcrumbLabelProvider>
          <DocumentTitle />
          {page}
        </BreadcrumbLabelProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

describe('DocumentTitle', () => {
  it("names the tab after the route's title and the portal", async () => {
    renderAt('/dealers/3');
    await waitFor(() => expect(document.title).toBe('Editar dealer – Portal Rede'));
  });

  it('follows the language', async () => {
    renderAt('/gruposUsuarios', undefined, 'EN');
    await waitFor(() => expect(document.title).toBe('User groups – Portal Rede'));
  });

  it("uses the page's own label, such as a folder name", async () => {
    renderAt('/biblioteca/7', <FolderPage />);
    await waitFor(() => expect(document.title).toBe('Manuais – Portal Rede'));
  });
});
