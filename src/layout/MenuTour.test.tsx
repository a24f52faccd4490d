import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOUR_OPEN_DELAY_MS } from '../../domain/limits';
import { setAccessTokenGetter } from '../../providers/dataProvider';
// Loaded up front, as the app does during the delay, so the lazy tour renders without waiting.
import '../components/tour/Tour';
import type { OnboardingId } from '../../domain/enums';
import { MenuTour } from './MenuTour';
import { ANA, api, menuHandler, onboardingHandler, renderInAdmin, testAuthProvider } from './testing';
import { useMenuUsuarioLogado } from './useMenuUsuarioLogado';
import { mockApiServer } from '../testing/mockApi';
import { mockViewport } from '../testing/viewport';

const state = { marked: [] as string[] };
// Unhandled requests fail: the tour asks nothing of its own before opening (the seen flag comes
// with the signed-in user's identity).
const server = mockApiServer(menuHandler(), onboardingHandler(state));

beforeEach(() => {
  setAccessTokenGetter(async () => 'token');
  state.marked = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Says when the menu has appeared. */
function Probe() {
  const menu = useMenuUsuarioLogado();
  return <output>{menu.isSuccess ? 'loaded' : 'loading'}</output>;
}

/** A save confirmation the test opens and closes (a react-admin <Confirm> is a MUI dialog). */
function SaveConfirmation() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Salvar</button>
      <Dialog open={open} onClose={() => setOpen(false)} transitionDuration={0}>
        <DialogTitle>Confirmar alteração?</DialogTitle>
        <button onClick={() => setOpen(false)}>Confirmar</button>
      </Dialog>
    </>
  );
}

/** `vistos`: the user's onboardingsVistos; null when usuarioLogado could not be read. */
function renderTour(vistos: OnboardingId[] | null = []) {
  return renderInAdmin(
    <>
      <button data-tour="menu-button">Menu</button>
      <div data-tour="toolbar">toolbar</div>
      <input aria-label="Nome" />
      <SaveConfirmation />
      <Probe />
      <MenuTour />
    </>,
    { auth: testAuthProvider({ ...ANA, onboardingsVistos: vistos ?? undefined }) },
  );
}

async function openTour() {
  renderTour();
  await untilLoaded();
  await advance(TOUR_OPEN_DELAY_MS);
  await settle();
  expect(screen.getByRole('dialog')).toBeInTheDocument();
}

async function untilMarked() {
  for (let i = 0; i < 20 && state.marked.length === 0; i++) await advance(0);
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
  it('opens 1000 ms after the menu has appeared, for a user who has not seen it', async () => {
    expect(TOUR_OPEN_DELAY_MS).toBe(1000);
    renderTour();
    await untilLoaded();
    await advance(999);
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(1);
    await settle();
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Novo menu');
    expect(screen.getByRole('dialog')).toHaveTextContent('Passo 1 de 2');
  });

  it('never opens over a dialog: it waits until the dialog is closed', async () => {
    renderTour();
    await untilLoaded();
    await act(async () => screen.getByRole('button', { name: 'Salvar' }).click());
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Confirmar alteração?');
    await advance(5 * TOUR_OPEN_DELAY_MS);
    await settle();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.queryByText('Passo 1 de 2')).not.toBeInTheDocument();

    await act(async () => screen.getByRole('button', { name: 'Confirmar' }).click());
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(TOUR_OPEN_DELAY_MS);
    await settle();
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Novo menu');
  });

  it('never opens over a field in use: it waits until the focus leaves the field', async () => {
    renderTour();
    await untilLoaded();
    const field = screen.getByRole('textbox', { name: 'Nome' });
    act(() => field.focus());
    await advance(5 * TOUR_OPEN_DELAY_MS);
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(field).toHaveFocus();

    act(() => field.blur());
    await advance(TOUR_OPEN_DELAY_MS);
    await settle();
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Novo menu');
  });

  it('does not open for a user who has seen it (usuarioLogado.onboardingsVistos)', async () => {
    renderTour(['USUARIO_EDICAO', 'HOME']);
    await untilLoaded();
    await advance(5000);
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not open when the signed-in user could not be read', async () => {
    renderTour(null);
    await untilLoaded();
    await advance(5000);
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not open while the menu is still loading', async () => {
    server.use(api.query('sessao_menu', () => new Promise<never>(() => undefined)));
    renderTour();
    await advance(5000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('finishing step 2 records the onboarding as seen (setCurrentUserOnboardingSeen HOME)', async () => {
    await openTour();
    await press('ArrowRight');
    expect(screen.getByRole('dialog')).toHaveAccessibleName('Barra de ferramentas');
    await act(async () => screen.getByRole('button', { name: 'Concluir' }).click());
    await untilMarked();
    expect(state.marked).toEqual(['HOME']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await advance(5000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    [1280, 'Aqui ficam a central de ajuda, o idioma, as notificações e a sua conta.'],
    [768, 'Aqui ficam o idioma, as notificações e a sua conta; a central de ajuda fica em ⋮ Mais opções.'],
    [375, 'Aqui ficam o idioma, as notificações e a sua conta; a central de ajuda fica em ⋮ Mais opções.'],
  ])('at %i px, step 2 says where the bar keeps the help centre', async (largura, texto) => {
    mockViewport(largura);
    await openTour();
    await press('ArrowRight');
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription(texto);
  });

  it('closing it with Esc records it as seen too, and it does not come back', async () => {
    await openTour();
    await press('ArrowRight');
    await press('Escape');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await untilMarked();
    expect(state.marked).toEqual(['HOME']);
    await advance(5000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closing it with its close button records it as seen', async () => {
    await openTour();
    await act(async () => screen.getByRole('button', { name: 'Fechar o tour' }).click());
    await untilMarked();
    expect(state.marked).toEqual(['HOME']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
