import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDate } from '../../components/format';
import { linhasDe, parseLado, type AuditoriaEntry } from './auditoria';
import { useAlteracaoLabel, useCampoLabel, ValorView } from './AuditoriaValor';

/** One change side by side: field | previous value | new value, with what changed highlighted. */
export function AuditoriaDialog({ entry, onClose }: { entry: AuditoriaEntry | null; onClose: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const alteracaoLabel = useAlteracaoLabel();
  const campoLabel = useCampoLabel();
  const titleId = useId();
  const linhas = entry ? linhasDe(entry) : [];

  return (
    <Dialog open={entry !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
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
                : translate('auditoria.sistema')}
            </Typography>
            {linhas.length === 0 ? (
              <Typography>{translate('auditoria.dialog.semCampos')}</Typography>
            ) : (
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
                    const anterior = parseLado(linha.anterior);
                    const novo = parseLado(linha.novo);
                    return (
                      <TableRow key={linha.campo}>
                        <TableCell component="th" scope="row" sx={{ fontWeight: 500, verticalAlign: 'top' }}>
                          {campoLabel(linha.campo)}
                        </TableCell>
                        <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>
                          <ValorView lado={anterior} other={novo} kind="del" />
                        </TableCell>
                        <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>
                          <ValorView lado={novo} other={anterior} kind="ins" />
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
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
