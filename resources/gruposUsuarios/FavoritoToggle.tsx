import IconButton from '@mui/material/IconButton';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useOperations } from '../../src/components/useOperations';

/**
 * The favourite star of a group (spec section 4): flips at once, asks atualizarGrupoFavorito, and
 * on failure flips back with an error toast. Once saved the list reads again (favourites first).
 */
export function FavoritoToggle() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { mutate } = useOperations('gruposUsuarios');
  const [shown, setShown] = useState<boolean | null>(null);
  const [running, setRunning] = useState(false);
  if (!record) return null;
  const favorito = shown ?? Boolean(record.favorito);
  const toggle = async () => {
    const before = favorito;
    setShown(!before);
    setRunning(true);
    try {
      await mutate('favorito', { id: record.id });
      refresh();
    } catch {
      setShown(before);
      notify('gruposUsuarios.favoritoErro', { type: 'error', messageArgs: { nome: record.nome } });
    } finally {
      setRunning(false);
    }
  };
  const label = translate(favorito ? 'gruposUsuarios.desfavoritar' : 'gruposUsuarios.favoritar', {
    nome: record.nome,
  });
  return (
    <IconButton
      size="small"
      aria-label={label}
      aria-pressed={favorito}
      title={label}
      disabled={running}
      onClick={(event) => {
        event.stopPropagation();
        void toggle();
      }}
      onKeyDown={(event) => event.stopPropagation()}
    >
      {favorito ? <StarIcon color="warning" /> : <StarBorderIcon />}
    </IconButton>
  );
}
