import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, TestMemoryRouter, memoryStore } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../../providers/i18nProvider';
import { BannerPadrao, Carrossel, type SlideHome } from './Carrossel';

const slide = (n: number): SlideHome => ({
  id: String(n),
  titulo: `Slide ${n}`,
  corTitulo: '#ffffff',
  tamanhoTitulo: 40,
  subtitulo: `Subtítulo ${n}`,
  corSubtitulo: '#eeeeee',
  tamanhoSubtitulo: 20,
  tituloBotao: n === 1 ? 'Saiba mais' : null,
  link: n === 1 ? '/comunicados' : null,
  linkTarget: '_self',
  arquivo: {
    id: String(100 + n),
    nome: `s${n}.jpg`,
    largura: 1140,
    altura: 400,
    link: `/api/vitrine/imagens/${n}`,
    linkMobile: n === 1 ? `/api/vitrine/imagens/${n}?m=1` : null,
  },
});
const SLIDES = [slide(1), slide(2), slide(3)];
/** Enough slides that autoplay never comes back to the first within a test's wait. */
const MUITOS = Array.from({ length: 12 }, (_, i) => slide(i + 1));

/** Makes `(prefers-reduced-motion: reduce)` match or not. */
function movimentoReduzido(reduzido: boolean) {
  return vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduzido && query.includes('prefers-reduced-motion: reduce'),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

function renderCarrossel(slides = SLIDES, intervaloMs = 60) {
  render(
    <TestMemoryRouter initialEntries={['/home']}>
      <AdminContext i18nProvider={createI18nProvider({ idioma: 'PT_BR' })} store={memoryStore()}>
        <Carrossel slides={slides} intervaloMs={intervaloMs} />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return screen.getByRole('region', { name: 'Destaques' });
}

/** The slide on show: the one group not hidden. */
const atual = () => screen.getByRole('group').getAttribute('aria-label');
const esperar = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Carrossel', { timeout: 20_000 }, () => {
  it('shows one slide at a time, its title and subtitle in their colours, the first image preloaded and sized', () => {
    movimentoReduzido(true);
    renderCarrossel();
    expect(atual()).toBe('1 de 3');
    expect(screen.getByText('Slide 1')).toHaveStyle({ color: '#ffffff' });
    expect(screen.getByRole('link', { name: 'Saiba mais' })).toHaveAttribute('href', '/comunicados');
    const imagens = [...document.querySelectorAll('img')];
    expect(imagens[0]).toHaveAttribute('width', '1140');
    expect(imagens[0]).toHaveAttribute('height', '400');
    expect(imagens[0]).toHaveAttribute('loading', 'eager');
    expect(imagens[0].getAttribute('srcset')).toContain('/api/vitrine/imagens/1?m=1 768w');
    expect(imagens.slice(1).every((img) => img.getAttribute('loading') === 'lazy')).toBe(true);
    expect(document.head.querySelector('link[rel="preload"][as="image"]')).not.toBeNull();
  });

  it('moves with the arrow keys and the previous, next and per-slide buttons', async () => {
    movimentoReduzido(true);
    const regiao = renderCarrossel();
    const user = userEvent.setup();
    regiao.focus();
    await user.keyboard('{ArrowRight}');
    expect(atual()).toBe('2 de 3');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(atual()).toBe('1 de 3');
    await user.keyboard('{ArrowLeft}');
    expect(atual()).toBe('3 de 3');
    await user.click(screen.getByRole('button', { name: 'Próximo slide' }));
    expect(atual()).toBe('1 de 3');
    await user.click(screen.getByRole('button', { name: 'Slide anterior' }));
    expect(atual()).toBe('3 de 3');
    await user.click(screen.getByRole('button', { name: 'Ir para o slide 2: Slide 2' }));
    expect(atual()).toBe('2 de 3');
    expect(screen.getByRole('button', { name: 'Ir para o slide 2: Slide 2' })).toHaveAttribute('aria-current', 'true');
  });

  it('plays by itself, and stops while the pointer is over it, while it has the focus, and when paused', async () => {
    movimentoReduzido(false);
    const regiao = renderCarrossel(MUITOS);
    await esperar(150);
    expect(atual()).not.toBe('1 de 12');

    fireEvent.mouseEnter(regiao);
    const sobre = atual();
    await esperar(200);
    expect(atual()).toBe(sobre);
    fireEvent.mouseLeave(regiao);

    act(() => regiao.focus());
    const focado = atual();
    await esperar(200);
    expect(atual()).toBe(focado);
    act(() => regiao.blur());

    fireEvent.click(screen.getByRole('button', { name: 'Pausar a apresentação' }));
    const pausado = atual();
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    await esperar(200);
    expect(atual()).toBe(pausado);
    expect(screen.getByRole('button', { name: 'Reproduzir a apresentação' })).toBeInTheDocument();
  });

  it('respects reduced motion: no autoplay until the user presses play', async () => {
    movimentoReduzido(true);
    renderCarrossel(MUITOS);
    await esperar(200);
    expect(atual()).toBe('1 de 12');
    fireEvent.click(screen.getByRole('button', { name: 'Reproduzir a apresentação' }));
    expect(screen.getByRole('button', { name: 'Pausar a apresentação' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Destaques' })).toHaveAttribute('data-tocando', 'true');
    await esperar(150);
    expect(atual()).not.toBe('1 de 12');
  });

  it('one slide: no controls, nothing moves', async () => {
    movimentoReduzido(false);
    renderCarrossel([slide(1)]);
    expect(screen.queryByRole('button', { name: 'Pausar a apresentação' })).toBeNull();
    await esperar(150);
    expect(atual()).toBe('1 de 1');
  });
});

describe('BannerPadrao', () => {
  it('welcomes with the help site link, in a new tab', () => {
    render(
      <AdminContext i18nProvider={createI18nProvider({ idioma: 'PT_BR' })} store={memoryStore()}>
        <BannerPadrao linkAjuda="https://ajuda.portal.test" />
      </AdminContext>,
    );
    expect(screen.getByText('Bem-vindo ao portal')).toBeInTheDocument();
    const ajuda = screen.getByRole('link', { name: 'Central de ajuda (abre em nova aba)' });
    expect(ajuda).toHaveAttribute('href', 'https://ajuda.portal.test');
    expect(ajuda).toHaveAttribute('target', '_blank');
  });
});
