import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { RouterProvider, createMemoryRouter, data } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Idioma } from '../../../domain/enums';
import { log } from '../../../providers/logger';
import { browser } from '../../browser';
import { RouterErrorPage, routerErrorDetail } from './RouterErrorPage';
import { loadCatalog } from '../../../i18n/load';

// main.tsx loads the stored language's catalog before either page can show.
beforeAll(() => Promise.all((['PT_BR', 'ES', 'EN'] as const).map(loadCatalog)));

beforeEach(() => {
  // The router reports what it caught on the console.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

function Crash(): never {
  throw new Error('chunk failed to load');
}

/** A data router like main.tsx's, whose only route fails in its loader or its element. */
function renderRouter(failure: 'loader' | 'element', idioma: Idioma) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        loader:
          failure === 'loader'
            ? () => {
                throw data('maintenance', { status: 503, statusText: 'Service Unavailable' });
              }
            : undefined,
        element: <Crash />,
        errorElement: <RouterErrorPage idioma={idioma} />,
      },
    ],
    { initialEntries: ['/home'] },
  );
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

describe('router error element', () => {
  it.each([
    ['EN', 'Unexpected Application Error!'],
    ['PT_BR', 'Erro inesperado na aplicação!'],
    ['ES', '¡Error inesperado de la aplicación!'],
  ] as const)('shows the translated heading and the status of an error response (%s)', async (idioma, heading) => {
    renderRouter('loader', idioma);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByText('503 Service Unavailable')).toBeInTheDocument();
  });

  it('shows the message of a thrown error, logs it once and offers a reload', async () => {
    const logError = vi.spyOn(log, 'error');
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    renderRouter('element', 'EN');
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('chunk failed to load')).toBeInTheDocument();
    expect(logError).toHaveBeenCalledTimes(1);
    expect(logError.mock.calls[0][0]).toBe('Router error: chunk failed to load');
    await userEvent.click(screen.getByRole('button', { name: 'Reload the page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('describes what the router caught in one line', () => {
    expect(routerErrorDetail(new Error('boom'))).toBe('boom');
    expect(routerErrorDetail('plain text')).toBe('plain text');
    expect(routerErrorDetail(undefined)).toBe('');
  });
});
