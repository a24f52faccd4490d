import { act, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOUR_OPEN_DELAY_MS } from '../../domain/limits';
import { setAccessTokenGetter } from '../../providers/dataProvider';
// Loaded up front, as the app does during the delay, so the lazy tour renders without waiting.
import '../components/tour/Tour';
import { useOnboarding } from '../components/tour/useOnboarding';
import { MenuTour } from './MenuTour';
import { api, menuHandler, onboardingHandlers, renderInAdmin } from './testing';
import { useMenuUsuarioLogado } from './useMenuUsuarioLogado';

const state = { seen: false, marked: [] as string[], asked: [] as string[] };
const server = setupServer(menuHandler(), ...onboardingHandlers(state));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  setAccessTokenGetter(async () => 'token');
  Object.assign(state, { seen: false, marked: [], asked: [] });
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

/** Says when the menu and the onboarding answer have arrived. */
function Probe() {
  const menu = useMenuUsuarioLogado();
  const { seen } = useOnboarding('HOME');
  return <output>{menu.isSuccess && seen !== undefined ? 'loaded' : 'loading'}</output>;
}

function renderTour() {
  const result = renderInAdmin(
    <>
      <button data-tour="menu-button">Menu</button>
      <div data-tour="toolbar">toolbar</div>
      <Probe />
      <MenuTour />
    </>,
  );
  return result;
}

/** Lets the (mocked) requests answer without moving the fake clock. */
async function untilLoaded() {
  for (let i = 0; i < 100 && screen.getByRole('status').textContent !== 'loaded'; i++) {
    await act(() => vi.advanceTimersByTimeAsync(0));
  }
  expect(screen.getByRole('status')).toHaveTextContent('loaded');
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/** Lets React and the lazy tour settle, without moving the fake clock. */
async function settle() {
  for (let i = 0; i < 20; i++) await advance(0);
}

async function press(key: string) {
  await act(async () => {
    document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  });
}

describe('MenuTour', () => {
  it('opens 1000 ms after the menu has loaded, for a user who has not seen it', async () => {
    expect(TOUR_OPEN_DELAY_MS).toBe(1000);
    renderTour();
    await untilLoaded();
    expect(state.asked).toEqual(['HOME']);
    await advance(999);
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(1);
    await settle();
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Novo menu');
    expect(screen.getByRole('dialog')).toHaveTextContent('Passo 1 de 2');
  });

  it('does not open for a user who has seen it', async () => {
    state.seen = true;
    renderTour();
    await untilLoaded();
    await advance(5000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not open while the menu is still loading', async () => {
    server.use(api.query('menuUsuarioLogado', () => new Promise<never>(() => undefined)));
    renderTour();
    await advance(5000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('finishing step 2 records the onboarding as seen (setCurrentUserOnboardingSeen HOME)', async () => {
    renderTour();
    await untilLoaded();
    await advance(TOUR_OPEN_DELAY_MS);
    await settle();
    await press('ArrowRight');
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Barra de ferramentas');
    await act(async () => screen.getByRole('button', { name: 'Concluir' }).click());
    for (let i = 0; i < 20 && state.marked.length === 0; i++) await advance(0);
    expect(state.marked).toEqual(['HOME']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(5000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closing with Esc does not record it, and it does not come back in this session', async () => {
    renderTour();
    await untilLoaded();
    await advance(TOUR_OPEN_DELAY_MS);
    await settle();
    await press('ArrowRight');
    await press('Escape');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(5000);
    expect(state.marked).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
