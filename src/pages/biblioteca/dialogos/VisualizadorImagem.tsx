import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatNumber } from '../../../components/format';
import type { ItemBiblioteca } from '../tipos';
import { useBaixar } from '../useAbrirItem';

/**
 * The image viewer overlay: one image of `imagens` at a time, previous and next (disabled at the
 * ends; the arrow keys too), download and close (Escape too).
 */
export function VisualizadorImagem({
  imagens,
  inicial,
  onClose,
}: {
  imagens: ItemBiblioteca[];
  inicial: number;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const baixar = useBaixar();
  const [indice, setIndice] = useState(inicial);
  const tituloId = useId();
  // The arrow keys wherever the focus is (a disabled button drops it to the page).
  useEffect(() => {
    const teclas = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') setIndice((i) => Math.max(0, i - 1));
      else if (event.key === 'ArrowRight') setIndice((i) => Math.min(imagens.length - 1, i + 1));
    };
    window.addEventListener('keydown', teclas);
    return () => window.removeEventListener('keydown', teclas);
  }, [imagens.length]);
  const imagem = imagens[indice];
  if (!imagem) return null;
  const primeira = indice === 0;
  const ultima = indice === imagens.length - 1;
  const botao = (label: string, icone: React.ReactNode, onClick: () => void, disabled = false) => (
    <Tooltip title={disabled ? '' : translate(label)}>
      <span>
        <IconButton
          aria-label={translate(label)}
          onClick={onClick}
          disabled={disabled}
          sx={{ color: 'common.white', '&.Mui-disabled': { color: 'grey.600' } }}
        >
          {icone}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <Dialog
      open
      fullScreen
      onClose={onClose}
      aria-labelledby={tituloId}
      slotProps={{ paper: { sx: { bgcolor: 'grey.900', color: 'common.white' } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1, minWidth: 0 }}>
        <Typography
          id={tituloId}
          component="h2"
          variant="subtitle1"
          sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {imagem.nome}
        </Typography>
        <Typography variant="body2" aria-live="polite" sx={{ whiteSpace: 'nowrap' }}>
          {translate('biblioteca.visualizador.posicao', {
            atual: formatNumber(indice + 1, locale),
            total: formatNumber(imagens.length, locale),
          })}
        </Typography>
        {botao('biblioteca.acoes.baixar', <DownloadIcon />, () => void baixar([imagem]))}
        {botao('biblioteca.visualizador.fechar', <CloseIcon />, onClose)}
      </Box>
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', gap: 1, px: 1, pb: 2, minHeight: 0 }}>
        {botao('biblioteca.visualizador.anterior', <ChevronLeftIcon />, () => setIndice(indice - 1), primeira)}
        <Box sx={{ flex: 1, height: '100%', display: 'grid', placeItems: 'center', minWidth: 0 }}>
          <Box
            component="img"
            src={imagem.arquivoLink ?? undefined}
            alt={imagem.nome}
            sx={{ maxWidth: '100%', maxHeight: 'calc(100vh - 96px)', objectFit: 'contain' }}
          />
        </Box>
        {botao('biblioteca.visualizador.proxima', <ChevronRightIcon />, () => setIndice(indice + 1), ultima)}
      </Box>
    </Dialog>
  );
}
