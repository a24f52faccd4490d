import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { useOperations } from '../useOperations';
import { GrupoUsuariosSelector, type GrupoUsuariosRef } from './GrupoUsuariosSelector';
import { mesclarGrupos, type GrupoUsuariosRecord, type GrupoUsuariosValues } from './regras';

/**
 * Copies the blocks of groups the caller reads into the form (importarGrupoUsuarios): chosen with
 * the user-group selector, merged by mesclarGrupos (union of values, a block on when on anywhere).
 */
export function ImportarGruposDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { mutate } = useOperations('gruposUsuarios');
  const { getValues, setValue } = useFormContext<GrupoUsuariosValues>();
  const [grupos, setGrupos] = useState<GrupoUsuariosRef[]>([]);
  const [running, setRunning] = useState(false);
  const own = getValues('id');
  const importar = async () => {
    setRunning(true);
    try {
      const data = await mutate<GrupoUsuariosRecord[]>('importar', {
        ids: grupos.map((g) => g.id),
      });
      const merged = mesclarGrupos(getValues(), data);
      for (const [key, value] of Object.entries(merged)) {
        setValue(key as keyof GrupoUsuariosValues, value as never, { shouldDirty: true });
      }
      notify('gruposUsuarios.importar.importado', { type: 'success', messageArgs: { smart_count: data.length } });
      onClose();
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'gruposUsuarios.importar.erro', {
        type: 'error',
      });
    } finally {
      setRunning(false);
    }
  };
  return (
    <Dialog open onClose={running ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="importar-title">
      <DialogTitle id="importar-title">{translate('gruposUsuarios.importar.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>{translate('gruposUsuarios.importar.descricao')}</DialogContentText>
        <GrupoUsuariosSelector value={grupos} onChange={setGrupos} excludeIds={own ? [String(own)] : []} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={running}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void importar()} disabled={running || grupos.length === 0}>
          {translate('gruposUsuarios.importar.confirmar')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
