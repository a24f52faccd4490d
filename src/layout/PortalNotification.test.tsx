import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { contrastRatio, parseColor, WCAG_AA_TEXT } from '../themes/contrast';
import { PortalNotification } from './PortalNotification';
import { renderInAdmin } from './testing';
import { MENU_USUARIO_LOGADO_KEY } from './useMenuUsuarioLogado';

/** Buttons raising a toast of each type, and one standing for the layout's menu read (its theme). */
function Avisos() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  return (
    <>
      {(['warning', 'error', 'success', 'info'] as const).map((type) => (
        <button key={type} type="button" onClick={() => notify(`aviso ${type}`, { type })}>
          {type}
        </button>
      ))}
      <button type="button" onClick={() => queryClient.setQueryData(MENU_USUARIO_LOGADO_KEY, { theme: 'aurora' })}>
        menu
      </button>
    </>
  );
}

/** The toast's box (SnackbarContent) showing `text`. */
async function toast(text: string) {
  const message = await screen.findByText(text);
  return message.closest('.MuiSnackbarContent-root') as HTMLElement;
}

const renderToasts = () =>
  renderInAdmin(
    <>
      <Avisos />
      <PortalNotification />
    </>,
  );

describe('PortalNotification', () => {
  it.each(['warning', 'error', 'success', 'info'])(
    'writes a %s toast readably (WCAG AA text contrast)',
    async (type) => {
      renderToasts();
      await userEvent.setup().click(screen.getByRole('button', { name: type }));
      const { backgroundColor, color } = getComputedStyle(await toast(`aviso ${type}`));
      expect(contrastRatio(color, backgroundColor), `${color} on ${backgroundColor}`).toBeGreaterThanOrEqual(
        WCAG_AA_TEXT,
      );
      // The theme's dark orange, not react-admin's #ed6c02 (white on it: 3.1:1).
      if (type === 'warning') expect(parseColor(backgroundColor)).toEqual(parseColor('#b45309'));
    },
  );

  it('takes the client’s theme once the layout has read the menu (its corners)', async () => {
    renderToasts();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'menu' }));
    await user.click(screen.getByRole('button', { name: 'warning' }));
    expect(getComputedStyle(await toast('aviso warning')).borderRadius).toBe('12px');
  });
});
