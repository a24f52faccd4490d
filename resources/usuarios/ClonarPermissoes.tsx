import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Confirm, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { copiedPermissions, fromInfo, type ProdutoFormValue } from './permissoes';
import { useDebounced } from '../../src/components/useDebounced';
import { useOperations } from '../../src/components/useOperations';
import type { ProdutoPermissoes } from './useUsuarioOptions';

interface Clonavel {
  id: string;
  nome: string;
  email: string;
}

/**
 * Copies another user's permissions (spec section 2): pick a user of the same type (at the chosen
 * dealers, usuariosByTipoUsuario), confirm that the permissions chosen so far will be replaced,
 * then their permissions (infoUsuario), cut to the `produtos` the form offers and with each access
 * type's defaults, replace the form's.
 */
export function ClonarPermissoes({ produtos }: { produtos: readonly ProdutoPermissoes[] }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { query } = useOperations('usuarios');
  const record = useRecordContext();
  const titleId = useId();
  const { setValue } = useFormContext();
  const tipo: string | undefined = useWatch({ name: 'tipo' });
  const dealerIds: string[] = useWatch({ name: 'dealerIds' }) ?? [];
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<Clonavel | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [copying, setCopying] = useState(false);
  const busca = useDebounced(typed.trim());
  const { data: usuarios = [], isFetching } = useQuery({
    queryKey: ['usuarios', 'clonaveis', tipo, dealerIds, busca],
    queryFn: () =>
      query<Clonavel[]>('clonaveis', {
        tipo,
        dealerIds: dealerIds.length ? dealerIds : null,
        busca: busca || null,
      }),
    enabled: open && Boolean(tipo),
  });
  const options = usuarios.filter((u) => String(u.id) !== String(record?.id ?? ''));

  const close = () => {
    setOpen(false);
    setChosen(null);
    setTyped('');
  };
  const copy = async () => {
    if (!chosen) return;
    setConfirming(false);
    setCopying(true);
    try {
      const info = await query<Parameters<typeof fromInfo>[0]>('info', { usuarioId: chosen.id });
      const copied: ProdutoFormValue[] = copiedPermissions(info, produtos);
      setValue('produtos', copied, { shouldDirty: true, shouldValidate: true });
      notify('usuarios.permissoes.clonado', { type: 'success', messageArgs: { nome: chosen.nome } });
      close();
    } catch {
      notify('usuarios.permissoes.clonarErro', { type: 'error' });
    } finally {
      setCopying(false);
    }
  };

  return (
    <>
      <Button data-tour="usuario-clonar" startIcon={<ContentCopyIcon />} onClick={() => setOpen(true)} disabled={!tipo}>
        {translate('usuarios.permissoes.clonar')}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{translate('usuarios.permissoes.clonarTitle')}</DialogTitle>
        <DialogContent>
          <Autocomplete
            sx={{ mt: 1 }}
            options={options}
            value={chosen}
            loading={isFetching}
            filterOptions={(list) => list}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            getOptionLabel={(option) => `${option.nome} (${option.email})`}
            onChange={(_event, value) => setChosen(value)}
            inputValue={typed}
            onInputChange={(_event, text, reason) => {
              if (reason !== 'reset') setTyped(text);
            }}
            noOptionsText={translate('usuarios.permissoes.nenhumUsuario')}
            loadingText={translate('ra.page.loading')}
            renderInput={(params) => (
              <TextField
                {...params}
                label={translate('usuarios.permissoes.usuario')}
                placeholder={translate('usuarios.permissoes.buscarUsuario')}
              />
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={!chosen || copying} onClick={() => setConfirming(true)}>
            {translate('usuarios.permissoes.copiar')}
          </Button>
        </DialogActions>
      </Dialog>
      <Confirm
        isOpen={confirming}
        title="usuarios.permissoes.confirmTitle"
        content="usuarios.permissoes.confirmText"
        translateOptions={{ nome: chosen?.nome ?? '' }}
        confirm="usuarios.permissoes.confirm"
        onConfirm={() => void copy()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
