import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDate } from '../../components/format';
import { linhasDe, parseLado, type AuditoriaEntry } from './auditoria';
import { Ausente, useAlteracaoLabel, useCampoLabel, useValorText } from './AuditoriaValor';

const ellipsis = { maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** One side of a change in a table cell: a short line per field (the dialog shows it in full). */
function ResumoValores({ entry, side }: { entry: AuditoriaEntry; side: 'anterior' | 'novo' }) {
  const campoLabel = useCampoLabel();
  const text = useValorText();
  const linhas = linhasDe(entry).filter((linha) => linha[side] !== null);
  if (linhas.length === 0) return <Ausente />;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {linhas.map((linha) => {
        const lado = parseLado(linha[side]);
        const valor = text(lado.absent ? null : lado.value, linha.campo);
        const line = linha.campo ? `${campoLabel(linha.campo)}: ${valor}` : valor;
        return (
          <Box component="li" key={linha.campo} title={line} sx={ellipsis}>
            {line}
          </Box>
        );
      })}
    </Box>
  );
}

/** A record's changes, one row each; a row opens the side-by-side view. */
export function AuditoriaTable({
  entries,
  onSelect,
  busy,
}: {
  entries: AuditoriaEntry[];
  onSelect: (entry: AuditoriaEntry) => void;
  busy: boolean;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const alteracaoLabel = useAlteracaoLabel();
  const campoLabel = useCampoLabel();
  const onKeyDown = (entry: AuditoriaEntry) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(entry);
    }
  };

  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('auditoria.tabela')} aria-busy={busy}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('auditoria.colunas.alteracao')}</TableCell>
            <TableCell>{translate('auditoria.colunas.data')}</TableCell>
            <TableCell>{translate('auditoria.colunas.autor')}</TableCell>
            <TableCell>{translate('auditoria.colunas.campos')}</TableCell>
            <TableCell>{translate('auditoria.colunas.anterior')}</TableCell>
            <TableCell>{translate('auditoria.colunas.novo')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow
              key={entry.id}
              hover
              tabIndex={0}
              aria-haspopup="dialog"
              title={translate('auditoria.verDetalhes')}
              onClick={() => onSelect(entry)}
              onKeyDown={onKeyDown(entry)}
              sx={{ cursor: 'pointer', verticalAlign: 'top' }}
            >
              <TableCell>{alteracaoLabel(entry.alteracao)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <time dateTime={entry.data}>
                  {formatDate(entry.data, locale, { dateStyle: 'short', timeStyle: 'medium' })}
                </time>
              </TableCell>
              <TableCell>
                {entry.autor ? (
                  <>
                    <Typography variant="body2">{entry.autor.nome}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {entry.autor.email}
                    </Typography>
                  </>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    {translate(entry.autorForaDoEscopo ? 'auditoria.autorForaDoEscopo' : 'auditoria.sistema')}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{entry.campos.length > 0 ? entry.campos.map(campoLabel).join(', ') : <Ausente />}</TableCell>
              <TableCell>
                <ResumoValores entry={entry} side="anterior" />
              </TableCell>
              <TableCell>
                <ResumoValores entry={entry} side="novo" />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
