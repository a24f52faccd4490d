import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessTokenGetter } from '../../providers/dataProvider';
import { currentItemId, filterMenu } from './menuSearch';
import { PortalMenu } from './PortalMenu';
import { api, menuHandler, MENUS, mockViewport, renderInAdmin } from './testing';
import { mockApiServer } from '../testing/mockApi';

// Typing into the search box re-renders the whole menu per key: past the default 5 s on a loaded machine.
vi.setConfig({ testTimeout: 20_000 });

const server = mockApiServer(menuHandler());

beforeEach(() => setAccessTokenGetter(async () => 'token'));
afterEach(() => {
  vi.restoreAllMocks();
});

const titles = (categories: ReturnType<typeof filterMenu>) =>
  categories.map((c) => [c.title, c.items.map((i) => [i.title, ...(i.items ?? []).map((s) => s.title)])]);

describe('filterMenu', () => {
  it('keeps everything for an empty or blank query', () => {
    expect(filterMenu(MENUS, '')).toEqual(MENUS);
    expect(filterMenu(MENUS, '   ')).toEqual(MENUS);
  });

  it('matches titles case-insensitively (and without accents), keeping only matching items', () => {
    expect(titles(filterMenu(MENUS, 'DEALERS'))).toEqual([['Cadastros', [['Dealers']]]]);
    expect(titles(filterMenu(MENUS, 'usuarios'))).toEqual([['Cadastros', [['Usuários'], ['Grupos de usuários']]]]);
  });

  it('searches sub-items: a parent and its category stay for a matching child only', () => {
    expect(titles(filterMenu(MENUS, 'peças'))).toEqual([['Comunicação', [['Relatórios', 'Consulta de peças']]]]);
  });

  it('keeps a whole item when the item itself matches, and a whole category when its title does', () => {
    expect(titles(filterMenu(MENUS, 'relat'))).toEqual([
      ['Comunicação', [['Relatórios', 'Vendas por dealer', 'Consulta de peças']]],
    ]);
    expect(filterMenu(MENUS, 'cadastr')).toEqual([MENUS[1]]);
  });

  it('finds nothing for an unknown title', () => {
    expect(filterMenu(MENUS, 'xyz')).toEqual([]);
  });
});

describe('currentItemId', () => {
  it.each([
    ['/home', 'home'],
    ['/dealers', 'dealers'],
    ['/dealers/3', 'dealers'],
    ['/dealers/novo', 'dealers'],
    ['/usuarios/5/ausencia-temporaria', 'usuarios'],
    ['/relatorio/pecas', 'relatorioPecas'],
    ['/gruposUsuarios/', 'gruposUsuarios'],
    // Not under any entry's path: the nearest ancestor in the route table that is an entry.
    ['/minha-conta', 'home'],
    ['/auditoria/3/usuario', 'home'],
  ])('%s is under %s', (pathname, id) => {
    expect(currentItemId(MENUS, pathname)).toBe(id);
  });

  it('is nothing on a path outside the menu', () => {
    expect(currentItemId(MENUS, '/nada/aqui')).toBeUndefined();
  });
});

async function openMenu() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Abrir menu' }));
  const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
  await within(nav).findByRole('link', { name: 'Dealers' });
  return { user, nav };
}

describe('PortalMenu', () => {
  it('opens a dropdown of categories with their items and sub-items', async () => {
    renderInAdmin(<PortalMenu />);
    const button = screen.getByRole('button', { name: 'Abrir menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const { nav } = await openMenu();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('list', { name: 'Cadastros' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Dealers' })).toHaveAttribute('href', '/dealers');
    expect(within(nav).getByText('Relatórios')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Consulta de peças' })).toHaveAttribute('href', '/relatorio/pecas');
  });

  it('highlights the current item: /dealers/3 is under Dealers', async () => {
    renderInAdmin(<PortalMenu />, { path: '/dealers/3' });
    const { nav } = await openMenu();
    const current = within(nav).getByRole('link', { name: 'Dealers' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current).toHaveClass('Mui-selected');
    const others = within(nav)
      .getAllByRole('link')
      .filter((link) => link !== current);
    expect(others.length).toBeGreaterThan(3);
    for (const link of others) expect(link).not.toHaveAttribute('aria-current');
  });

  it('filters with the search box in the bar, case-insensitively and through sub-items', async () => {
    renderInAdmin(<PortalMenu />);
    const user = userEvent.setup();
    const search = screen.getByRole('searchbox', { name: 'Buscar no menu' });
    await user.type(search, 'DEALER');
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
    await within(nav).findByRole('link', { name: 'Dealers' });
    // "Vendas por dealer" is a sub-item: its parent and category stay.
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Dealers', 'Vendas por dealer']);
    expect(within(nav).getByText('Relatórios')).toBeInTheDocument();
    expect(within(nav).getByText('Cadastros')).toBeInTheDocument();
    expect(within(nav).queryByText('Início')).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'peç');
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(['Consulta de peças']),
    );
  });

  it('says so when nothing matches', async () => {
    renderInAdmin(<PortalMenu />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar no menu' }), 'xyz');
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
    expect(await within(nav).findByText('Nenhum item do menu corresponde a “xyz”.')).toBeInTheDocument();
    expect(within(nav).queryAllByRole('link')).toEqual([]);
  });

  it('under 640 px has the search box inside the dropdown, not in the bar', async () => {
    mockViewport(true);
    renderInAdmin(<PortalMenu />);
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    const { user, nav } = await openMenu();
    const search = within(nav).getByRole('searchbox', { name: 'Buscar no menu' });
    expect(search).toHaveFocus();
    await user.type(search, 'grupos');
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(['Grupos de usuários']),
    );
  });

  it('from 640 px has the search box in the bar and not in the dropdown', async () => {
    mockViewport(false);
    renderInAdmin(<PortalMenu />);
    expect(screen.getByRole('searchbox', { name: 'Buscar no menu' })).toBeInTheDocument();
    const { nav } = await openMenu();
    expect(within(nav).queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('navigates on a click and closes; Esc closes and gives the focus back to the button', async () => {
    const { location } = renderInAdmin(<PortalMenu />);
    const { user, nav } = await openMenu();
    await user.click(within(nav).getByRole('link', { name: 'Usuários' }));
    await waitFor(() => expect(location()).toBe('/usuarios'));
    await waitFor(() => expect(screen.queryByRole('navigation')).not.toBeInTheDocument());

    await openMenu();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('navigation')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Abrir menu' })).toHaveFocus();
  });

  it('shows an error with a retry when the menu cannot be loaded', async () => {
    // The query is tried twice (one retry), then the retry button asks again and gets the menu.
    server.use(
      api.query('sessao_menu', () => HttpResponse.json({ errors: [{ message: 'down' }] }), { once: true }),
      api.query('sessao_menu', () => HttpResponse.json({ errors: [{ message: 'down' }] }), { once: true }),
    );
    renderInAdmin(<PortalMenu />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Abrir menu' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('Não foi possível carregar o menu.');
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('link', { name: 'Dealers' })).toBeInTheDocument();
  });
});
