import DownloadIcon from '@mui/icons-material/Download';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { downloadFile, FileRouteError } from '../../../providers/files';
import { formatDate, formatNumber } from '../../components/format';
import { useIsCompactList } from '../../components/list/useIsCompactList';
import { formatDuration, isActive, type Importacao, type ImportStatus } from './importacao';
import { ImportacaoErros } from './ImportacaoErros';

const t = (key: string) => `importarUsuarios.pagina.${key}`;

/** Read by screen readers, not shown (the report column's header). In px: sx reads 1 as 100%. */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const COR: Record<ImportStatus, ChipProps['color']> = {
  RECEIVED: 'default',
  PROCESSING: 'info',
  FINISHED: 'success',
  ERROR: 'error',
};

export function StatusBadge({ status }: { status: ImportStatus }) {
  const translate = useTranslate();
  return <Chip size="small" color={COR[status]} label={translate(t(`status.${status}`))} />;
}

/** Progress bar, percentage (2 decimals), rows done of the total, and rows/s and time left while running. */
function Progresso({ importacao: i }: { importacao: Importacao }) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const n = (value: number) => formatNumber(value, locale);
  const percent = formatNumber(i.progress / 100, locale, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const indeterminate = i.status === 'PROCESSING' && i.total === null;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <LinearProgress
          sx={{ flex: 1, minWidth: 60 }}
          variant={indeterminate ? 'indeterminate' : 'determinate'}
          value={indeterminate ? undefined : i.progress}
          color={i.status === 'ERROR' ? 'error' : i.status === 'FINISHED' ? 'success' : 'primary'}
          aria-label={translate(t('progressoDe'), { nome: i.fileName })}
        />
        <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
          {percent}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {i.total === null
          ? translate(t('linhasSemTotal'), { done: n(i.done) })
          : translate(t('linhas'), { done: n(i.done), total: n(i.total) })}
      </Typography>
      {i.status === 'PROCESSING' && i.linhasPorSegundo !== null && (
        <Typography variant="body2" color="text.secondary">
          {translate(t('velocidade'), {
            rate: formatNumber(i.linhasPorSegundo, locale, { maximumFractionDigits: 2 }),
          })}
          {i.segundosRestantes !== null &&
            ` · ${translate(t('restante'), { tempo: formatDuration(i.segundosRestantes, locale) })}`}
        </Typography>
      )}
    </Box>
  );
}

function Resultado({ importacao: i }: { importacao: Importacao }) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const count = (key: string, value: number) => translate(t(key), { count: formatNumber(value, locale) });
  return (
    <Box sx={{ display: 'grid', gap: 0.25 }}>
      <Typography variant="body2">{count('criados', i.criados)}</Typography>
      <Typography variant="body2">{count('atualizados', i.atualizados)}</Typography>
      <Typography variant="body2" color={i.erros > 0 ? 'error' : undefined}>
        {count('falhas', i.erros)}
      </Typography>
    </Box>
  );
}

/** The error report (failed rows plus a reason column), fetched with the bearer token and saved. */
function RelatorioButton({ importacao: i }: { importacao: Importacao }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  if (!i.relatorioErros) return null;
  const baixar = async () => {
    setBusy(true);
    try {
      await downloadFile(i.relatorioErros!, `${translate('importarUsuarios.relatorio.arquivo')}.xlsx`);
    } catch (error) {
      notify((error instanceof FileRouteError && error.apiMessage) || 'errors.fetchFileFailed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<DownloadIcon />}
      disabled={busy}
      onClick={() => void baixar()}
      aria-label={translate(t('baixarRelatorioDe'), { nome: i.fileName })}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {translate(t('baixarRelatorio'))}
    </Button>
  );
}

/** Shows or hides the import's failed rows under it (when rows failed). */
function ErrosButton({
  importacao: i,
  aberto,
  onToggle,
}: {
  importacao: Importacao;
  aberto: boolean;
  onToggle: () => void;
}) {
  const translate = useTranslate();
  if (i.erros === 0) return null;
  return (
    <Button
      size="small"
      startIcon={aberto ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      aria-expanded={aberto}
      aria-controls={aberto ? errosId(i) : undefined}
      aria-label={translate(t(aberto ? 'ocultarErrosDe' : 'verErrosDe'), { nome: i.fileName })}
      onClick={onToggle}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {translate(t(aberto ? 'ocultarErros' : 'verErros'))}
    </Button>
  );
}

const errosId = (i: Importacao) => `importacao-${i.id}-erros`;

function Situacao({ importacao: i }: { importacao: Importacao }) {
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
      <StatusBadge status={i.status} />
      {i.erro && (
        <Alert severity="error" sx={{ py: 0, overflowWrap: 'anywhere' }}>
          {i.erro}
        </Alert>
      )}
    </Box>
  );
}

/**
 * The caller's imports as a table (a list of blocks under 768 px, spec section 9): file, when it
 * was sent (in the interface language), status badge with the file-level error, progress with
 * rows/s and time left while processing, the created/updated/failed counts and the error report.
 */
export function ImportacaoStatusTable({ importacoes }: { importacoes: Importacao[] }) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const compact = useIsCompactList();
  const quando = (i: Importacao) => formatDate(i.createdAt, locale, { dateStyle: 'short', timeStyle: 'short' });
  const [abertos, setAbertos] = useState<ReadonlySet<string>>(new Set());
  const alternar = (id: string) =>
    setAbertos((atual) => {
      const next = new Set(atual);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const acoes = (i: Importacao) => (
    <Box
      sx={{
        display: 'flex',
        flexDirection: compact ? 'row' : 'column',
        flexWrap: 'wrap',
        gap: 1,
        alignItems: 'flex-start',
      }}
    >
      <ErrosButton importacao={i} aberto={abertos.has(i.id)} onToggle={() => alternar(i.id)} />
      <RelatorioButton importacao={i} />
    </Box>
  );
  const erros = (i: Importacao) =>
    abertos.has(i.id) && i.erros > 0 ? <ImportacaoErros importacao={i} id={errosId(i)} /> : null;

  if (compact) {
    return (
      <List disablePadding aria-label={translate(t('importacoes'))}>
        {importacoes.map((i) => (
          <ListItem key={i.id} divider sx={{ display: 'grid', gap: 1, px: 0 }} aria-busy={isActive(i)}>
            <Box>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{i.fileName}</Typography>
              <Typography variant="body2" color="text.secondary">
                {translate(t('enviadaEm'))}: {quando(i)}
              </Typography>
            </Box>
            <Situacao importacao={i} />
            <Progresso importacao={i} />
            <Resultado importacao={i} />
            {acoes(i)}
            {erros(i)}
          </ListItem>
        ))}
      </List>
    );
  }
  return (
    // From 768 px a table; where its columns need more than the card, it scrolls inside the card (the page never sideways).
    <Box sx={{ overflowX: 'auto', minWidth: 0 }}>
      <Table size="small" aria-label={translate(t('importacoes'))}>
        <TableHead>
          <TableRow>
            <TableCell>{translate(t('arquivo'))}</TableCell>
            <TableCell>{translate(t('enviadaEm'))}</TableCell>
            <TableCell>{translate(t('situacao'))}</TableCell>
            <TableCell sx={{ minWidth: 180 }}>{translate(t('progresso'))}</TableCell>
            <TableCell>{translate(t('resultado'))}</TableCell>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                {translate(t('relatorio'))}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {importacoes.map((i) => (
            <Fragment key={i.id}>
              <TableRow sx={{ verticalAlign: 'top' }}>
                <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 240 }}>{i.fileName}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{quando(i)}</TableCell>
                <TableCell sx={{ maxWidth: 280 }}>
                  <Situacao importacao={i} />
                </TableCell>
                <TableCell>
                  <Progresso importacao={i} />
                </TableCell>
                <TableCell>
                  <Resultado importacao={i} />
                </TableCell>
                <TableCell>{acoes(i)}</TableCell>
              </TableRow>
              {abertos.has(i.id) && i.erros > 0 && (
                <TableRow>
                  <TableCell colSpan={6}>{erros(i)}</TableCell>
                </TableRow>
              )}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
