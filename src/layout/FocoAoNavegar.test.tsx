import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { FocoAoNavegar } from './FocoAoNavegar';

/** A page whose title comes after its data, as the portal's pages do. */
function Pagina({ titulo, para }: { titulo: string; para: string }) {
  const [pronta, setPronta] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setPronta(true), 50);
    return () => clearTimeout(t);
  }, []);
  return (
    <>
      {pronta && <h1>{titulo}</h1>}
      <Link to={para}>Ir de {titulo}</Link>
      <input aria-label={`Campo de ${titulo}`} />
    </>
  );
}

function renderPortal() {
  render(
    <MemoryRouter initialEntries={['/a']}>
      <button>Menu</button>
      <div id="main-content">
        <FocoAoNavegar />
        <Routes>
          <Route path="/a" element={<Pagina key="a" titulo="Página A" para="/b" />} />
          <Route path="/b" element={<Pagina key="b" titulo="Página B" para="/a" />} />
        </Routes>
      </div>
    </MemoryRouter>,
  );
}

describe('FocoAoNavegar', () => {
  it('leaves the first page alone, then gives the new page title the focus its link took with it', async () => {
    renderPortal();
    await screen.findByRole('heading', { name: 'Página A' });
    expect(document.body).toHaveFocus();
    const user = userEvent.setup();
    screen.getByRole('link', { name: 'Ir de Página A' }).focus();
    await user.keyboard('{Enter}');
    const b = await screen.findByRole('heading', { level: 1, name: 'Página B' });
    await waitFor(() => expect(b).toHaveFocus());
  });

  it('never takes the focus from where the page or the user put it', async () => {
    renderPortal();
    const user = userEvent.setup();
    screen.getByRole('link', { name: 'Ir de Página A' }).focus();
    await user.keyboard('{Enter}');
    // Before the title arrives the user is already typing in the new page.
    await user.click(screen.getByRole('textbox', { name: 'Campo de Página B' }));
    await screen.findByRole('heading', { name: 'Página B' });
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.getByRole('textbox', { name: 'Campo de Página B' })).toHaveFocus();
  });
});
