import { lazy, Suspense } from 'react';
import {
  Admin,
  CustomRoutes,
  Loading,
  Navigate,
  type AuthProvider,
  type DataProvider,
  type I18nProvider,
  type Store,
} from 'react-admin';
// Route elements are react-router's (react-admin's default router); same entry as ra-core's.
import { Route } from 'react-router-dom';
import { FORGOT_PASSWORD_PATH } from '../domain/routes';
import { CALLBACK_PATH } from '../providers/authProvider';
import { Layout } from './layout/Layout';
import { AuthCallbackPage } from './pages/auth/AuthCallbackPage';
import { SignInPage } from './pages/auth/SignInPage';
import { Home } from './pages/home/Home';

const ForgotPasswordPage = lazy(() => import('./pages/forgotPassword/ForgotPasswordPage'));

const FORGOT_PASSWORD_PATHS = Object.values(FORGOT_PASSWORD_PATH);

export interface AppProps {
  authProvider: AuthProvider;
  dataProvider: DataProvider;
  i18nProvider: I18nProvider;
  store?: Store;
  title?: string;
}

/** The only place listing routes and resources. */
export function App({ authProvider, dataProvider, i18nProvider, store, title }: AppProps) {
  return (
    <Admin
      disableTelemetry
      requireAuth
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      store={store}
      title={title}
      layout={Layout}
      loginPage={SignInPage}
      // The identity server returns to /auth/callback, a no-layout custom route below.
      authCallbackPage={false}
    >
      <CustomRoutes noLayout>
        <Route path={CALLBACK_PATH} element={<AuthCallbackPage />} />
        {FORGOT_PASSWORD_PATHS.map((path) => (
          <Route
            key={path}
            path={path}
            element={
              <Suspense fallback={<Loading />}>
                <ForgotPasswordPage />
              </Suspense>
            }
          />
        ))}
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/" element={<Navigate to="/home" replace />} />
        <Route path="/home" element={<Home />} />
      </CustomRoutes>
    </Admin>
  );
}
