import './zodJitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { LOCALE_OF } from '../domain/enums';
import { createAuthProvider, createUserManager } from '../providers/authProvider';
import { createDataProvider, setAccessTokenGetter } from '../providers/dataProvider';
import { createI18nProvider, fetchServerLabels, loadServerLabels } from '../providers/i18nProvider';
import { getStoredIdioma, setStoredIdioma } from '../providers/language';
import { createLogger, log, setLogger } from '../providers/logger';
import { App } from './App';
import { RouterErrorPage } from './pages/errors/RouterErrorPage';
import { Maintenance } from './pages/maintenance/Maintenance';
import { applyPortalProperties, loadStartup, type Startup } from './startup';

/** Server labels must not hold the first page back for long. */
const LABELS_TIMEOUT_MS = 3000;

async function main() {
  const root = createRoot(document.getElementById('root')!);
  const idioma = getStoredIdioma();
  document.documentElement.lang = LOCALE_OF[idioma];

  let startup: Startup;
  try {
    startup = await loadStartup();
  } catch (error) {
    console.error('Start-up load failed', error);
    root.render(<Maintenance idioma={idioma} />);
    return;
  }
  const { config, portalProperties } = startup;
  applyPortalProperties(portalProperties);

  const authProvider = createAuthProvider({ userManager: createUserManager(config.identityServer) });
  setAccessTokenGetter(authProvider.getAccessToken);

  // Logs go with the signed-in user's token; entries from before sign-in wait in the buffer.
  const logger = createLogger({
    logGroupName: config.properties.logGroupName,
    environment: config.properties.environment,
    appVersion: config.properties.appVersion,
    getAccessToken: authProvider.getAccessToken,
  });
  setLogger(logger);
  logger.installGlobalHandlers();
  void logger.start();

  const labels = await loadServerLabels(idioma, fetchServerLabels(AbortSignal.timeout(LABELS_TIMEOUT_MS)), log.warn);
  const i18nProvider = createI18nProvider({
    idioma,
    labels,
    loadLabels: fetchServerLabels(),
    log: log.warn,
    onLocaleChange: (next) => {
      setStoredIdioma(next);
      document.documentElement.lang = LOCALE_OF[next];
    },
  });

  // Path URLs (/home, /auth/callback), not react-admin's default hash router; a data router keeps
  // react-admin's unsaved-changes guard working.
  const router = createBrowserRouter([
    {
      path: '*',
      element: (
        <App
          authProvider={authProvider}
          dataProvider={createDataProvider()}
          i18nProvider={i18nProvider}
          title={portalProperties.name}
        />
      ),
      // What react-admin's own boundaries do not catch ('Unexpected Application Error!').
      errorElement: <RouterErrorPage />,
    },
  ]);
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void main();
