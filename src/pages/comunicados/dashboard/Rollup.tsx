import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { BarChart } from '../../../components/charts';
import { Paginacao } from '../../../components/list/Paginacao';
import { formatNumber, percentual } from '../../../components/format';
import { LoadError } from '../../../components/LoadError';
import { useOperations } from '../../../components/useOperations';
import { COMUNICADOS_KEY } from '../lista/tipos';
import { Secao } from '../../../components/Secao';
import { NIVEIS, ordenarRollup, type ColunaRollup, type LinhaRollup, type Nivel, type Ordem } from './tipos';

/** The chart shows this many rows, least read first (the table has them all, a page at a time). */
const BARRAS_MAX = 15;
/**
 * Rows of the table on a page: a national announcement's dealer level has ~5,000 rows, which as one
 * table took the browser seconds to lay out; all of them are still sorted together.
 */
export const ROLLUP_POR_PAGINA = 25;
const DESDE_SM = { display: { xs: 'none', sm: 'table-cell' } } as const;
// The name column takes what the figures leave (a long dealer name wraps between words, never
// inside one, on a phone); the figures keep to one line.
const NOME = { width: '100%' } as const;
const NUMERO = { whiteSpace: 'nowrap' } as const;
const NUMERO_DESDE_SM = { ...NUMERO, ...DESDE_SM } as const;
const MENOS_LIDOS: Ordem = { coluna: 'taxaLeitura', direcao: 'asc' };

/**
 * The read rate rolled up by brand, dealer group or dealer (comunicadoDashboardRollup): a bar
 * chart of the least read and a table sortable by every column (least read first at start).
 */
export function Rollup({ id, exigeConfirmacao }: { id: string; exigeConfirmacao: boolean }) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const { query } = useOperations('comunicados');
  const [nivel, setNivel] = useState<Nivel>('MARCA');
  const [ordem, setOrdemDaTabela] = useState<Ordem>(MENOS_LIDOS);
  const [pagina, setPagina] = useState(0);
  // A new order starts again at the first page.
  const setOrdem: typeof setOrdemDaTabela = (next) => {
    setOrdemDaTabela(next);
    setPagina(0);
  };
  const rollup = useQuery({
    queryKey: [...COMUNICADOS_KEY, 'rollup', id, nivel],
    queryFn: ({ signal }) => query<LinhaRollup[]>('rollup', { id, nivel }, { signal }),
    retry: false,
  });
  // On phones: name, reads and rate (recipients and confirmations from 600 px up).
  const colunas: { id: ColunaRollup; numero: boolean; sx?: object }[] = [
    { id: 'nome', numero: false, sx: NOME },
    { id: 'destinatarios', numero: true, sx: DESDE_SM },
    { id: 'lidos', numero: true },
    ...(exigeConfirmacao ? [{ id: 'confirmados' as const, numero: true, sx: DESDE_SM }] : []),
    { id: 'taxaLeitura', numero: true },
  ];
  const ordenar = (coluna: ColunaRollup) =>
    setOrdem((o) =>
      o.coluna === coluna ? { coluna, direcao: o.direcao === 'asc' ? 'desc' : 'asc' } : { coluna, direcao: 'asc' },
    );
  const titulo = translate('comunicados.dashboard.rollup');
  const nomeNivel = translate(`comunicados.dashboard.niveis.${nivel}`);
  let conteudo;
  if (rollup.isPending) conteudo = <LinearProgress aria-label={translate('ra.page.loading')} />;
  else if (!rollup.data) {
    conteudo = (
      <LoadError
        message="comunicados.dashboard.erroRollup"
        retrying={rollup.isFetching}
        onRetry={() => rollup.refetch()}
      />
    );
  } else if (rollup.data.length === 0) {
    conteudo = (
      <Typography variant="body2" color="text.secondary">
        {translate('comunicados.dashboard.rollupVazio')}
      </Typography>
    );
  } else {
    const linhas = ordenarRollup(rollup.data, ordem, locale);
    // A refetch with fewer rows (a reminder, a new read) keeps the page within the rows.
    const paginaVisivel = Math.min(pagina, Math.ceil(linhas.length / ROLLUP_POR_PAGINA) - 1);
    const menos = ordenarRollup(rollup.data, MENOS_LIDOS, locale).slice(0, BARRAS_MAX);
    conteudo = (
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: '1fr',
          alignItems: 'start',
          minWidth: 0,
        }}
      >
        <BarChart
          titulo={translate('comunicados.dashboard.rollupGrafico', { nivel: nomeNivel })}
          descricao={translate('comunicados.dashboard.rollupDescricao', {
            nome: menos[0].nome,
            taxa: percentual(menos[0].taxaLeitura, locale),
          })}
          dados={menos.map((l) => ({ id: l.id, nome: l.nome, valor: l.taxaLeitura }))}
          formatar={(v) => percentual(v, locale)}
        />
        <Box sx={{ overflowX: 'auto', minWidth: 0 }}>
          <Table size="small" aria-label={translate('comunicados.dashboard.rollupTabela', { nivel: nomeNivel })}>
            <TableHead>
              <TableRow>
                {colunas.map((c) => (
                  <TableCell
                    key={c.id}
                    align={c.numero ? 'right' : 'left'}
                    sx={c.sx}
                    sortDirection={ordem.coluna === c.id ? ordem.direcao : false}
                  >
                    <TableSortLabel
                      active={ordem.coluna === c.id}
                      direction={ordem.coluna === c.id ? ordem.direcao : 'asc'}
                      onClick={() => ordenar(c.id)}
                    >
                      {c.id === 'nome' ? nomeNivel : translate(`comunicados.dashboard.colunas.${c.id}`)}
                    </TableSortLabel>
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {linhas.slice(paginaVisivel * ROLLUP_POR_PAGINA, (paginaVisivel + 1) * ROLLUP_POR_PAGINA).map((l) => (
                <TableRow key={l.id}>
                  <TableCell sx={{ overflowWrap: 'break-word' }}>{l.nome}</TableCell>
                  <TableCell align="right" sx={NUMERO_DESDE_SM}>
                    {formatNumber(l.destinatarios, locale)}
                  </TableCell>
                  <TableCell align="right" sx={NUMERO}>
                    {formatNumber(l.lidos, locale)}
                  </TableCell>
                  {exigeConfirmacao && (
                    <TableCell align="right" sx={NUMERO_DESDE_SM}>
                      {formatNumber(l.confirmados, locale)}
                    </TableCell>
                  )}
                  <TableCell align="right" sx={NUMERO}>
                    {percentual(l.taxaLeitura, locale)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {linhas.length > ROLLUP_POR_PAGINA && (
            <Paginacao count={linhas.length} page={paginaVisivel} onPage={setPagina} rowsPerPage={ROLLUP_POR_PAGINA} />
          )}
        </Box>
      </Box>
    );
  }
  return (
    <Secao titulo={titulo}>
      <Tabs
        value={nivel}
        onChange={(_e, v: Nivel) => {
          setNivel(v);
          setOrdem(MENOS_LIDOS);
        }}
        aria-label={translate('comunicados.dashboard.nivel')}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {NIVEIS.map((n) => (
          <Tab key={n} value={n} label={translate(`comunicados.dashboard.niveis.${n}`)} />
        ))}
      </Tabs>
      {conteudo}
    </Secao>
  );
}
