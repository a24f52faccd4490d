import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BusyButton } from './BusyButton';

describe('BusyButton', () => {
  it('keeps the keyboard focus while busy, ignores presses, and says it is unavailable', async () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <BusyButton busy={false} onClick={onClick}>
        Salvar
      </BusyButton>,
    );
    const button = screen.getByRole('button', { name: 'Salvar' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button).not.toHaveAttribute('aria-disabled');

    rerender(
      <BusyButton busy onClick={onClick}>
        Salvar
      </BusyButton>,
    );
    expect(button).toHaveFocus();
    expect(button).not.toBeDisabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveClass('Mui-disabled');
    await userEvent.keyboard('{Enter}');
    await userEvent.click(button, { pointerEventsCheck: 0 });
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
