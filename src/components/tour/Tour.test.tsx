import Dialog from '@mui/material/Dialog';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { AdminContext, memoryStore } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../../providers/i18nProvider';
import { Tour, type TourStep } from './Tour';

const STEPS: TourStep[] = [
  { target: '[data-tour="first"]', title: 'Primeiro', content: 'Texto do primeiro passo' },
  { target: '[data-tour="second"]', title: 'Segundo', content: 'Texto do segundo passo' },
  { target: '[data-tour="third"]', title: 'Terceiro', content: <strong>Texto do terceiro passo</strong> },
];

afterEach(() => {
  document.documentElement.dir = '';
  vi.restoreAllMocks();
});

function renderTour(props: { open?: boolean; steps?: TourStep[]; rtlTheme?: boolean } = {}) {
  const onClose = vi.fn();
  const onFinish = vi.fn();
  const page = (open: boolean) => (
    <>
      <h1>Início</h1>
      <button data-tour="first">first</button>
      <div data-tour="second">second</div>
      <input aria-label="campo" />
      <Tour steps={props.steps ?? STEPS} open={open} onClose={onClose} onFinish={onFinish} />
    </>
  );
  const i18nProvider = createI18nProvider({ idioma: 'PT_BR' });
  const wrap = (ui: ReactNode) => (
    <AdminContext
      i18nProvider={i18nProvider}
      store={memoryStore()}
      theme={props.rtlTheme ? { direction: 'rtl' } : undefined}
    >
      {ui}
    </AdminContext>
  );
  const result = render(wrap(page(props.open ?? true)));
  return { ...result, onClose, onFinish, setOpen: (open: boolean) => result.rerender(wrap(page(open))) };
}

const dialog = () => screen.getByRole('dialog');
const stepTitle = () => screen.getByRole('dialog').querySelector('h2')?.textContent;

describe('Tour', () => {
  it('shows the first step with its counter, pointing at its element', () => {
    const first = { top: 10, left: 20, width: 100, height: 30 };
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this.dataset.tour === 'first'
        ? new DOMRect(first.left, first.top, first.width, first.height)
        : new DOMRect(0, 0, 0, 0);
    });
    renderTour();
    expect(dialog()).toHaveAccessibleName('Primeiro');
    expect(dialog()).toHaveAccessibleDescription('Texto do primeiro passo');
    expect(dialog()).toHaveTextContent('Passo 1 de 3');
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    expect(dialog()).toHaveFocus();
    const spotlight = screen.getByTestId('tour-spotlight');
    expect(spotlight).toHaveStyle({ top: '6px', left: '16px', width: '108px', height: '38px' });
  });

  it('renders nothing while closed, and starts again at step 1 when reopened', async () => {
    const { setOpen } = renderTour({ open: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    setOpen(true);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(stepTitle()).toBe('Segundo');
    setOpen(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    setOpen(true);
    expect(stepTitle()).toBe('Primeiro');
  });

  it('ArrowRight goes forward and ArrowLeft back, never past the first or last step', async () => {
    const { onFinish, onClose } = renderTour();
    const user = userEvent.setup();
    await user.keyboard('{ArrowLeft}');
    expect(stepTitle()).toBe('Primeiro');
    await user.keyboard('{ArrowRight}');
    expect(stepTitle()).toBe('Segundo');
    expect(dialog()).toHaveTextContent('Passo 2 de 3');
    await user.keyboard('{ArrowRight}');
    expect(stepTitle()).toBe('Terceiro');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(stepTitle()).toBe('Terceiro');
    expect(dialog()).toHaveTextContent('Passo 3 de 3');
    await user.keyboard('{ArrowLeft}');
    expect(stepTitle()).toBe('Segundo');
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(stepTitle()).toBe('Primeiro');
    expect(onFinish).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('reverses the arrows in a right-to-left page', async () => {
    document.documentElement.dir = 'rtl';
    renderTour();
    const user = userEvent.setup();
    await user.keyboard('{ArrowRight}');
    expect(stepTitle()).toBe('Primeiro');
    await user.keyboard('{ArrowLeft}');
    expect(stepTitle()).toBe('Segundo');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(stepTitle()).toBe('Terceiro');
    await user.keyboard('{ArrowRight}');
    expect(stepTitle()).toBe('Segundo');
  });

  it('reverses the arrows with a right-to-left theme too', async () => {
    renderTour({ rtlTheme: true });
    const user = userEvent.setup();
    await user.keyboard('{ArrowLeft}');
    expect(stepTitle()).toBe('Segundo');
    await user.keyboard('{ArrowRight}');
    expect(stepTitle()).toBe('Primeiro');
  });

  it('leaves the arrows to a text field being typed in', async () => {
    renderTour();
    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: 'campo' }));
    await user.keyboard('{ArrowRight}');
    expect(stepTitle()).toBe('Primeiro');
  });

  it("leaves its keys to a dialog opened over it: arrows and Esc are the dialog's", async () => {
    const onClose = vi.fn();
    const onDialogClose = vi.fn();
    render(
      <AdminContext i18nProvider={createI18nProvider({ idioma: 'PT_BR' })} store={memoryStore()}>
        <h1>Início</h1>
        <button data-tour="first">first</button>
        <Tour steps={STEPS} open onClose={onClose} onFinish={vi.fn()} />
        <Dialog open onClose={onDialogClose} aria-label="Nova pasta">
          <button>dentro</button>
        </Dialog>
      </AdminContext>,
    );
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'dentro' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Primeiro' }).querySelector('h2')?.textContent).toBe('Primeiro');
    await user.keyboard('{Escape}');
    expect(onDialogClose).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Esc closes without finishing', async () => {
    const { onClose, onFinish } = renderTour();
    const user = userEvent.setup();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('the close button closes without finishing', async () => {
    const { onClose, onFinish } = renderTour();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Fechar o tour' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('moves with the buttons; the last step has Finish, which calls onFinish', async () => {
    const { onClose, onFinish } = renderTour();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(stepTitle()).toBe('Segundo');
    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(stepTitle()).toBe('Primeiro');
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    expect(screen.queryByRole('button', { name: 'Próximo' })).not.toBeInTheDocument();
    expect(onFinish).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Concluir' }));
    expect(onFinish).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('still shows a step whose element is not on the page', () => {
    renderTour({ steps: [{ target: '[data-tour="missing"]', title: 'Sem alvo', content: 'Texto' }] });
    expect(dialog()).toHaveAccessibleName('Sem alvo');
    expect(dialog()).toHaveTextContent('Passo 1 de 1');
    expect(screen.getByRole('button', { name: 'Concluir' })).toBeInTheDocument();
  });

  it('gives the focus back when it closes', async () => {
    const { setOpen } = renderTour({ open: false });
    screen.getByRole('button', { name: 'first' }).focus();
    setOpen(true);
    expect(dialog()).toHaveFocus();
    setOpen(false);
    expect(screen.getByRole('button', { name: 'first' })).toHaveFocus();
  });

  it('opened by itself over the page (the focus on its body), closed gives the focus to the page title', async () => {
    const { setOpen } = renderTour({ open: false });
    (document.activeElement as HTMLElement | null)?.blur();
    setOpen(true);
    expect(dialog()).toHaveFocus();
    setOpen(false);
    expect(screen.getByRole('heading', { level: 1, name: 'Início' })).toHaveFocus();
  });
});
