import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { AbaComunicados } from '../../../../domain/comunicados';
import { formatDate, formatNumber } from '../../../components/format';
import { LoadError } from '../../../components/LoadError';
import { Paginacao } from '../../../components/list/Paginacao';
import { useIsCompactList } from '../../../components/list/useIsCompactList';
import { useOperations } from '../../../components/useOperations';
import { PAGE_SIZES, useListaNaUrl } from './useListaNaUrl';
import { Filtros } from './Filtros';
import { QuickFilter } from './QuickFilter';
import {
  COMUNICADOS_KEY,
  destinoDaLinha,
  vindoDaLista,
  filterInputDe,
  filtrando,
  type ComunicadoLinha,
  type Pagina,
} from './tipos';

type AbaAutor = Exclude<AbaComunicados, 'ENTRADA' | 'ARQUIVADOS'>;

export const Enviados = () => <ListaAutor aba="ENVIADOS" />;
export const Agendados = () => <ListaAutor aba="AGENDADOS" />;
export const Rascunhos = () => <ListaAutor aba="RASCUNHOS" />;
export const Pendentes = () => <ListaAutor aba="PENDENTES_APROVACAO" />;

const COR_ESTADO: Record<string, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  RASCUNHO: 'default',
  EM_APROVACAO: 'warning',
  APROVADO: 'info',
  REJEITADO: 'error',
  AGENDADO: 'info',
  ENVIADO: 'success',
};

/** The date a row of the tab shows: sent, scheduled for, or created. */
function dataDa(linha: ComunicadoLinha, aba: AbaAutor): string | null {
  if (aba === 'AGENDADOS') return linha.dataHoraAgendamento;
  if (aba === 'ENVIADOS') return linha.envioDateTime;
  return linha.createdDateTime;
}

/**
 * The author's and approvers' tabs (comunicados: ENVIADOS, AGENDADOS, RASCUNHOS,
 * PENDENTES_APROVACAO), newest first and paged; a row opens what the viewer may do with it
 * (`acoes`): the dashboard of a sent one, the editor of a draft, the send preview otherwise.
 */
function ListaAutor({ aba }: { aba: AbaAutor }) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const compact = useIsCompactList();
  const location = useLocation();
  const { query } = useOperations('comunicados');
  const [{ page, rowsPerPage, filtro, arquivados }, mudarLista] = useListaNaUrl();
  const comArquivados = aba === 'ENVIADOS' && arquivados;
  const filterInput = {
    ...filterInputDe(filtro, aba),
    ...(comArquivados ? { arquivados: true } : {}),
    page,
    rowsPerPage,
  };
  const lista = useQuery({
    queryKey: [...COMUNICADOS_KEY, 'lista', filterInput],
    queryFn: ({ signal }) => query<Pagina<ComunicadoLinha>>('lista', { filterInput }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const linhas = lista.data?.content ?? [];
  const data = (linha: ComunicadoLinha) =>
    formatDate(dataDa(linha, aba), locale, { dateStyle: 'short', timeStyle: 'short' });
  const estado = (linha: ComunicadoLinha) => (
    <>
      <Chip size="small" color={COR_ESTADO[linha.status.id] ?? 'default'} label={linha.status.description} />
      {linha.arquivado && (
        <Chip size="small" variant="outlined" sx={{ ml: 0.5 }} label={translate('comunicados.lista.arquivado')} />
      )}
    </>
  );
  const pessoa = (linha: ComunicadoLinha) =>
    aba === 'PENDENTES_APROVACAO' || aba === 'RASCUNHOS'
      ? linha.usuarioCriador?.nome
      : linha.destinatarios != null
        ? translate('comunicados.lista.destinatarios', {
            smart_count: linha.destinatarios,
            count: formatNumber(linha.destinatarios, locale),
          })
        : // Scheduled: the audience is resolved when it goes out (the preview estimates it now).
          translate('comunicados.lista.destinatariosNoEnvio');
  const titulo = (linha: ComunicadoLinha) => (
    <Link
      component={RouterLink}
      to={destinoDaLinha(linha)}
      state={vindoDaLista(location)}
      sx={{ overflowWrap: 'anywhere' }}
    >
      {linha.titulo}
    </Link>
  );

  let conteudo;
  if (lista.isPending) conteudo = <LinearProgress aria-label={translate('ra.page.loading')} />;
  else if (lista.isError && !lista.data) {
    conteudo = (
      <LoadError message="comunicados.caixa.erroCarregar" retrying={lista.isFetching} onRetry={() => lista.refetch()} />
    );
  } else if (linhas.length === 0) {
    conteudo = (
      <Typography component="p" variant="subtitle1" sx={{ py: 4, textAlign: 'center' }}>
        {translate(filtrando(filtro) ? 'comunicados.caixa.nenhumNaBusca' : `comunicados.caixa.vazio.${aba}`)}
      </Typography>
    );
  } else if (compact) {
    conteudo = (
      <Box
        component="ul"
        aria-label={translate(`comunicados.abas.${aba}`)}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
      >
        {linhas.map((linha) => (
          <Paper
            component="li"
            key={linha.id}
            variant="outlined"
            sx={{ p: 1.5, minWidth: 0, display: 'grid', gap: 0.5 }}
          >
            {titulo(linha)}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              {estado(linha)}
              <Typography variant="body2" color="text.secondary">
                {[linha.departamento?.sigla, pessoa(linha), data(linha)].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
          </Paper>
        ))}
      </Box>
    );
  } else {
    conteudo = (
      <Table size="small" aria-label={translate(`comunicados.abas.${aba}`)}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('comunicados.caixa.colunas.titulo')}</TableCell>
            <TableCell>{translate('comunicados.lista.colunas.estado')}</TableCell>
            <TableCell>{translate('comunicados.lista.colunas.departamento')}</TableCell>
            <TableCell>
              {translate(
                aba === 'PENDENTES_APROVACAO' || aba === 'RASCUNHOS'
                  ? 'comunicados.lista.colunas.autor'
                  : 'comunicados.lista.colunas.destinatarios',
              )}
            </TableCell>
            <TableCell>{translate(`comunicados.lista.colunas.data.${aba}`)}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {linhas.map((linha) => (
            <TableRow key={linha.id} hover>
              <TableCell>
                {titulo(linha)}
                {linha.etiquetas.map((e) => (
                  <Chip key={e.id} size="small" sx={{ ml: 0.5 }} label={e.nome} />
                ))}
              </TableCell>
              <TableCell>{estado(linha)}</TableCell>
              <TableCell>{linha.departamento?.sigla}</TableCell>
              <TableCell>{pessoa(linha)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{data(linha)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Filtros inicial={filtro} onChange={(f) => mudarLista({ filtro: f, page: 0 })} departamentosDe="todos" />
      {aba === 'ENVIADOS' && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <QuickFilter
            label="comunicados.lista.incluirArquivados"
            ativo={arquivados}
            onChange={(v) => mudarLista({ arquivados: v, page: 0 })}
          />
        </Box>
      )}
      {lista.isFetching && !lista.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
      <Box sx={{ minWidth: 0, overflowX: 'auto' }}>{conteudo}</Box>
      {lista.data && lista.data.totalElements > 0 && (
        <Paginacao
          count={lista.data.totalElements}
          page={page}
          onPage={(p) => mudarLista({ page: p })}
          rowsPerPage={rowsPerPage}
          sizes={PAGE_SIZES}
          onRowsPerPage={(n) => mudarLista({ rowsPerPage: n })}
        />
      )}
    </Box>
  );
}
