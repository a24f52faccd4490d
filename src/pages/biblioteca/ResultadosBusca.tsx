import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import { BIBLIOTECA_ROWS_PER_PAGE_OPTIONS } from '../../../domain/biblioteca';
import { formatNumber } from '../../components/format';
import { LoadError } from '../../components/LoadError';
import { Paginacao } from '../../components/list/Paginacao';
import type { VistaItensProps } from './Grade';
import { Lista } from './Lista';
import type { ItemBiblioteca, Pagina } from './tipos';
import type { useBusca } from './useBiblioteca';

/** An empty listing or search: a title and a sentence under it. */
export function EstadoVazio({
  titulo,
  subtitulo,
  icone,
}: {
  titulo: string;
  subtitulo: string;
  icone: React.ReactNode;
}) {
  return (
    <Box sx={{ py: 6, px: 2, display: 'grid', justifyItems: 'center', gap: 1, textAlign: 'center' }}>
      {icone}
      <Typography component="h2" variant="h6">
        {titulo}
      </Typography>
      <Typography color="text.secondary">{subtitulo}</Typography>
    </Box>
  );
}

/**
 * The search's results in place of the listing: how many (the exact count), each with where it
 * matched, the snippet and its path, a page at a time (5, 10 or 15).
 */
export function ResultadosBusca({
  busca,
  resultado,
  page,
  rowsPerPage,
  onPage,
  onRowsPerPage,
  onAlternarTodos,
  ...vista
}: Omit<VistaItensProps, 'itens'> & {
  busca: string;
  resultado: ReturnType<typeof useBusca>;
  page: number;
  rowsPerPage: number;
  onPage: (page: number) => void;
  onRowsPerPage: (rows: number) => void;
  onAlternarTodos: () => void;
}) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const pagina: Pagina<ItemBiblioteca> | undefined = resultado.data;
  if (resultado.isPending) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  if (resultado.isError && !pagina) {
    return (
      <LoadError message="biblioteca.busca.erro" retrying={resultado.isFetching} onRetry={() => resultado.refetch()} />
    );
  }
  const total = pagina?.totalElements ?? 0;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1, minWidth: 0 }}>
      <Typography role="status" variant="body2" color="text.secondary">
        {total > 0 &&
          translate('biblioteca.busca.resultados', {
            smart_count: total,
            count: formatNumber(total, locale),
            busca,
          })}
      </Typography>
      {total === 0 ? (
        <EstadoVazio
          icone={<SearchOffIcon color="action" sx={{ fontSize: 48 }} />}
          titulo={translate('biblioteca.busca.nenhum', { busca })}
          subtitulo={translate('biblioteca.busca.nenhumDica')}
        />
      ) : (
        <>
          <Lista
            {...vista}
            itens={pagina?.content ?? []}
            onAlternarTodos={onAlternarTodos}
            rotulo={translate('biblioteca.secoes.resultados')}
            busca
          />
          <Paginacao
            count={total}
            page={page}
            onPage={onPage}
            rowsPerPage={rowsPerPage}
            sizes={BIBLIOTECA_ROWS_PER_PAGE_OPTIONS}
            onRowsPerPage={onRowsPerPage}
          />
        </>
      )}
    </Box>
  );
}
