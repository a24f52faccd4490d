import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import type { Idioma } from '../../../domain/enums';
import { getStoredIdioma } from '../../../providers/language';
import { browser } from '../../browser';
import { useCatalogTranslate } from '../../useCatalog';
import { ErrorLayout } from './ErrorLayout';
import { logErrorOnce } from './logErrorOnce';

/** What the router caught, as one line: '404 Not Found', or the error's message. */
export function routerErrorDetail(error: unknown): string {
  if (isRouteErrorResponse(error)) return [error.status, error.statusText].filter(Boolean).join(' ');
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

/**
 * The data router's `errorElement`: an error react-admin's boundaries did not catch. It renders
 * outside <Admin> (no i18n provider, no theme), so it reads its language's catalog directly.
 */
export function RouterErrorPage({ idioma = getStoredIdioma() }: { idioma?: Idioma }) {
  const error = useRouteError();
  const translate = useCatalogTranslate(idioma);
  const detail = routerErrorDetail(error);
  const loggedHere = useRef(false);

  useEffect(() => {
    if (loggedHere.current) return;
    loggedHere.current = true;
    logErrorOnce(`Router error: ${detail}`, error);
  }, [detail, error]);

  return (
    <main>
      <ErrorLayout
        fullPage
        title={translate('errorPages.routerError.title')}
        actions={
          <Button variant="contained" onClick={() => browser.reload()}>
            {translate('errorPages.reload')}
          </Button>
        }
      >
        {detail ? (
          <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace' }}>
            {detail}
          </Typography>
        ) : null}
      </ErrorLayout>
    </main>
  );
}
