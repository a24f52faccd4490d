import AttachFileIcon from '@mui/icons-material/AttachFile';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { downloadFile } from '../../../providers/files';
import { log } from '../../../providers/logger';
import { formatBytes } from '../../components/format';
import { useOperations } from '../../components/useOperations';

/** What an attachment shows: its name and size (the type is not needed to download it). */
type Arquivo = { id: string; nome: string; tamanho: number | string };

/**
 * An announcement's attachments, each a download button (a short-lived link asked of the server,
 * which checks the caller may have it: a recipient, the author, an approver in scope): the reader's
 * and the author's and approver's views of it, so whoever approves it can open what it carries.
 */
export function AnexosComunicado({
  idComunicado,
  arquivos,
  nivel = 'h2',
}: {
  idComunicado: string;
  arquivos: readonly Arquivo[];
  /** The section heading's level in its page. */
  nivel?: 'h2' | 'h3';
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale = 'pt-BR'] = useLocaleState();
  const { query } = useOperations('comunicados');
  const [baixando, setBaixando] = useState<string | null>(null);
  if (arquivos.length === 0) return null;
  const baixar = async (arquivo: Arquivo) => {
    setBaixando(arquivo.id);
    try {
      const link = await query<string>('linkAnexo', { idComunicado, idArquivo: arquivo.id });
      await downloadFile(link, arquivo.nome);
    } catch (error) {
      log.error('comunicado attachment download failed', error);
      notify('comunicados.leitura.erroAnexo', { type: 'error', messageArgs: { nome: arquivo.nome } });
    } finally {
      setBaixando(null);
    }
  };
  const id = `anexos-${idComunicado}`;
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} variant={nivel === 'h2' ? 'subtitle1' : 'subtitle2'} component={nivel}>
        {translate('comunicados.leitura.anexos')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
        {arquivos.map((arquivo) => (
          <Box component="li" key={arquivo.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            <AttachFileIcon fontSize="small" color="action" />
            <Button
              size="small"
              endIcon={<DownloadIcon />}
              disabled={baixando === arquivo.id}
              onClick={() => void baixar(arquivo)}
              aria-label={translate('comunicados.leitura.baixar', { nome: arquivo.nome })}
              sx={{ textTransform: 'none', minWidth: 0, overflowWrap: 'anywhere', textAlign: 'left' }}
            >
              {arquivo.nome}
            </Button>
            <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {formatBytes(Number(arquivo.tamanho), locale)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** An announcement's labels, as chips. */
export function EtiquetasComunicado({ etiquetas }: { etiquetas: readonly { id: string; nome: string }[] }) {
  if (etiquetas.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {etiquetas.map((e) => (
        <Chip key={e.id} size="small" label={e.nome} />
      ))}
    </Box>
  );
}
