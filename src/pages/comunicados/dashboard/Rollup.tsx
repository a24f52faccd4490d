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
import { useEffect, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { BarChart } from '../../../components/charts';
import { CaixaRolavel } from '../../../components/CaixaRolavel';
import { CampoBusca } from '../../../components/list/CampoBusca';
import { Paginacao } from '../../../components/list/Paginacao';
import { formatNumber, percentual } from '../../../components/format';
import { LoadError } from '../../../components/LoadError';
import { useDebounced } from '../../../components/useDebounced';
import { useOperations } from '../../../components/useOperations';
import { COMUNICADOS_KEY } from '../lista/tipos';
import { Secao } from '../../../components/Secao';
import { NIVEIS, type ColunaRollup, type Nivel, type Ordem, type PaginaRollup } from './tipos';

/**
 * Rows of the table on a page. A national announcement's dealer level has ~5,000 rows: the server
 * sorts, searches and pages them (and sends the chart's least read apart).
 */
export const ROLLUP_POR_PAGINA = 25;
// The name column takes what the figures leave (a long dealer name wraps between words, never
// inside one); the figures keep to one line; on a phone the table scrolls in its box, every column kept.
const NOME = { width: '100%', minWidth: '9rem' } as const;
// The figures' columns keep half the usual side padding: with MUI's 16 px a side, a tablet's width
// (768 px) left the read rate, the last column, cut at the box's edge.
const NUMERO = { whiteSpace: 'nowrap', px: 1 } as const;
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
  const [texto, setTexto] = useState('');
  const busca = useDebounced(texto.trim());
  // A new order or search starts again at the first page.
  const setOrdem: typeof setOrdemDaTabela = (next) => {
    setOrdemDaTabela(next);
    setPagina(0);
  };
  useEffect(() => setPagina(0), [busca]);
  const filterInput = {
    page: pagina,
    rowsPerPage: ROLLUP_POR_PAGINA,
    sort: { field: ordem.coluna, order: ordem.direcao === 'asc' ? 'ASC' : 'DESC' },
    ...(busca ? { busca } : {}),
  };
  const rollup = useQuery({
    queryKey: [...COMUNICADOS_KEY, 'rollup', id, nivel, filterInput],
    queryFn: ({ signal }) => query<PaginaRollup>('rollup', { id, nivel, filterInput }, { signal }),
    // The rows shown stay while the next page, order or search loads; another level starts empty.
    placeholderData: (anterior, consulta) => (consulta?.queryKey.at(-2) === nivel ? anterior : undefined),
    retry: false,
  });
  // A refetch with fewer rows (a reminder, a new read) keeps the page within the rows.
  const total = rollup.data?.totalElements ?? 0;
  const ultimaPagina = Math.max(0, Math.ceil(total / ROLLUP_POR_PAGINA) - 1);
  useEffect(() => {
    if (rollup.data && pagina > ultimaPagina) setPagina(ultimaPagina);
  }, [rollup.data, pagina, ultimaPagina]);
  const colunas: { id: ColunaRollup; numero: boolean; sx?: object }[] = [
    { id: 'nome', numero: false, sx: NOME },
    // Their headers keep to one line too: beside the name's 100% they wrapped ("Taxa de / leitura").
    { id: 'destinatarios', numero: true, sx: NUMERO },
    { id: 'lidos', numero: true, sx: NUMERO },
    ...(exigeConfirmacao ? [{ id: 'confirmados' as const, numero: true, sx: NUMERO }] : []),
    { id: 'taxaLeitura', numero: true, sx: NUMERO },
  ];
  const ordenar = (coluna: ColunaRollup) =>
    setOrdem((o) =>
      o.coluna === coluna ? { coluna, direcao: o.direcao === 'asc' ? 'desc' : 'asc' } : { coluna, direcao: 'asc' },
    );
  const titulo = translate('comunicados.dashboard.rollup');
  const nomeNivel = translate(`comunicados.dashboard.niveisNaFrase.${nivel}`);
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
  } else if (rollup.data.menosLidos.length === 0) {
    conteudo = (
      <Typography variant="body2" color="text.secondary">
        {translate('comunicados.dashboard.rollupVazio')}
      </Typography>
    );
  } else {
    const { content: linhas, menosLidos: menos } = rollup.data;
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
        <CampoBusca label={translate('comunicados.dashboard.rollupBusca')} value={texto} onChange={setTexto} />
        <CaixaRolavel rotulo={translate('comunicados.dashboard.rollupTabela', { nivel: nomeNivel })}>
          {/* Busy while another page, order or search loads over the rows shown (placeholderData). */}
          <Table
            size="small"
            aria-label={translate('comunicados.dashboard.rollupTabela', { nivel: nomeNivel })}
            aria-busy={rollup.isPlaceholderData}
          >
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
                      {c.id === 'nome'
                        ? translate(`comunicados.dashboard.niveis.${nivel}`)
                        : translate(`comunicados.dashboard.colunas.${c.id}`)}
                    </TableSortLabel>
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {linhas.map((l) => (
                <TableRow key={l.id}>
                  <TableCell sx={{ overflowWrap: 'break-word' }}>{l.nome}</TableCell>
                  <TableCell align="right" sx={NUMERO}>
                    {formatNumber(l.destinatarios, locale)}
                  </TableCell>
                  <TableCell align="right" sx={NUMERO}>
                    {formatNumber(l.lidos, locale)}
                  </TableCell>
                  {exigeConfirmacao && (
                    <TableCell align="right" sx={NUMERO}>
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
        </CaixaRolavel>
        {total === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
            {translate('lista.empty')}
          </Typography>
        )}
        {total > ROLLUP_POR_PAGINA && (
          <Paginacao
            count={total}
            page={Math.min(pagina, ultimaPagina)}
            onPage={setPagina}
            rowsPerPage={ROLLUP_POR_PAGINA}
          />
        )}
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
          setTexto('');
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
