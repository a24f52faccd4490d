import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BreadcrumbLabelProvider, useBreadcrumbLabel } from '../components/breadcrumbLabel';
import { Breadcrumbs } from './Breadcrumbs';
import { mockViewport, renderInAdmin } from './testing';

afterEach(() => vi.restoreAllMocks());

/** The trail as [label, href or null] pairs. */
function trail() {
  const nav = screen.getByRole('navigation', { name: 'Você está em' });
  return within(nav)
    .getAllByRole('listitem')
    .map((item) => {
      const link = within(item).queryByRole('link');
      return [item.textContent, link?.getAttribute('href') ?? null];
    });
}

describe('Breadcrumbs', () => {
  it.each([
    [
      '/dealers/3',
      [
        ['Home', '/home'],
        ['Dealers', '/dealers'],
        ['Editar dealer', null],
      ],
    ],
    [
      '/dealers/novo',
      [
        ['Home', '/home'],
        ['Dealers', '/dealers'],
        ['Novo dealer', null],
      ],
    ],
    [
      '/usuarios/5/ausencia-temporaria',
      [
        ['Home', '/home'],
        ['Usuários', '/usuarios'],
        ['Ausência temporária', null],
      ],
    ],
    [
      '/comunicados/editar/8',
      [
        ['Home', '/home'],
        ['Comunicados', '/comunicados'],
        ['Editar comunicado', null],
      ],
    ],
    [
      '/minha-conta',
      [
        ['Home', '/home'],
        ['Minha conta', null],
      ],
    ],
    ['/home', [['Home', null]]],
  ])('%s: Home › … › current page, ancestors linked', (path, expected) => {
    renderInAdmin(<Breadcrumbs />, { path });
    expect(trail()).toEqual(expected);
    expect(screen.getByText(expected[expected.length - 1][0]!)).toHaveAttribute('aria-current', 'page');
  });

  it('shows nothing on a path outside the route table', () => {
    renderInAdmin(<Breadcrumbs />, { path: '/nada/aqui' });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('is hidden under 640 px', () => {
    mockViewport(true);
    renderInAdmin(<Breadcrumbs />, { path: '/dealers/3' });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByText('Editar dealer')).not.toBeInTheDocument();
  });

  it('takes the last label from a prop', () => {
    renderInAdmin(<Breadcrumbs lastLabel="Manuais 2026" />, { path: '/biblioteca/12' });
    expect(trail()).toEqual([
      ['Home', '/home'],
      ['Biblioteca virtual', '/biblioteca'],
      ['Manuais 2026', null],
    ]);
  });

  it('takes the last label from the page (useBreadcrumbLabel) while the page is shown', async () => {
    function FolderPage() {
      const [name, setName] = useState<string | undefined>(undefined);
      useBreadcrumbLabel(name);
      return <button onClick={() => setName('Campanhas')}>load</button>;
    }
    function Shell() {
      const [shown, setShown] = useState(true);
      return (
        <BreadcrumbLabelProvider>
          <Breadcrumbs />
          {shown && <FolderPage />}
          <button onClick={() => setShown(false)}>leave</button>
        </BreadcrumbLabelProvider>
      );
    }
    renderInAdmin(<Shell />, { path: '/biblioteca/12' });
    const user = userEvent.setup();
    expect(trail()[2]).toEqual(['Pasta', null]);
    await user.click(screen.getByRole('button', { name: 'load' }));
    expect(trail()[2]).toEqual(['Campanhas', null]);
    await user.click(screen.getByRole('button', { name: 'leave' }));
    expect(trail()[2]).toEqual(['Pasta', null]);
  });
});
