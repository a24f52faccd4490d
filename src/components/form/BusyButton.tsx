import Button, { type ButtonProps } from '@mui/material/Button';

/**
 * A button whose action is running: it looks disabled and ignores presses, yet stays focusable.
 * A `disabled` button loses the keyboard focus to the page (the browser's focus fix-up), so a
 * keyboard user who pressed Save on a form that stays open would have to find their place again.
 */
export function BusyButton({ busy, onClick, className, ...props }: ButtonProps & { busy: boolean }) {
  return (
    <Button
      {...props}
      aria-disabled={busy || undefined}
      // MUI's disabled look (colours, no pointer) without the attribute that drops the focus.
      className={[className, busy ? 'Mui-disabled' : ''].filter(Boolean).join(' ') || undefined}
      onClick={busy ? undefined : onClick}
    />
  );
}
