import Alert from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useState, type ReactNode } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';

export interface ConfirmActionProps {
  open: boolean;
  onClose: () => void;
  /** i18n key or text of the dialog title. */
  title: string;
  /** What will happen, e.g. how many dealers and users a cascade touches. */
  content?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** i18n key or text of the success toast; `portal.confirm.success` when absent. */
  successMessage?: string;
  /** i18n key or text of the error toast; without it, the server's translated message, else `errors.couldNotPerform`. */
  errorMessage?: string;
  /** Variables of the success message, e.g. `{ nome }`. */
  messageArgs?: Record<string, unknown>;
  action: () => Promise<unknown>;
  onSuccess?: (result: unknown) => void;
  /**
   * What it does cannot be undone (a removal): the confirm button in the warning colour, and the
   * focus on Cancel when the dialog opens, so a reflex Enter does not remove anything.
   */
  destrutiva?: boolean;
}

/** Focuses the dialog's Cancel (react-admin's Confirm focuses its confirm button as it mounts). */
const focarCancelar = (dialog: HTMLElement) =>
  dialog.querySelector<HTMLButtonElement>('.MuiDialogActions-root button:not(.ra-confirm)')?.focus();

/**
 * The confirm dialog of spec section 8: title, confirm and cancel labels, and a success or error
 * toast (defaults when none is supplied). The dialog stays open and disabled while the action runs;
 * after a failure it stays open and says why inside it (the server's reason, else the toast's text).
 */
export function ConfirmAction(props: ConfirmActionProps) {
  const { open, onClose, title, content, confirmLabel, cancelLabel, action, onSuccess } = props;
  const notify = useNotify();
  const translate = useTranslate();
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string>();

  const confirm = async () => {
    setRunning(true);
    setFailure(undefined);
    try {
      const result = await action();
      notify(props.successMessage ?? 'portal.confirm.success', { type: 'success', messageArgs: props.messageArgs });
      onClose();
      onSuccess?.(result);
    } catch (error) {
      const serverMessage = error instanceof Error && error.message ? error.message : undefined;
      const message = props.errorMessage
        ? translate(props.errorMessage, { _: props.errorMessage, ...props.messageArgs })
        : (serverMessage ?? 'errors.couldNotPerform');
      notify(message, { type: 'error' });
      // The server's message is said already; a key (the data provider's for a failure that is not
      // the API's answer, or the default) is translated.
      setFailure(translate(serverMessage ?? message, { _: serverMessage ?? message }));
    } finally {
      setRunning(false);
    }
  };

  return (
    <Confirm
      isOpen={open}
      loading={running}
      title={title}
      titleTranslateOptions={props.messageArgs}
      content={
        <>
          {typeof content === 'string' || content == null
            ? translate(content ?? 'portal.confirm.content', { _: content, ...props.messageArgs })
            : content}
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )}
        </>
      }
      confirm={confirmLabel ?? 'portal.confirm.confirm'}
      cancel={cancelLabel ?? 'ra.action.cancel'}
      onConfirm={confirm}
      onClose={running ? () => undefined : onClose}
      {...(props.destrutiva
        ? { confirmColor: 'warning' as const, slotProps: { transition: { onEnter: focarCancelar } } }
        : {})}
    />
  );
}

/** A button that opens a ConfirmAction. */
export function ConfirmButton({
  label,
  buttonProps,
  ...dialog
}: Omit<ConfirmActionProps, 'open' | 'onClose'> & { label: string; buttonProps?: ButtonProps }) {
  const [open, setOpen] = useState(false);
  const translate = useTranslate();
  return (
    <>
      <Button {...buttonProps} onClick={() => setOpen(true)}>
        {translate(label, { _: label })}
      </Button>
      <ConfirmAction {...dialog} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
