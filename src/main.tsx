import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { LOCALE_OF } from '../domain/enums';
import { createAuthProvider, createUserManager } from '../providers/authProvider';
import { createDataProvider, setAccessTokenGetter } from '../providers/dataProvider';
import { loadCatalog } from '../i18n/load';
import type { Messages } from '../i18n/pt-BR';
import { createCatalogI18nProvider, fetchServerLabels, loadServerLabels } from '../providers/i18nCore';
import { getStoredIdioma, setStoredIdioma } from '../providers/language';
import { createLogger, log, setLogger } from '../providers/logger';
import { App } from './App';
import { RouterErrorPage } from './pages/errors/RouterErrorPage';
import { setPushPublicKey } from './components/push/pushKey';
import { Maintenance } from './pages/maintenance/Maintenance';
import { applyPortalProperties, loadStartup, type Startup } from './startup';

/** Server labels must not hold the first page back for long. */
const LABELS_TIMEOUT_MS = 3000;

async function main() {
  const root = createRoot(document.getElementById('root')!);
  const idioma = getStoredIdioma();
  document.documentElement.lang = LOCALE_OF[idioma];
  // Only the stored language's catalog, fetched while the start-up load runs.
  const catalog = loadCatalog(idioma);

  let startup: Startup;
  let messages: Messages;
  try {
    [startup, messages] = await Promise.all([loadStartup(), catalog]);
  } catch (error) {
    console.error('Start-up load failed', error);
    await catalog.catch(() => undefined);
    root.render(<Maintenance idioma={idioma} />);
    return;
  }
  const { config, portalProperties } = startup;
  applyPortalProperties(portalProperties);
  setPushPublicKey(config.manifest?.publicKey);

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
  const i18nProvider = createCatalogI18nProvider({
    idioma,
    catalog: messages,
    loadCatalog,
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
  // As a transition, the first render of the shell and the page yields to the browser every few
  // milliseconds instead of holding the main thread in one long task (Lighthouse's Total Blocking
  // Time on a phone: see docs/benchmarks.md, "Home page in Lighthouse").
  startTransition(() => {
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
}

void main();
