import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDate } from '../../components/format';
import { linhasDe, parseLado, type AuditoriaCampo, type AuditoriaEntry } from './auditoria';
import { useAlteracaoLabel, useCampoLabel, ValorView } from './AuditoriaValor';

const lados = (linha: AuditoriaCampo) => {
  const anterior = parseLado(linha.anterior);
  const novo = parseLado(linha.novo);
  return {
    anterior: <ValorView campo={linha.campo} lado={anterior} other={novo} kind="del" />,
    novo: <ValorView campo={linha.campo} lado={novo} other={anterior} kind="ins" />,
  };
};

/** Wide screens: field | previous value | new value, one row per field. */
function LadoALado({ linhas }: { linhas: AuditoriaCampo[] }) {
  const translate = useTranslate();
  const campoLabel = useCampoLabel();
  const cell = { verticalAlign: 'top', overflowWrap: 'anywhere' } as const;
  return (
    <Table size="small" aria-label={translate('auditoria.dialog.tabela')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('auditoria.colunas.campo')}</TableCell>
          <TableCell>{translate('auditoria.colunas.anterior')}</TableCell>
          <TableCell>{translate('auditoria.colunas.novo')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {linhas.map((linha) => {
          const { anterior, novo } = lados(linha);
          return (
            <TableRow key={linha.campo}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 500, verticalAlign: 'top' }}>
                {campoLabel(linha.campo)}
              </TableCell>
              <TableCell sx={cell}>{anterior}</TableCell>
              <TableCell sx={cell}>{novo}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** Narrow screens (a phone): each field with its previous value above its new one. */
function Empilhado({ linhas }: { linhas: AuditoriaCampo[] }) {
  const translate = useTranslate();
  const campoLabel = useCampoLabel();
  return (
    <Box component="ul" aria-label={translate('auditoria.dialog.tabela')} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {linhas.map((linha) => {
        const { anterior, novo } = lados(linha);
        return (
          <Box
            component="li"
            key={linha.campo}
            aria-label={campoLabel(linha.campo)}
            sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', overflowWrap: 'anywhere' }}
          >
            <Typography component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
              {campoLabel(linha.campo)}
            </Typography>
            <Box component="dl" sx={{ m: 0, '& dd': { m: 0, mb: 1 } }}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {translate('auditoria.colunas.anterior')}
              </Typography>
              <Typography component="dd" variant="body2">
                {anterior}
              </Typography>
              <Typography component="dt" variant="caption" color="text.secondary">
                {translate('auditoria.colunas.novo')}
              </Typography>
              <Typography component="dd" variant="body2">
                {novo}
              </Typography>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

/**
 * One change side by side: field | previous value | new value, with what changed highlighted; on a
 * phone the dialog fills the screen and each field's values are stacked.
 */
export function AuditoriaDialog({ entry, onClose }: { entry: AuditoriaEntry | null; onClose: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const alteracaoLabel = useAlteracaoLabel();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const linhas = entry ? linhasDe(entry) : [];

  return (
    <Dialog
      open={entry !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      fullScreen={narrow}
    >
      {entry && (
        <>
          <DialogTitle id={titleId}>
            {translate('auditoria.dialog.title', {
              alteracao: alteracaoLabel(entry.alteracao),
              data: formatDate(entry.data, locale, { dateStyle: 'short', timeStyle: 'medium' }),
            })}
          </DialogTitle>
          <DialogContent>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {entry.autor
                ? translate('auditoria.dialog.autor', { nome: entry.autor.nome, email: entry.autor.email })
                : translate(entry.autorForaDoEscopo ? 'auditoria.autorForaDoEscopo' : 'auditoria.sistema')}
            </Typography>
            {linhas.length === 0 ? (
              <Typography>{translate('auditoria.dialog.semCampos')}</Typography>
            ) : narrow ? (
              <Empilhado linhas={linhas} />
            ) : (
              <LadoALado linhas={linhas} />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('ra.action.close')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
