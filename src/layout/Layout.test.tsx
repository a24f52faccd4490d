import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessTokenGetter } from '../../providers/dataProvider';
import { Layout } from './Layout';
import { menuHandler, onboardingHandler, renderInAdmin } from './testing';
import { mockApiServer } from '../testing/mockApi';

mockApiServer(menuHandler(), onboardingHandler({ marked: [] }));

beforeEach(() => {
  setAccessTokenGetter(async () => 'token');
  localStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('Layout', () => {
  it('frames a page with the top bar, the breadcrumbs and the welcome notice, content at most 1440 px wide', async () => {
    renderInAdmin(
      <Layout logo={<span>logo do tema</span>}>
        <p>conteúdo da página</p>
      </Layout>,
      { path: '/dealers/3' },
    );
    const bar = screen.getByRole('banner');
    expect(within(bar).getByRole('link', { name: /Ir para a página inicial/ })).toHaveTextContent('logo do tema');
    expect(within(bar).getByRole('button', { name: 'Abrir menu' })).toBeInTheDocument();
    expect(await within(bar).findByRole('link', { name: /Central de ajuda/ })).toBeInTheDocument();

    const breadcrumbs = screen.getByRole('navigation', { name: 'Você está em' });
    expect(breadcrumbs).toHaveTextContent('HomeDealersEditar dealer');
    expect(await screen.findByText('O menu foi reformulado')).toBeInTheDocument();

    const content = screen.getByText('conteúdo da página').parentElement!;
    expect(content).toContainElement(breadcrumbs);
    expect(content).toHaveStyle({ maxWidth: '1440px', marginLeft: 'auto', marginRight: 'auto' });
    // No react-admin sidebar: the menu is the bar's dropdown.
    expect(document.querySelector('.RaSidebar-fixed, .MuiDrawer-root')).toBeNull();
  });
});
