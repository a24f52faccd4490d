import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { CreateBase, useNotify, useTranslate, type RaRecord } from 'react-admin';
import type { CriacaoDialogProps } from './criacao';
import { GrupoUsuariosForm } from './GrupoUsuariosForm';

/**
 * The user-group form in a dialog (the selector's create button): a new group, saved through the
 * data provider's create; once saved the dialog closes and hands the group to `onSaved` (it does
 * not leave the page it was opened on).
 */
export function GrupoUsuariosFormDialog({ onClose, onSaved }: CriacaoDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="grupo-usuarios-dialog-title">
      <DialogTitle id="grupo-usuarios-dialog-title">{translate('gruposUsuarios.seletor.novoTitulo')}</DialogTitle>
      <CreateBase
        resource="gruposUsuarios"
        redirect={false}
        mutationOptions={{
          onSuccess: (data: RaRecord) => {
            notify('gruposUsuarios.saved', { type: 'success', messageArgs: { nome: data.nome } });
            onSaved(data);
          },
          onError: (error: unknown) =>
            notify(error instanceof Error && error.message ? error.message : 'gruposUsuarios.saveError', {
              type: 'error',
            }),
        }}
      >
        <GrupoUsuariosForm onCancel={onClose} />
      </CreateBase>
    </Dialog>
  );
}
