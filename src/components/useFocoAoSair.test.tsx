import { act, render, screen } from '@testing-library/react';
import { createContext, useContext } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocoAoChegar } from './useFocoAoSair';

const Pronto = createContext(false);

function Salvo() {
  useFocoAoChegar('salvar', useContext(Pronto), () => document.getElementById('salvar'));
  return <button id="salvar">Salvar</button>;
}

/** A browser router at /editar/1, arrived at with `{ foco: 'salvar' }`, whose page is not yet ready. */
function renderSalvo() {
  window.history.replaceState({ usr: { foco: 'salvar' }, key: 'salvo', idx: 0 }, '', '/editar/1');
  const router = createBrowserRouter([
    { path: '/editar/1', element: <Salvo /> },
    { path: '/lista', element: <p>Lista</p> },
  ]);
  const view = render(
    <Pronto.Provider value={false}>
      <RouterProvider router={router} />
    </Pronto.Provider>,
  );
  const ready = () =>
    act(() =>
      view.rerender(
        <Pronto.Provider value={true}>
          <RouterProvider router={router} />
        </Pronto.Provider>,
      ),
    );
  return { router, ready };
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('useFocoAoChegar', () => {
  it('gives the focus to its target once the page is ready, then takes the request out of the history', async () => {
    const { ready } = renderSalvo();
    expect(document.activeElement).toBe(document.body);
    await ready();
    expect(screen.getByRole('button', { name: 'Salvar' })).toHaveFocus();
    expect(window.location.pathname).toBe('/editar/1');
    expect((window.history.state as { usr?: { foco?: string } | null }).usr?.foco).toBeUndefined();
  });

  it('does not bring the page back over a navigation that came first', async () => {
    const { ready } = renderSalvo();
    // The user followed a link the moment the page showed: the browser is already elsewhere.
    window.history.pushState({ usr: null, key: 'lista', idx: 1 }, '', '/lista');
    await ready();
    expect(window.location.pathname).toBe('/lista');
  });
});
