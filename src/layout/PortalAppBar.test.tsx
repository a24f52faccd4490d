import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessTokenGetter } from '../../providers/dataProvider';
import { IDIOMA_STORAGE_KEY } from '../../providers/language';
import { browser } from '../browser';
import { PortalAppBar } from './PortalAppBar';
import { menuFixture, menuHandler, mockViewport, mudarLinguaHandler, renderInAdmin } from './testing';
import { mockApiServer } from '../testing/mockApi';

const mutations: Record<string, unknown>[] = [];
const server = mockApiServer(menuHandler(), mudarLinguaHandler(mutations));

beforeEach(() => {
  setAccessTokenGetter(async () => 'token');
  localStorage.clear();
});
afterEach(() => {
  mutations.length = 0;
  vi.restoreAllMocks();
});

/** The help-centre and Academy links are not in the bar but in its "more" menu, opening a new tab. */
async function expectLinksInMoreMenu() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Mais opções' }));
  const menu = await screen.findByRole('menu');
  const help = within(menu).getByRole('menuitem', { name: 'Central de ajuda (abre em nova aba)' });
  expect(help).toHaveAttribute('href', 'https://ajuda.portal.test/');
  expect(help).toHaveAttribute('target', '_blank');
  expect(within(menu).getByRole('menuitem', { name: 'Academy (abre em nova aba)' })).toHaveAttribute(
    'href',
    'https://academy.portal.test/',
  );
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  expect(screen.getByRole('button', { name: 'Mais opções' })).toHaveFocus();
}

/** Text of an element as axe's label-content-name-mismatch reads it: every text node, words apart. */
const shownText = (element: Element) =>
  [...element.querySelectorAll('*'), element]
    .flatMap((node) => [...node.childNodes].filter((child) => child.nodeType === Node.TEXT_NODE))
    .map((text) => text.textContent!.trim())
    .filter(Boolean)
    .join(' ');

describe('PortalAppBar', () => {
  it.each([1280, 768, 375])(
    'at %s px, a control named by aria-label has its shown text in the name (WCAG 2.5.3)',
    async (width) => {
      mockViewport(width);
      renderInAdmin(<PortalAppBar />);
      const bar = screen.getByRole('banner');
      await within(bar).findByRole('button', { name: 'Conta de Ana Souza' });
      const labelled = [...bar.querySelectorAll('[aria-label]')].filter((element) => shownText(element));
      for (const element of labelled) {
        expect(element.getAttribute('aria-label')!.toLowerCase()).toContain(shownText(element).toLowerCase());
      }
    },
  );

  it('opens the help centre and the Academy in a new tab', async () => {
    renderInAdmin(<PortalAppBar />);
    const help = await screen.findByRole('link', { name: 'Central de ajuda (abre em nova aba)' });
    expect(help).toHaveAttribute('href', 'https://ajuda.portal.test/');
    expect(help).toHaveAttribute('target', '_blank');
    expect(help).toHaveAttribute('rel', 'noopener noreferrer');
    const academy = screen.getByRole('link', { name: 'Academy (abre em nova aba)' });
    expect(academy).toHaveAttribute('href', 'https://academy.portal.test/');
    expect(academy).toHaveAttribute('target', '_blank');
    expect(academy).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('has no Academy link when the client has none', async () => {
    server.use(menuHandler(menuFixture({ linkAcademia: null })));
    renderInAdmin(<PortalAppBar />);
    await screen.findByRole('link', { name: /Central de ajuda/ });
    expect(screen.queryByRole('link', { name: /Academy/ })).not.toBeInTheDocument();
  });

  it('links the brand to /home: the configured image, else the theme logo, else the title', async () => {
    server.use(menuHandler(menuFixture({ brandImageUrl: 'https://cdn.portal.test/marca.png' })));
    const first = renderInAdmin(<PortalAppBar logo={<span>theme logo</span>} />);
    const home = screen.getByRole('link', { name: /Ir para a página inicial/ });
    expect(home).toHaveAttribute('href', '/home');
    await waitFor(() => expect(home).toHaveAccessibleName('Portal Rede Teste – Ir para a página inicial'));
    const image = await within(home).findByRole('img', { name: 'Portal Rede Teste' });
    expect(image).toHaveAttribute('src', 'https://cdn.portal.test/marca.png');
    first.unmount();

    server.use(menuHandler(menuFixture({ brandImageUrl: null })));
    const second = renderInAdmin(<PortalAppBar logo={<span>theme logo</span>} />);
    await screen.findByRole('link', { name: /Central de ajuda/ });
    expect(screen.getByRole('link', { name: /Ir para a página inicial/ })).toHaveTextContent('theme logo');
    second.unmount();

    renderInAdmin(<PortalAppBar />);
    await screen.findByRole('link', { name: /Central de ajuda/ });
    expect(screen.getByRole('link', { name: /Ir para a página inicial/ })).toHaveTextContent('Portal Rede Teste');
  });

  it('marks the menu button and the toolbar for the tour', async () => {
    renderInAdmin(<PortalAppBar />);
    expect(screen.getByRole('button', { name: 'Abrir menu' })).toHaveAttribute('data-tour', 'menu-button');
    const toolbar = document.querySelector('[data-tour="toolbar"]') as HTMLElement;
    expect(within(toolbar).getByRole('button', { name: 'Notificações' })).toBeInTheDocument();
    expect(await within(toolbar).findByRole('button', { name: 'Conta de Ana Souza' })).toBeInTheDocument();
  });

  it('has a notification bell without a count (no badge, not even a hidden one: its text would not be in the name)', () => {
    renderInAdmin(<PortalAppBar />);
    const bell = screen.getByRole('button', { name: 'Notificações' });
    expect(bell.querySelector('.MuiBadge-badge')).toBeNull();
  });

  it('account menu: the user (name, e-mail, user type), a link to /minha-conta and sign-out', async () => {
    const { auth, location } = renderInAdmin(<PortalAppBar />);
    const user = userEvent.setup();
    const account = await screen.findByRole('button', { name: 'Conta de Ana Souza' });
    expect(account).toHaveTextContent('AS');
    await user.click(account);
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('ana@portal.test');
    expect(within(menu).getByText('Dealer / Grupo')).toBeInTheDocument();
    const myAccount = within(menu).getByRole('menuitem', { name: 'Minha conta' });
    expect(myAccount).toHaveAttribute('href', '/minha-conta');
    await user.click(myAccount);
    await waitFor(() => expect(location()).toBe('/minha-conta'));

    await user.click(screen.getByRole('button', { name: 'Conta de Ana Souza' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Sair' }));
    await waitFor(() => expect(auth.logout).toHaveBeenCalled());
  });

  it('changes the language with mudarLinguaUsuario from the locales of the menu, then reloads', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    renderInAdmin(<PortalAppBar />);
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Idioma: Português' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(screen.getByRole('menuitemradio', { name: 'Português' })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('menuitemradio', { name: 'Español' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(mutations).toEqual([{ id: '42', idioma: 'ES' }]);
    expect(localStorage.getItem(IDIOMA_STORAGE_KEY)).toBe('ES');
  });

  it('under 640 px keeps every control, in a compact form', async () => {
    mockViewport(true);
    renderInAdmin(<PortalAppBar />);
    const account = await screen.findByRole('button', { name: 'Conta de Ana Souza' });
    expect(within(account).queryByText('Ana Souza')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Idioma: Português' })).not.toHaveTextContent('Português');
    expect(screen.getByRole('button', { name: 'Abrir menu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notificações' })).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    await expectLinksInMoreMenu();
  });

  it('from 640 to 1023 px keeps the menu search in the bar and moves the links into the "more" menu', async () => {
    mockViewport(768);
    renderInAdmin(<PortalAppBar />);
    const account = await screen.findByRole('button', { name: 'Conta de Ana Souza' });
    expect(within(account).queryByText('Ana Souza')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Idioma: Português' })).not.toHaveTextContent('Português');
    expect(screen.getByRole('button', { name: 'Abrir menu' })).toHaveTextContent('Menu');
    expect(screen.getByRole('searchbox', { name: 'Buscar no menu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notificações' })).toBeInTheDocument();
    await expectLinksInMoreMenu();
  });

  it('from 1024 px shows the names and the links, and no "more" menu', async () => {
    mockViewport(1024);
    renderInAdmin(<PortalAppBar />);
    expect(await screen.findByRole('button', { name: 'Conta de Ana Souza' })).toHaveTextContent('Ana Souza');
    expect(screen.getByRole('button', { name: 'Idioma: Português' })).toHaveTextContent('Português');
    expect(await screen.findByRole('link', { name: 'Central de ajuda (abre em nova aba)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mais opções' })).not.toBeInTheDocument();
  });

  it('opens the notification panel from the bell with its empty state, and Esc gives focus back to the bell', async () => {
    renderInAdmin(<PortalAppBar />);
    const bell = await screen.findByRole('button', { name: 'Notificações' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notificações' });
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getByText('Nenhuma notificação por enquanto')).toBeVisible();
    expect(within(panel).getByText('Quando houver avisos para você, eles aparecem aqui.')).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Ver todas as notificações' })).toHaveAttribute(
      'href',
      '/notificacoes',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notificações' })).not.toBeInTheDocument());
    expect(bell).toHaveFocus();
    expect(bell).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the notification panel with its close button', async () => {
    renderInAdmin(<PortalAppBar />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notificações' }));
    const panel = await screen.findByRole('dialog', { name: 'Notificações' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notificações' })).not.toBeInTheDocument());
  });
});
