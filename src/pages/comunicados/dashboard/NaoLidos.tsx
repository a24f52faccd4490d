import LinearProgress from '@mui/material/LinearProgress';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { ExportFileButtons } from '../../../components/list/ExportButtons';
import { LoadError } from '../../../components/LoadError';
import { CampoBusca } from '../../../components/list/CampoBusca';
import { Paginacao } from '../../../components/list/Paginacao';
import { useDebounced } from '../../../components/useDebounced';
import { useOperations } from '../../../components/useOperations';
import { COMUNICADOS_KEY } from '../lista/tipos';
import { Secao } from '../../../components/Secao';
import type { PaginaDestinatarios } from './tipos';

const SIZES = [10, 25, 50] as const;

/**
 * The recipients who have not read it (comunicadoNaoLidos), by name, paged and searched, with the
 * export of them all (GET /api/exportar/comunicadoNaoLidos, filter `{ id, busca }`).
 */
export function NaoLidos({ id }: { id: string }) {
  const translate = useTranslate();
  const { query } = useOperations('comunicados');
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState<number>(SIZES[0]);
  const [texto, setTexto] = useState('');
  const busca = useDebounced(texto.trim());
  // A new search starts at the first page.
  useEffect(() => setPage(0), [busca]);
  const filterInput = { page, rowsPerPage, ...(busca ? { busca } : {}) };
  const lista = useQuery({
    queryKey: [...COMUNICADOS_KEY, 'naoLidos', id, filterInput],
    queryFn: ({ signal }) => query<PaginaDestinatarios>('naoLidos', { id, filterInput }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  let conteudo;
  if (lista.isPending) conteudo = <LinearProgress aria-label={translate('ra.page.loading')} />;
  else if (!lista.data) {
    conteudo = (
      <LoadError
        message="comunicados.dashboard.erroNaoLidos"
        retrying={lista.isFetching}
        onRetry={() => lista.refetch()}
      />
    );
  } else if (lista.data.content.length === 0) {
    conteudo = (
      <Typography variant="body2" color="text.secondary">
        {translate(busca ? 'lista.empty' : 'comunicados.dashboard.todosLeram')}
      </Typography>
    );
  } else {
    conteudo = (
      <Box sx={{ overflowX: 'auto', minWidth: 0 }}>
        <Table size="small" aria-label={translate('comunicados.dashboard.naoLidosTitulo')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('comunicados.dashboard.colunas.nome')}</TableCell>
              <TableCell>{translate('comunicados.dashboard.colunas.email')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lista.data.content.map((d) => (
              <TableRow key={d.id}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{d.nome}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{d.email}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    );
  }
  return (
    <Secao
      titulo={translate('comunicados.dashboard.naoLidosTitulo')}
      acoes={
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          <ExportFileButtons name="comunicadoNaoLidos" filtro={{ id, ...(busca ? { busca } : {}) }} />
        </Box>
      }
    >
      <CampoBusca value={texto} onChange={setTexto} />
      {conteudo}
      {lista.data && lista.data.totalElements > 0 && (
        <Paginacao
          count={lista.data.totalElements}
          page={page}
          onPage={setPage}
          rowsPerPage={rowsPerPage}
          sizes={SIZES}
          onRowsPerPage={setRowsPerPage}
        />
      )}
    </Secao>
  );
}
