import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { HttpError, useTranslate } from 'react-admin';
import type { z } from 'zod';
import { BIBLIOTECA_KEY } from '../tipos';
import { mensagemDe } from '../useAbrirItem';
import { useIsMobile } from '../visual';

/** A field's error: an i18n key and its arguments (`validation.maxLength` needs `max`). */
export interface ErroCampo {
  message: string;
  args?: Record<string, unknown>;
}

/** The first error of each field of a zod validation (the shared schemas of domain/biblioteca.ts). */
export function errosDe(error: z.ZodError): Record<string, ErroCampo> {
  const erros: Record<string, ErroCampo> = {};
  for (const issue of error.issues) {
    const campo = String(issue.path[0] ?? '_');
    if (erros[campo]) continue;
    const limites = issue as { minimum?: number | bigint; maximum?: number | bigint };
    erros[campo] = {
      message: issue.message,
      args: { min: Number(limites.minimum ?? 0), max: Number(limites.maximum ?? 0) },
    };
  }
  return erros;
}

/** The API's field errors of a refused write (BAD_USER_INPUT), already translated. */
export function errosDoServidor(error: unknown): Record<string, ErroCampo> {
  if (!(error instanceof HttpError)) return {};
  const campos = ((error.body as { errors?: Record<string, unknown> } | undefined)?.errors ?? {}) as Record<
    string,
    unknown
  >;
  return Object.fromEntries(
    Object.entries(campos)
      .filter(([, message]) => typeof message === 'string')
      .map(([campo, message]) => [campo, { message: message as string }]),
  );
}

/**
 * What a refusal says when the dialog shows none of its fields: the server's messages for the
 * fields (a name already in the destination, say), else its message (`padrao` when it gave none).
 */
export function textoDaRecusa(
  error: unknown,
  padrao: string,
  translate: (key: string, options?: Record<string, unknown>) => string,
): string {
  const campos = Object.values(errosDoServidor(error)).map((e) => translate(e.message, { _: e.message }));
  if (campos.length > 0) return [...new Set(campos)].join(' ');
  const mensagem = mensagemDe(error, padrao);
  return translate(mensagem, { _: mensagem });
}

/**
 * A refused write as its dialog says it, once and inside the dialog (no toast besides while it stays
 * open): the fields' errors when the server named fields, else its message (`padrao` when it gave
 * none) above the buttons.
 */
export function recusaDe(
  error: unknown,
  padrao: string,
  translate: (key: string, options?: Record<string, unknown>) => string,
): { campos: Record<string, ErroCampo>; falha?: string } {
  const campos = errosDoServidor(error);
  if (Object.keys(campos).length > 0) return { campos };
  return { campos, falha: textoDaRecusa(error, padrao, translate) };
}

/** A write of the library: every read of the library is read again after it, done or failed. */
export function useEscrita<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: BIBLIOTECA_KEY }),
  });
}

/** A dialog of the library, named by its title (`titulo` renders it with the id), full screen on phones. */
export function DialogoBiblioteca({
  children,
  onClose,
  ocupado = false,
  ...props
}: Omit<DialogProps, 'open' | 'onClose' | 'children'> & {
  children: (tituloId: string) => ReactNode;
  onClose: () => void;
  /** While a call runs, Escape and the backdrop do not close it. */
  ocupado?: boolean;
}) {
  const id = useId();
  const mobile = useIsMobile();
  return (
    <Dialog
      open
      fullWidth
      maxWidth="sm"
      fullScreen={mobile}
      aria-labelledby={id}
      onClose={ocupado ? undefined : onClose}
      {...props}
    >
      {children(id)}
    </Dialog>
  );
}

/**
 * A library dialog holding a form: title, fields, the failure's message, then cancel and the
 * confirm button (submit). `ocupado` (a call running) disables both and keeps the dialog open.
 */
export function FormularioDialogo({
  titulo,
  confirmar,
  desabilitado = false,
  ocupado,
  falha,
  onSubmit,
  onClose,
  children,
  ...dialogo
}: Omit<DialogProps, 'open' | 'onClose' | 'children' | 'onSubmit'> & {
  titulo: string;
  /** i18n key of the confirm button. */
  confirmar: string;
  desabilitado?: boolean;
  ocupado: boolean;
  falha?: string;
  onSubmit: () => unknown;
  onClose: () => void;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <DialogoBiblioteca onClose={onClose} ocupado={ocupado} {...dialogo}>
      {(tituloId) => (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void onSubmit();
          }}
        >
          <DialogTitle id={tituloId}>{titulo}</DialogTitle>
          <DialogContent sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, pt: '8px !important' }}>
            {children}
            {falha && <Alert severity="error">{falha}</Alert>}
          </DialogContent>
          {/* The buttons line up with the fields (MUI's actions sit 16 px further out). */}
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose} disabled={ocupado}>
              {translate('ra.action.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={desabilitado || ocupado}>
              {translate(confirmar)}
            </Button>
          </DialogActions>
        </form>
      )}
    </DialogoBiblioteca>
  );
}
