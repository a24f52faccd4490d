import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { BIBLIOTECA_ROWS_PER_PAGE_OPTIONS, BIBLIOTECA_ROWS_PER_PAGE_PADRAO } from '../../../../domain/biblioteca';
import { formatDate } from '../../../components/format';
import { LoadError } from '../../../components/LoadError';
import { Paginacao } from '../../../components/list/Paginacao';
import { pastaPath, type ItemBiblioteca } from '../tipos';
import { useUltimosModificados } from '../useBiblioteca';
import { IconeItem, NomeItem, useIsListaCompacta } from '../visual';
import { DialogoBiblioteca } from './comum';

/**
 * The "see all" of the latest modified files (ultimosModificadosExtendido): paged (5, 10 or 15 a
 * page), with the folder each is in and its owner; a name leads to its folder.
 */
export function UltimosModificadosDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const compacta = useIsListaCompacta();
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState<number>(BIBLIOTECA_ROWS_PER_PAGE_PADRAO);
  const lista = useUltimosModificados(page, rowsPerPage);
  const itens = lista.data?.content ?? [];
  const nome = (item: ItemBiblioteca) => (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <IconeItem item={item} />
      <Link
        component={RouterLink}
        to={pastaPath(item.pastaPai?.id)}
        onClick={onClose}
        underline="hover"
        sx={{ overflowWrap: 'anywhere', minWidth: 0 }}
      >
        <NomeItem nome={item.nome} />
      </Link>
    </Box>
  );
  const data = (item: ItemBiblioteca) =>
    formatDate(item.ultimaModificacao, locale, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <DialogoBiblioteca onClose={onClose} maxWidth="md">
      {(tituloId) => (
        <>
          <DialogTitle id={tituloId}>{translate('biblioteca.recentes.todos')}</DialogTitle>
          <DialogContent sx={{ display: 'grid', gap: 1 }}>
            {lista.isPending ? (
              <LinearProgress aria-label={translate('ra.page.loading')} />
            ) : lista.isError && !lista.data ? (
              <LoadError
                message="biblioteca.recentes.erro"
                retrying={lista.isFetching}
                onRetry={() => lista.refetch()}
              />
            ) : itens.length === 0 ? (
              <Typography>{translate('biblioteca.recentes.nenhum')}</Typography>
            ) : (
              <Table size="small" aria-labelledby={tituloId} sx={{ tableLayout: 'fixed' }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('biblioteca.colunas.nome')}</TableCell>
                    {!compacta && (
                      <>
                        <TableCell>{translate('biblioteca.colunas.pasta')}</TableCell>
                        <TableCell>{translate('biblioteca.colunas.proprietario')}</TableCell>
                        <TableCell sx={{ width: 150 }}>{translate('biblioteca.colunas.modificado')}</TableCell>
                      </>
                    )}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {itens.map((item) => (
                    <TableRow key={item.id}>
                      <TableCell>
                        {nome(item)}
                        {compacta && (
                          <Typography variant="body2" color="text.secondary" sx={{ pl: 5, overflowWrap: 'anywhere' }}>
                            {[item.pastaPai?.nome, item.proprietario?.email, data(item)].filter(Boolean).join(' · ')}
                          </Typography>
                        )}
                      </TableCell>
                      {!compacta && (
                        <>
                          <TableCell sx={{ overflowWrap: 'anywhere' }}>{item.pastaPai?.nome}</TableCell>
                          <TableCell sx={{ overflowWrap: 'anywhere' }}>{item.proprietario?.email}</TableCell>
                          <TableCell>{data(item)}</TableCell>
                        </>
                      )}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            {lista.data && lista.data.totalElements > 0 && (
              <Paginacao
                count={lista.data.totalElements}
                page={page}
                onPage={setPage}
                rowsPerPage={rowsPerPage}
                sizes={BIBLIOTECA_ROWS_PER_PAGE_OPTIONS}
                onRowsPerPage={setRowsPerPage}
              />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('ra.action.close')}</Button>
          </DialogActions>
        </>
      )}
    </DialogoBiblioteca>
  );
}
