import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, useState, type ReactNode } from 'react';
import {
  AccessDenied,
  AdminContext,
  AuthenticationError,
  CoreAdminUI,
  CustomRoutes,
  LoadingPage,
  Navigate,
  Resource,
  localStorageStore,
  type AuthProvider,
  type DataProvider,
  type I18nProvider,
  type Store,
} from 'react-admin';
// Route elements are react-router's (react-admin's default router); same entry as ra-core's.
import { Route } from 'react-router-dom';
import { CALLBACK_PATH } from '../providers/authProvider';
import { createQueryClient } from '../providers/queryClient';
import { Layout } from './layout/Layout';
import { NotificacoesBell } from './layout/NotificacoesBell';
import { PortalNotification } from './layout/PortalNotification';
import { useMenuUsuarioLogado } from './layout/useMenuUsuarioLogado';
import { AuthCallbackPage } from './pages/auth/AuthCallbackPage';
import { SignInPage } from './pages/auth/SignInPage';
import { AppErrorPage } from './pages/errors/OpsPage';
import { Home } from './pages/home/Home';
import { layoutRoutes, publicRoutes, type Pages } from './routing/routeElements';
import { resourcePages } from './routing/resourcePages';
import dealers from '../resources/dealers';
import grupos from '../resources/grupos';
import marcas from '../resources/marcas';
import cargos from '../resources/cargos';
import departamentos from '../resources/departamentos';
import divisoes from '../resources/divisoes';
import setores from '../resources/setores';
import desligamentos from '../resources/desligamentos';
import redesSociais from '../resources/redesSociais';
import relatorios from '../resources/relatorios';
import slides from '../resources/slides';
import anuncios from '../resources/anuncios';
import usuarios from '../resources/usuarios';
import gruposUsuarios from '../resources/gruposUsuarios';
import { portalThemeFor } from './themes';
import { useLocalizedTheme } from './themes/locale';

const ForgotPasswordPage = lazy(() => import('./pages/forgotPassword/ForgotPasswordPage'));
const NotFoundPage = lazy(() => import('./pages/errors/NotFoundPage'));
const NotificacaoGenericaPage = lazy(() => import('./pages/notificacoesGenericas/NotificacaoGenericaPage'));
const ComunicadoPage = lazy(() => import('./pages/comunicados/escrita/ComunicadoPage'));
const BibliotecaPage = lazy(() => import('./pages/biblioteca/BibliotecaPage'));

/**
 * The screen of each route of domain/routes.ts's ROUTES, by route id. The router makes one route
 * per ROUTES entry, with its access rule and an error boundary; an id missing here shows the
 * "coming in a later version" placeholder. To build a screen, add `id: lazy(() => import(...))`.
 * A react-admin view fits too (`<List resource="usuarios">`, or a ResourceContextProvider); a
 * `<Resource name>` below then only declares the resource (these routes win over its `name/*`).
 */
/** The resource folders (STYLE.md), by resource name: dealer network, users, then reference data. */
const RESOURCES_VIEWS = {
  grupos,
  dealers,
  usuarios,
  gruposUsuarios,
  marcas,
  cargos,
  departamentos,
  divisoes,
  setores,
  desligamentos,
  redesSociais,
  // Slides and adverts (issue #30); their edit routes are /slides/editar/:id, /anuncios/editar/:id.
  slides,
  anuncios,
  // Report definitions (issue #31); the super-admin page's Reports tab shows the same list.
  relatorios,
};

export const PAGES: Pages = {
  home: Home,
  minhaConta: lazy(() => import('./pages/minhaConta/MinhaContaPage')),
  auditoria: lazy(() => import('./pages/auditoria/AuditoriaPage')),
  ausenciaTemporaria: lazy(() => import('./pages/ausenciaTemporaria/AusenciaTemporariaPage')),
  importarUsuarios: lazy(() => import('./pages/importarUsuarios/ImportarUsuariosPage')),
  notificacoes: lazy(() => import('./pages/notificacoes/NotificacoesPage')),
  notificacoesGenericas: lazy(() => import('./pages/notificacoesGenericas/NotificacoesGenericasPage')),
  notificacoesGenericasNova: NotificacaoGenericaPage,
  notificacoesGenericasEditar: NotificacaoGenericaPage,
  // The virtual library (issue #29): the root and a folder share one page.
  biblioteca: BibliotecaPage,
  bibliotecaPasta: BibliotecaPage,
  // Announcements, reading side (issue #28): the tabs, the reader, the dashboard (its charts load with it).
  comunicados: lazy(() => import('./pages/comunicados/lista/ComunicadosPage')),
  comunicadosVisualizar: lazy(() => import('./pages/comunicados/leitura/ComunicadoLeituraPage')),
  comunicadosDashboard: lazy(() => import('./pages/comunicados/dashboard/ComunicadoDashboardPage')),
  // Announcements, the writer's screens.
  comunicadosNovo: ComunicadoPage,
  comunicadosEditar: ComunicadoPage,
  comunicadosErrata: lazy(() => import('./pages/comunicados/escrita/ErrataPage')),
  comunicadosVisualizarEnvio: lazy(() => import('./pages/comunicados/escrita/VisualizarEnvioPage')),
  // Resources: list, create and edit views on their table routes (src/routing/resourcePages).
  ...Object.assign(
    {},
    ...Object.entries(RESOURCES_VIEWS).map(([name, views]) =>
      resourcePages(name as keyof typeof RESOURCES_VIEWS, views),
    ),
  ),
  superAdmin: lazy(() => import('./pages/superAdmin/SuperAdminPage')),
  // A report from the menu's Reports (issue #31): framed, or built in (its chart loads with it).
  relatorio: lazy(() => import('./pages/relatorio/RelatorioPage')),
  esqueciSenha: ForgotPasswordPage,
  forgotPassword: ForgotPasswordPage,
  olvideContrasena: ForgotPasswordPage,
};

/**
 * The layout in the client's theme (menuUsuarioLogado.theme) with MUI's texts in the user's
 * language, and the theme's logo; its content shows the Ops page for render errors (e.g. a
 * <Resource>'s views). Public pages keep the default theme.
 */
function AppLayout({ children }: { children: ReactNode }) {
  const { data } = useMenuUsuarioLogado();
  const { theme: portalTheme, logo: Logo } = portalThemeFor(data?.theme);
  const theme = useLocalizedTheme(portalTheme);
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyles styles={{ body: { backgroundColor: theme.palette.background.default } }} />
      <Layout logo={<Logo portalName={data?.title ?? ''} onBar />} notifications={<NotificacoesBell />}>
        {children}
      </Layout>
    </ThemeProvider>
  );
}

export interface AppProps {
  authProvider: AuthProvider;
  dataProvider: DataProvider;
  i18nProvider: I18nProvider;
  store?: Store;
  title?: string;
}

const defaultStore = localStorageStore();

/**
 * The only place listing routes and resources. It is react-admin's <Admin> (AdminContext, then
 * AdminUI's CssBaseline, CoreAdminUI and notification) without <Admin>'s defaults: <Admin> names a
 * component for every page the portal replaces (the login form with react-hook-form, the 404 and
 * error pages, the English catalog), and naming them puts them in the first page's JavaScript.
 */
export function App({ authProvider, dataProvider, i18nProvider, store = defaultStore, title }: AppProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <AdminContext
      queryClient={queryClient}
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={store}
    >
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          disableTelemetry
          requireAuth
          title={title}
          layout={AppLayout}
          loading={LoadingPage}
          loginPage={SignInPage}
          // The identity server returns to /auth/callback, a no-layout custom route below.
          authCallbackPage={false}
          authenticationError={AuthenticationError}
          accessDenied={AccessDenied}
          catchAll={NotFoundPage}
          // Last resort around the whole app; routed pages have their own boundary (routing/routeElements).
          error={AppErrorPage}
        >
          {/* Declared for react-admin's references (how a record is named); the routes are PAGES'. A
              path under a resource that none of them matches (e.g. /usuarios/7/x) is the 404 page, not
              the resource's empty `name/*` route. */}
          {Object.entries(RESOURCES_VIEWS).map(([name, views]) => (
            <Resource key={name} name={name} recordRepresentation={views.recordRepresentation}>
              <Route path="*" element={<NotFoundPage />} />
            </Resource>
          ))}
          <CustomRoutes noLayout>
            <Route path={CALLBACK_PATH} element={<AuthCallbackPage />} />
            {publicRoutes(PAGES)}
          </CustomRoutes>
          <CustomRoutes>
            <Route path="/" element={<Navigate to="/home" replace />} />
            {layoutRoutes(PAGES)}
          </CustomRoutes>
        </CoreAdminUI>
        <PortalNotification />
      </CssBaseline>
    </AdminContext>
  );
}
