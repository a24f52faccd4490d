import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, memoryStore } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../providers/i18nProvider';
import { ConfirmAction, ConfirmButton, type ConfirmActionProps } from './ConfirmAction';

type DialogProps = Omit<ConfirmActionProps, 'open' | 'onClose'>;

/** A ConfirmButton labelled 'Executar' (a plain text: not a catalog key). */
function renderButton(props: Partial<DialogProps> & Pick<DialogProps, 'action'>) {
  render(
    <AdminContext i18nProvider={createI18nProvider({ idioma: 'PT_BR' })} store={memoryStore()}>
      <ConfirmButton label="Executar" title="Sincronizar dealers?" {...props} />
      <Notification />
    </AdminContext>,
  );
}

/** Opens the dialog with the button and answers it with `choice`. */
async function answer(user: ReturnType<typeof userEvent.setup>, choice: string) {
  await user.click(screen.getByRole('button', { name: 'Executar' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: choice }));
  return dialog;
}

describe('ConfirmAction', () => {
  it('runs nothing when cancelled', async () => {
    const user = userEvent.setup();
    const action = vi.fn(async () => undefined);
    renderButton({ action });
    await user.click(screen.getByRole('button', { name: 'Executar' }));
    const dialog = await screen.findByRole('dialog');
    // Default texts of the dialog.
    expect(within(dialog).getByText('Sincronizar dealers?')).toBeInTheDocument();
    expect(within(dialog).getByText('Deseja continuar?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(action).not.toHaveBeenCalled();
  });

  it('runs the action on confirm, closes, and shows the default success message', async () => {
    const user = userEvent.setup();
    const onSuccess = vi.fn();
    const action = vi.fn(async () => ({ ok: 42 }));
    renderButton({ action, onSuccess });
    await answer(user, 'Confirmar');
    expect(await screen.findByText('Ação realizada com sucesso')).toBeInTheDocument();
    expect(action).toHaveBeenCalledTimes(1);
    expect(onSuccess).toHaveBeenCalledWith({ ok: 42 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('uses its own labels, and a success message with arguments', async () => {
    const user = userEvent.setup();
    renderButton({
      title: 'lista.confirmInactivate',
      content: 'Grupo Sul ficará inativo.',
      confirmLabel: 'lista.inactivate',
      cancelLabel: 'wizard.back',
      successMessage: 'lista.inactivated',
      messageArgs: { nome: 'Grupo Sul' },
      action: async () => undefined,
    });
    await user.click(screen.getByRole('button', { name: 'Executar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Inativar Grupo Sul?')).toBeInTheDocument();
    expect(within(dialog).getByText('Grupo Sul ficará inativo.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Voltar' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Inativar' }));
    expect(await screen.findByText('Grupo Sul inativado')).toBeInTheDocument();
  });

  it("shows the server's message when the action fails, and keeps the dialog open", async () => {
    const user = userEvent.setup();
    const onSuccess = vi.fn();
    renderButton({
      action: async () => {
        throw new Error('Esta tarefa já está na fila ou em execução. Aguarde a conclusão.');
      },
      onSuccess,
    });
    const dialog = await answer(user, 'Confirmar');
    const reason = 'Esta tarefa já está na fila ou em execução. Aguarde a conclusão.';
    // In the toast, and in the dialog, which stays open after the toast is gone.
    await waitFor(() => expect(screen.getAllByText(reason)).toHaveLength(2));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(reason);
    expect(screen.queryByText('Ação realizada com sucesso')).not.toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows its own error message in the toast and the server’s reason in the dialog', async () => {
    const user = userEvent.setup();
    renderButton({
      errorMessage: 'grupos.inactivateError',
      action: async () => {
        throw new Error('Registro não encontrado');
      },
    });
    const dialog = await answer(user, 'Confirmar');
    // The toast says what failed; the dialog, still open, says why.
    expect(await screen.findByText('Não foi possível inativar o grupo')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Registro não encontrado');
    expect(within(dialog).queryByText('Não foi possível inativar o grupo')).not.toBeInTheDocument();
  });

  it("says a failure that is not the API's answer in the user's language, in the toast and the dialog", async () => {
    const user = userEvent.setup();
    // As the data provider rejects a gateway's error page (providers/dataProvider/errors.ts).
    renderButton({ action: () => Promise.reject(new Error('errors.semResposta')) });
    await answer(user, 'Confirmar');
    expect(
      await screen.findAllByText('O portal não respondeu como esperado. Tente novamente em instantes.'),
    ).toHaveLength(2);
  });

  it('falls back to the generic error without any message', async () => {
    const user = userEvent.setup();
    renderButton({ action: () => Promise.reject(new Error('')) });
    await answer(user, 'Confirmar');
    // In the toast and in the dialog (one findByText would wait 4 s for the toast to hide).
    expect(await screen.findAllByText('Não foi possível realizar a ação')).toHaveLength(2);
  });

  it('is disabled, and cannot be dismissed, while the action runs', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onClose = vi.fn();
    render(
      <AdminContext i18nProvider={createI18nProvider({ idioma: 'PT_BR' })} store={memoryStore()}>
        <ConfirmAction open onClose={onClose} title="Sincronizar dealers?" action={action} />
        <Notification />
      </AdminContext>,
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Confirmar' })).toBeDisabled());
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(action).toHaveBeenCalledTimes(1);

    finish();
    expect(await screen.findByText('Ação realizada com sucesso')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('can be dismissed with Escape when idle', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const action = vi.fn(async () => undefined);
    render(
      <AdminContext i18nProvider={createI18nProvider({ idioma: 'PT_BR' })} store={memoryStore()}>
        <ConfirmAction open onClose={onClose} title="Sincronizar dealers?" action={action} />
      </AdminContext>,
    );
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(action).not.toHaveBeenCalled();
  });
});
