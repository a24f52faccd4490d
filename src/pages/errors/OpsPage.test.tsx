import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { StrictMode } from 'react';
import { Admin, CustomRoutes, TestMemoryRouter, memoryStore, type AuthProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Idioma } from '../../../domain/enums';
import { createDataProvider, setAccessTokenGetter } from '../../../providers/dataProvider';
import { createI18nProvider } from '../../../providers/i18nProvider';
import { log } from '../../../providers/logger';
import { layoutRoutes } from '../../routing/routeElements';
import { AppErrorPage } from './OpsPage';
import { mockApiServer } from '../../testing/mockApi';

const HELP = 'https://ajuda.portal.test/';
const api = graphql.link(new URL('/graphql', window.location.origin).href);
let helpRequests = 0;
const server = mockApiServer(
  api.query('sessao_linkAjuda', () => {
    helpRequests += 1;
    return HttpResponse.json({ data: { result: { linkHelpTec: HELP } } });
  }),
);

beforeEach(() => {
  setAccessTokenGetter(async () => 'token');
  helpRequests = 0;
  // React reports caught render errors on the console; the log service is what is under test.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const auth: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ({ tipo: 'DEALER_GRUPO', funcionalidades: [] }),
};

let failures = 0;
function Boom(): never {
  failures += 1;
  throw new Error(`Cannot read the announcement #${failures}`);
}
const Fine = () => <p>Comunicados carregados</p>;

function renderAdmin({
  entries,
  idioma = 'PT_BR',
  layout,
}: {
  entries: string[];
  idioma?: Idioma;
  layout?: (props: { children: React.ReactNode }) => React.ReactNode;
}) {
  let location = '';
  render(
    <StrictMode>
      <TestMemoryRouter
        initialEntries={entries}
        initialIndex={entries.length - 1}
        locationCallback={(l) => (location = l.pathname)}
      >
        <Admin
          authProvider={auth}
          dataProvider={createDataProvider()}
          i18nProvider={createI18nProvider({ idioma })}
          store={memoryStore()}
          layout={layout}
          error={AppErrorPage}
          requireAuth
          disableTelemetry
        >
          <CustomRoutes>{layoutRoutes({ home: Boom, comunicados: Fine })}</CustomRoutes>
        </Admin>
      </TestMemoryRouter>
    </StrictMode>,
  );
  return { location: () => location };
}

describe('Ops page (render errors)', () => {
  it('replaces a page that throws, links the help site in a new tab and logs the error once', async () => {
    const logError = vi.spyOn(log, 'error');
    renderAdmin({ entries: ['/home'] });

    expect(await screen.findByRole('heading', { level: 1, name: 'Ops!' })).toBeInTheDocument();
    expect(screen.getByText('Algo deu errado ao exibir esta página.')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Central de ajuda (abre em uma nova aba)' });
    expect(link).toHaveAttribute('href', HELP);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.getByRole('button', { name: 'Voltar' })).toBeInTheDocument();

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logError).toHaveBeenCalledTimes(1);
    const [message, error] = logError.mock.calls[0];
    expect(message).toMatch(/^Render error on \/home: Cannot read the announcement #\d+$/);
    expect(error).toBeInstanceOf(Error);
    expect(helpRequests).toBeGreaterThan(0);
  });

  it('Back leaves the broken page and shows the previous one', async () => {
    const app = renderAdmin({ entries: ['/comunicados', '/home'] });
    await userEvent.click(await screen.findByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(app.location()).toBe('/comunicados'));
    expect(await screen.findByText('Comunicados carregados')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Ops!' })).not.toBeInTheDocument();
  });

  it('without a help link from the API, names the help centre without a link', async () => {
    server.use(api.query('sessao_linkAjuda', () => HttpResponse.json({ errors: [{ message: 'Unauthorized' }] })));
    renderAdmin({ entries: ['/home'], idioma: 'EN' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops!' })).toBeInTheDocument();
    expect(screen.getByText(/If the problem persists, open a ticket at/)).toHaveTextContent('Help centre.');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('<Admin error> shows it for an error outside the pages (e.g. in the layout)', async () => {
    const logError = vi.spyOn(log, 'error');
    const BrokenLayout = (): React.ReactNode => {
      throw new Error('Layout failed');
    };
    renderAdmin({ entries: ['/comunicados'], idioma: 'ES', layout: BrokenLayout });
    expect(await screen.findByRole('heading', { level: 1, name: '¡Ups!' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Volver' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logError).toHaveBeenCalledTimes(1);
    expect(logError.mock.calls[0][0]).toBe('Render error on /comunicados: Layout failed');
  });
});
