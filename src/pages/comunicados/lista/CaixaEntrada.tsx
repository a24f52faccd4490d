import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import DraftsOutlinedIcon from '@mui/icons-material/DraftsOutlined';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import UnarchiveOutlinedIcon from '@mui/icons-material/UnarchiveOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { formatDate } from '../../../components/format';
import { TrechoBusca } from '../../../components/TrechoBusca';
import { LoadError } from '../../../components/LoadError';
import { Paginacao } from '../../../components/list/Paginacao';
import { useIsCompactList } from '../../../components/list/useIsCompactList';
import { useOperations } from '../../../components/useOperations';
import { visuallyHidden } from '../../../components/visuallyHidden';
import { Filtros } from './Filtros';
import { BarraSelecao, type AcaoSelecao } from '../../../components/list/BarraSelecao';
import {
  COMUNICADOS_KEY,
  filterInputDe,
  filtrando,
  visualizarPath,
  vindoDaLista,
  type ComunicadoEnvio,
  type Pagina,
} from './tipos';
import { PAGE_SIZES, useListaNaUrl, type EstadoLista } from './useListaNaUrl';
import { useAcoesEnvios, type AcaoEnvios } from './useAcoesEnvios';
import { QuickFilter } from './QuickFilter';

/** Shown from 900 px up (under it the sender goes above the title). */
const DESDE_MD = { display: { xs: 'none', md: 'table-cell' } } as const;

/** When it was sent: the time today, the date otherwise (as mail clients show it). */
export function quando(iso: string | null, locale: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  const hoje = new Date();
  return date.toDateString() === hoje.toDateString()
    ? formatDate(date, locale, { timeStyle: 'short' })
    : formatDate(date, locale, { dateStyle: 'short' });
}

/** The title as the reader sees it (a series' number first when the title does not carry it). */
const tituloDe = (envio: ComunicadoEnvio) => envio.comunicado.titulo;

/**
 * What to focus once the row of `controle` (a table row or a card) has left the list: the next row's
 * title, else the previous one's, else the selected tab.
 */
function focoDepoisDaLinha(controle: HTMLElement) {
  const linha = controle.closest('tr, li');
  const vizinha = linha?.nextElementSibling ?? linha?.previousElementSibling;
  const titulo = vizinha?.querySelector<HTMLElement>('a[href]');
  return () => {
    const alvo = titulo?.isConnected
      ? titulo
      : document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    alvo?.focus();
  };
}

/** The inbox (ENTRADA). */
export function Entrada() {
  return <CaixaEnvios aba="ENTRADA" />;
}

/** The reader's archive (ARQUIVADOS). */
export function Arquivados() {
  return <CaixaEnvios aba="ARQUIVADOS" />;
}

/**
 * The reader's deliveries of one tab, newest first and paged: unread in bold, favourite star,
 * read/unread and archive per row or for a selection (checkboxes and the selection bar). On phones
 * a one-column list of cards.
 */
function CaixaEnvios({ aba }: { aba: 'ENTRADA' | 'ARQUIVADOS' }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const [locale = 'pt-BR'] = useLocaleState();
  const compact = useIsCompactList();
  const { query } = useOperations('comunicados');
  const [{ page, rowsPerPage, filtro, naoLidos, favoritos }, mudarLista] = useListaNaUrl();
  const [selecao, setSelecao] = useState<ReadonlySet<string>>(new Set());
  const listaRef = useRef<HTMLDivElement>(null);
  const filterInput = {
    ...filterInputDe(filtro, aba),
    page,
    rowsPerPage,
    ...(naoLidos ? { naoLidos: true } : {}),
    ...(favoritos ? { favoritos: true } : {}),
  };
  const lista = useQuery({
    queryKey: [...COMUNICADOS_KEY, 'envios', filterInput],
    queryFn: ({ signal }) => query<Pagina<ComunicadoEnvio>>('envios', { filterInput }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const acoes = useAcoesEnvios(() => setSelecao(new Set()));
  // A new search or quick filter starts at the first page, with nothing selected.
  const mudar = (mudanca: Partial<EstadoLista>) => {
    mudarLista({ ...mudanca, page: 0 });
    setSelecao(new Set());
  };
  const linhas = lista.data?.content ?? [];
  const selecionadas = linhas.filter((l) => selecao.has(l.id));
  const alternar = (id: string) =>
    setSelecao((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const aplicar = (ids: string[], acao: AcaoEnvios) => acoes.mutate({ ids, acao });
  const acoesSelecao: AcaoSelecao[] = [
    {
      id: 'lido',
      label: 'comunicados.caixa.marcarLidos',
      icon: <DraftsOutlinedIcon />,
      visivel: selecionadas.some((l) => !l.lido),
      run: () => aplicar([...selecao], { tipo: 'lido', valor: true }),
    },
    {
      id: 'naoLido',
      label: 'comunicados.caixa.marcarNaoLidos',
      icon: <MarkEmailUnreadOutlinedIcon />,
      visivel: selecionadas.some((l) => l.lido),
      run: () => aplicar([...selecao], { tipo: 'lido', valor: false }),
    },
    {
      id: 'favoritar',
      label: 'comunicados.caixa.favoritar',
      icon: <StarIcon />,
      visivel: selecionadas.some((l) => !l.favorito),
      run: () => aplicar([...selecao], { tipo: 'favorito', valor: true }),
    },
    {
      id: 'desfavoritar',
      label: 'comunicados.caixa.desfavoritar',
      icon: <StarBorderIcon />,
      visivel: selecionadas.some((l) => l.favorito),
      run: () => aplicar([...selecao], { tipo: 'favorito', valor: false }),
    },
    aba === 'ENTRADA'
      ? {
          id: 'arquivar',
          label: 'comunicados.caixa.arquivar',
          icon: <ArchiveOutlinedIcon />,
          visivel: true,
          run: () => aplicar([...selecao], { tipo: 'arquivado', valor: true }),
        }
      : {
          id: 'desarquivar',
          label: 'comunicados.caixa.desarquivar',
          icon: <UnarchiveOutlinedIcon />,
          visivel: true,
          run: () => aplicar([...selecao], { tipo: 'arquivado', valor: false }),
        },
  ];

  const estrela = (envio: ComunicadoEnvio) => (
    <Tooltip title={translate(envio.favorito ? 'comunicados.caixa.desfavoritar' : 'comunicados.caixa.favoritar')}>
      <IconButton
        size="small"
        aria-pressed={envio.favorito}
        aria-label={translate('comunicados.caixa.favoritoDe', { titulo: tituloDe(envio) })}
        onClick={() => aplicar([envio.id], { tipo: 'favorito', valor: !envio.favorito })}
        sx={{ color: envio.favorito ? 'warning.main' : 'action.active' }}
      >
        {envio.favorito ? <StarIcon fontSize="small" /> : <StarBorderIcon fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
  const acoesLinha = (envio: ComunicadoEnvio) => {
    const titulo = tituloDe(envio);
    const lidoLabel = envio.lido ? 'comunicados.caixa.marcarNaoLidoDe' : 'comunicados.caixa.marcarLidoDe';
    const arquivoLabel = aba === 'ENTRADA' ? 'comunicados.caixa.arquivarDe' : 'comunicados.caixa.desarquivarDe';
    return (
      <Box sx={{ display: 'inline-flex', whiteSpace: 'nowrap' }}>
        <Tooltip title={translate(lidoLabel, { titulo })}>
          <IconButton
            size="small"
            aria-label={translate(lidoLabel, { titulo })}
            onClick={() => aplicar([envio.id], { tipo: 'lido', valor: !envio.lido })}
          >
            {envio.lido ? <MarkEmailUnreadOutlinedIcon fontSize="small" /> : <DraftsOutlinedIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
        <Tooltip title={translate(arquivoLabel, { titulo })}>
          <IconButton
            size="small"
            aria-label={translate(arquivoLabel, { titulo })}
            onClick={(event) => {
              // The row leaves this tab: the focus goes on to its neighbour, not back to the page.
              const depois = focoDepoisDaLinha(event.currentTarget);
              acoes.mutate(
                { ids: [envio.id], acao: { tipo: 'arquivado', valor: aba === 'ENTRADA' } },
                { onSuccess: depois },
              );
            }}
          >
            {aba === 'ENTRADA' ? <ArchiveOutlinedIcon fontSize="small" /> : <UnarchiveOutlinedIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
      </Box>
    );
  };
  // A click anywhere on a row opens it, as in a mail client; its controls keep their own clicks
  // (the keyboard reaches the title's link).
  const abrirPelaLinha = (envio: ComunicadoEnvio) => (event: React.MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('a, button, input, label')) return;
    void navigate(visualizarPath(envio.comunicado.id), { state: vindoDaLista(location) });
  };
  const marcador = (envio: ComunicadoEnvio) => (
    <Checkbox
      size="small"
      checked={selecao.has(envio.id)}
      onChange={() => alternar(envio.id)}
      slotProps={{ input: { 'aria-label': translate('comunicados.caixa.selecionar', { titulo: tituloDe(envio) }) } }}
    />
  );
  const titulo = (envio: ComunicadoEnvio, extra?: ReactNode) => (
    <Box sx={{ minWidth: 0 }}>
      <Link
        component={RouterLink}
        to={visualizarPath(envio.comunicado.id)}
        state={vindoDaLista(location)}
        underline="hover"
        color="inherit"
        sx={{ fontWeight: envio.lido ? 400 : 700, overflowWrap: 'anywhere' }}
      >
        {!envio.lido && (
          <Box component="span" sx={visuallyHidden}>
            {translate('comunicados.caixa.naoLido')}:{' '}
          </Box>
        )}
        {tituloDe(envio)}
      </Link>
      {envio.comunicado.arquivos.length > 0 && (
        <AttachFileIcon
          fontSize="inherit"
          titleAccess={translate('comunicados.caixa.temAnexos')}
          sx={{ ml: 0.5, verticalAlign: 'middle', color: 'text.secondary' }}
        />
      )}
      {/* An erratum has its original's title: said, or the two rows look alike. */}
      {envio.comunicado.idParent && (
        <Chip
          size="small"
          variant="outlined"
          // The darker shade: info.main on an unread row's shading is under 4.5:1 (4.05 seen).
          sx={{ ml: 1, color: 'info.dark', borderColor: 'info.dark' }}
          label={translate('comunicados.caixa.errata')}
        />
      )}
      {envio.comunicado.exigeConfirmacao && !envio.confirmado && (
        <Chip
          size="small"
          color="warning"
          // A state, not a button: no outline, an hourglass; the darker shade (warning.main on an unread
          // row's shading is under 4.5:1, 4.24 seen).
          icon={<HourglassEmptyIcon />}
          sx={{ ml: 1, color: 'warning.dark', bgcolor: 'transparent', '& .MuiChip-icon': { color: 'warning.dark' } }}
          label={translate('comunicados.caixa.confirmacaoPendente')}
        />
      )}
      {envio.comunicado.etiquetas.map((e) => (
        <Chip key={e.id} size="small" sx={{ ml: 0.5 }} label={e.nome} />
      ))}
      {extra}
      {/* Searching: where the message matched. */}
      <TrechoBusca partes={envio.trecho} />
    </Box>
  );

  let conteudo;
  if (lista.isPending) conteudo = <LinearProgress aria-label={translate('ra.page.loading')} />;
  else if (lista.isError && !lista.data) {
    conteudo = (
      <LoadError message="comunicados.caixa.erroCarregar" retrying={lista.isFetching} onRetry={() => lista.refetch()} />
    );
  } else if (linhas.length === 0) {
    conteudo = (
      <Box sx={{ py: 4, textAlign: 'center' }}>
        <Typography component="p" variant="subtitle1">
          {translate(
            filtrando(filtro, naoLidos, favoritos)
              ? 'comunicados.caixa.nenhumNaBusca'
              : `comunicados.caixa.vazio.${aba}`,
          )}
        </Typography>
      </Box>
    );
  } else if (compact) {
    conteudo = (
      <Box
        component="ul"
        aria-label={translate(`comunicados.abas.${aba}`)}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
      >
        {linhas.map((envio) => (
          <Paper
            component="li"
            key={envio.id}
            variant="outlined"
            onClick={abrirPelaLinha(envio)}
            sx={{
              cursor: 'pointer',
              p: 1,
              display: 'flex',
              gap: 0.5,
              alignItems: 'flex-start',
              minWidth: 0,
              bgcolor: envio.lido ? undefined : 'action.hover',
            }}
          >
            {marcador(envio)}
            <Box sx={{ flex: 1, minWidth: 0, pt: 1 }}>
              {titulo(envio)}
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {[
                  envio.comunicado.departamento?.sigla,
                  envio.comunicado.usuarioCriador?.nome,
                  quando(envio.comunicado.envioDateTime, locale),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', ml: -1 }}>
                {estrela(envio)}
                {acoesLinha(envio)}
              </Box>
            </Box>
          </Paper>
        ))}
      </Box>
    );
  } else {
    const todas = linhas.every((l) => selecao.has(l.id));
    conteudo = (
      <Table size="small" aria-label={translate(`comunicados.abas.${aba}`)} sx={{ tableLayout: 'fixed' }}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                size="small"
                checked={todas}
                indeterminate={!todas && selecionadas.length > 0}
                onChange={() => setSelecao(todas ? new Set() : new Set(linhas.map((l) => l.id)))}
                slotProps={{ input: { 'aria-label': translate('comunicados.caixa.selecionarPagina') } }}
              />
            </TableCell>
            <TableCell padding="checkbox">
              <Box component="span" sx={visuallyHidden}>
                {translate('comunicados.caixa.colunas.favorito')}
              </Box>
            </TableCell>
            <TableCell sx={{ ...DESDE_MD, width: { md: 180, lg: 220 } }}>
              {translate('comunicados.caixa.colunas.remetente')}
            </TableCell>
            <TableCell>{translate('comunicados.caixa.colunas.titulo')}</TableCell>
            <TableCell sx={{ width: 96 }}>{translate('comunicados.caixa.colunas.data')}</TableCell>
            <TableCell sx={{ width: 88 }}>
              <Box component="span" sx={visuallyHidden}>
                {translate('lista.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {linhas.map((envio) => (
            <TableRow
              key={envio.id}
              hover
              selected={selecao.has(envio.id)}
              onClick={abrirPelaLinha(envio)}
              sx={{ bgcolor: envio.lido ? undefined : 'action.hover', cursor: 'pointer' }}
            >
              <TableCell padding="checkbox">{marcador(envio)}</TableCell>
              <TableCell padding="checkbox">{estrela(envio)}</TableCell>
              <TableCell
                sx={{
                  ...DESDE_MD,
                  fontWeight: envio.lido ? 400 : 700,
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
              >
                {/* The department's code apart from the sender's name ("COM Marina" read as one name). */}
                {envio.comunicado.departamento?.sigla && (
                  <>
                    <Box component="abbr" title={envio.comunicado.departamento.nome} sx={{ textDecoration: 'none' }}>
                      {envio.comunicado.departamento.sigla}
                    </Box>
                    {envio.comunicado.usuarioCriador && ' · '}
                  </>
                )}
                {envio.comunicado.usuarioCriador?.nome}
              </TableCell>
              <TableCell>
                {/* Under 900 px the sender goes above the title, as in a mail client's narrow list. */}
                <Typography
                  variant="body2"
                  sx={{ display: { md: 'none' }, fontWeight: envio.lido ? 400 : 700, overflowWrap: 'anywhere' }}
                >
                  {[envio.comunicado.departamento?.sigla, envio.comunicado.usuarioCriador?.nome]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
                {titulo(envio)}
              </TableCell>
              <TableCell sx={{ fontWeight: envio.lido ? 400 : 700, whiteSpace: 'nowrap' }}>
                <time dateTime={envio.comunicado.envioDateTime ?? undefined}>
                  {quando(envio.comunicado.envioDateTime, locale)}
                </time>
              </TableCell>
              <TableCell>{acoesLinha(envio)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Filtros inicial={filtro} onChange={(f) => mudar({ filtro: f })} departamentosDe="recebidos" />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <QuickFilter
          label="comunicados.caixa.somenteNaoLidos"
          ativo={naoLidos}
          onChange={(v) => mudar({ naoLidos: v })}
        />
        <QuickFilter
          label="comunicados.caixa.somenteFavoritos"
          ativo={favoritos}
          onChange={(v) => mudar({ favoritos: v })}
        />
      </Box>
      {selecao.size > 0 && (
        <BarraSelecao
          quantidade={selecao.size}
          acoes={acoesSelecao}
          ocupado={acoes.isPending}
          onLimpar={() => setSelecao(new Set())}
          onSelecionarTodas={compact ? () => setSelecao(new Set(linhas.map((l) => l.id))) : undefined}
          focoAoSair={listaRef}
        />
      )}
      {lista.isFetching && !lista.isPending && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {/* Where the focus goes when the selection bar goes with it: the list it acted on. */}
      <Box ref={listaRef} tabIndex={-1} sx={{ minWidth: 0, '&:focus:not(:focus-visible)': { outline: 'none' } }}>
        {conteudo}
      </Box>
      {lista.data && lista.data.totalElements > 0 && (
        <Paginacao
          count={lista.data.totalElements}
          page={page}
          onPage={(p) => {
            mudarLista({ page: p });
            setSelecao(new Set());
          }}
          rowsPerPage={rowsPerPage}
          sizes={PAGE_SIZES}
          onRowsPerPage={(n) => mudarLista({ rowsPerPage: n })}
        />
      )}
    </Box>
  );
}
