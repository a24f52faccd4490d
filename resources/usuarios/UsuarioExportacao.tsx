import DownloadIcon from '@mui/icons-material/Download';
import FileDownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useListContext, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useOperations } from '../../src/components/useOperations';
import { downloadFile } from '../../providers/files';
import { formatNumber } from '../../src/components/format';
import { exportFilter } from '../../src/components/list/ExportButtons';

/** The caller's newest users export, as exportacaoUsuarios answers it. */
export interface Exportacao {
  id: string;
  status: 'PENDENTE' | 'EXECUTANDO' | 'CONCLUIDO' | 'EXPIRADO' | 'ERRO';
  total: number | null;
  processados: number;
  /** 0 to 100 with 2 decimals; null until counted. */
  progresso: number | null;
  linhas: number | null;
  erro: string | null;
  createdAt: string;
  concluidoEm: string | null;
  download: string | null;
}

export const EXPORTACAO_KEY = ['usuarios', 'exportacao'];
/** While an export is pending or running, its state is read again this often. */
export const EXPORTACAO_REFRESH_MS = 2000;

const isActive = (job: Exportacao | null | undefined) => job?.status === 'PENDENTE' || job?.status === 'EXECUTANDO';

/**
 * The users list's export (spec section 4: Processing with Progress %, Finished): a button that
 * starts the background export of the list as filtered, the state of the caller's newest export
 * (read again while it runs), and its file's download once finished.
 */
export function UsuarioExportacao() {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale = 'pt-BR'] = useLocaleState();
  const { query, mutate } = useOperations('usuarios');
  const queryClient = useQueryClient();
  const { filterValues, sort } = useListContext();
  const [downloading, setDownloading] = useState(false);

  const { data: job } = useQuery({
    queryKey: EXPORTACAO_KEY,
    queryFn: () => query<Exportacao | null>('exportacao'),
    refetchInterval: (query) => (isActive(query.state.data) ? EXPORTACAO_REFRESH_MS : false),
    retry: false,
  });

  const start = useMutation({
    mutationFn: () => mutate<Exportacao>('exportar', { filterInput: exportFilter(filterValues, sort) }),
    onSuccess: (started) => {
      queryClient.setQueryData(EXPORTACAO_KEY, started);
      notify('usuarios.exportacao.iniciada', { type: 'info' });
    },
    // The server's translated message (e.g. an export already in progress for this user).
    onError: (error: Error) => {
      notify(error.message || 'usuarios.exportacao.erroIniciar', { type: 'error' });
      void queryClient.invalidateQueries({ queryKey: EXPORTACAO_KEY });
    },
  });

  const baixar = async () => {
    if (!job?.download) return;
    setDownloading(true);
    try {
      await downloadFile(job.download, `${translate('usuarios.exportacao.arquivo')}.xlsx`);
    } catch {
      notify('errors.fetchFileFailed', { type: 'error' });
      void queryClient.invalidateQueries({ queryKey: EXPORTACAO_KEY });
    } finally {
      setDownloading(false);
    }
  };

  const running = isActive(job);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Button
        size="small"
        startIcon={<FileDownloadIcon />}
        disabled={running || start.isPending}
        onClick={() => start.mutate()}
      >
        {translate('usuarios.exportacao.exportar')}
      </Button>
      {job && (
        <Box
          role="status"
          aria-live="polite"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}
        >
          {running && (
            <>
              <Chip size="small" color="info" label={translate('usuarios.exportacao.processando')} />
              <LinearProgress
                sx={{ width: 80 }}
                aria-label={translate('usuarios.exportacao.processando')}
                variant={job.progresso === null ? 'indeterminate' : 'determinate'}
                value={job.progresso ?? undefined}
              />
              {job.progresso !== null && (
                <Typography variant="body2">
                  {translate('usuarios.exportacao.progresso', {
                    percent: formatNumber(job.progresso, locale, { maximumFractionDigits: 2 }),
                  })}
                </Typography>
              )}
            </>
          )}
          {job.status === 'CONCLUIDO' && (
            <>
              <Chip size="small" color="success" label={translate('usuarios.exportacao.finalizada')} />
              {job.linhas !== null && (
                <Typography variant="body2">
                  {translate('usuarios.exportacao.linhas', { linhas: formatNumber(job.linhas, locale) })}
                </Typography>
              )}
              <Button
                size="small"
                variant="outlined"
                startIcon={<DownloadIcon />}
                disabled={downloading}
                onClick={() => void baixar()}
              >
                {translate('usuarios.exportacao.baixar')}
              </Button>
            </>
          )}
          {job.status === 'EXPIRADO' && (
            <Typography variant="body2" color="text.secondary">
              {translate('usuarios.exportacao.expirada')}
            </Typography>
          )}
          {job.status === 'ERRO' && (
            <Alert severity="error" sx={{ py: 0 }}>
              {translate('usuarios.exportacao.erro', { erro: translate(job.erro ?? '', { _: job.erro ?? '' }) })}
            </Alert>
          )}
        </Box>
      )}
    </Box>
  );
}
