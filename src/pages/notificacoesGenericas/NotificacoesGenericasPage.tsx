import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useLocaleState, usePermissions, useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { allows, policies } from '../../../domain/policies';
import { isTipoNotificacaoGenerica, type TipoNotificacaoGenerica } from '../../../domain/schemas/notificacaoGenerica';
import { ROWS_PER_PAGE_OPTIONS } from '../../../domain/schemas/lista';
import type { PortalPermissions } from '../../../providers/authProvider';
import { formatDate } from '../../components/format';
import { LoadError } from '../../components/LoadError';
import { useDebounced } from '../../components/useDebounced';
import { editarPath, novaPath, type NotificacaoGenerica } from './notificacaoGenerica';
import { CampoBusca } from '../../components/list/CampoBusca';
import { Paginacao } from '../../components/list/Paginacao';

const TIPOS: TipoNotificacaoGenerica[] = ['modelo', 'comModelo'];
/** Columns shown from 768 px up only; under it the title and status carry the row. */
const WIDE = { display: { xs: 'none', md: 'table-cell' } } as const;

/**
 * /notificacoesGenericas: models and generic notifications in two tabs (the tab is in the address,
 * ?tipo=modelo), newest first, searched by title, paged; a title opens the record.
 */
export default function NotificacoesGenericasPage() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const tipoParam = params.get('tipo');
  const tipo: TipoNotificacaoGenerica = isTipoNotificacaoGenerica(tipoParam) ? tipoParam : 'comModelo';
  const { permissions } = usePermissions<PortalPermissions | null>();
  const canCreate = tipo === 'comModelo' || allows(permissions ?? null, policies.notificacoesGenericas.modelo);
  const title = translate('routes.notificacoesGenericas');
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2, minWidth: 0 }}>
      <Title title={title} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {canCreate && (
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={novaPath(tipo)}>
            {translate(`notificacoesGenericas.novo.${tipo}`)}
          </Button>
        )}
      </Box>
      <Tabs
        value={tipo}
        onChange={(_e, value: TipoNotificacaoGenerica) => setParams({ tipo: value }, { replace: true })}
        aria-label={title}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {TIPOS.map((t) => (
          <Tab
            key={t}
            value={t}
            id={`aba-${t}`}
            aria-controls={`painel-${t}`}
            label={translate(`notificacoesGenericas.abas.${t}`)}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`painel-${tipo}`} aria-labelledby={`aba-${tipo}`} sx={{ minWidth: 0 }}>
        <Lista key={tipo} tipo={tipo} />
      </Box>
    </Box>
  );
}

function Lista({ tipo }: { tipo: TipoNotificacaoGenerica }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const [busca, setBusca] = useState('');
  const q = useDebounced(busca.trim());
  const list = useQuery({
    queryKey: ['notificacoesGenericas', 'getList', { tipo, page, perPage, q }],
    queryFn: () =>
      dataProvider.getList<NotificacaoGenerica>('notificacoesGenericas', {
        pagination: { page: page + 1, perPage },
        sort: { field: 'createdAt', order: 'DESC' },
        filter: { tipo, ...(q ? { q } : {}) },
      }),
    placeholderData: keepPreviousData,
  });
  const quando = (n: NotificacaoGenerica) => {
    const data = n.enviadaEm ?? n.dataHoraAgendamento;
    return data ? formatDate(data, locale, { dateStyle: 'short', timeStyle: 'short' }) : '';
  };
  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <CampoBusca
        value={busca}
        onChange={(texto) => {
          setBusca(texto);
          setPage(0);
        }}
      />
      {list.isFetching && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {list.error ? (
        <LoadError message="lista.loadError" retrying={list.isFetching} onRetry={() => list.refetch()} />
      ) : list.data && list.data.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {translate(`notificacoesGenericas.vazia.${tipo}`)}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('notificacoesGenericas.colunas.titulo')}</TableCell>
                {tipo === 'comModelo' && <TableCell>{translate('notificacoesGenericas.colunas.estado')}</TableCell>}
                {tipo === 'comModelo' && (
                  <TableCell sx={WIDE}>{translate('notificacoesGenericas.colunas.envio')}</TableCell>
                )}
                {tipo === 'comModelo' && (
                  <TableCell sx={WIDE} align="right">
                    {translate('notificacoesGenericas.colunas.destinatarios')}
                  </TableCell>
                )}
                <TableCell sx={WIDE} align="right">
                  {translate('notificacoesGenericas.colunas.versoes')}
                </TableCell>
                <TableCell sx={WIDE}>{translate('notificacoesGenericas.colunas.autor')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(list.data?.data ?? []).map((n) => (
                <TableRow key={n.id} hover>
                  <TableCell>
                    <Link component={RouterLink} to={editarPath(n.tipo, n.id)}>
                      {n.titulo}
                    </Link>
                  </TableCell>
                  {tipo === 'comModelo' && (
                    <TableCell>
                      <Chip
                        size="small"
                        color={n.estado === 'enviada' ? 'success' : n.estado === 'agendada' ? 'info' : 'default'}
                        variant={n.estado === 'rascunho' ? 'outlined' : 'filled'}
                        label={translate(`notificacoesGenericas.estados.${n.estado}`)}
                      />
                    </TableCell>
                  )}
                  {tipo === 'comModelo' && <TableCell sx={WIDE}>{quando(n)}</TableCell>}
                  {tipo === 'comModelo' && (
                    <TableCell sx={WIDE} align="right">
                      {n.destinatarios ?? ''}
                    </TableCell>
                  )}
                  <TableCell sx={WIDE} align="right">
                    {n.totalVersoes}
                  </TableCell>
                  <TableCell sx={WIDE}>{n.autor?.nome ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {list.data && (list.data.total ?? 0) > 0 && (
        <Paginacao
          count={list.data.total ?? 0}
          page={page}
          onPage={setPage}
          rowsPerPage={perPage}
          sizes={ROWS_PER_PAGE_OPTIONS}
          onRowsPerPage={setPerPage}
        />
      )}
    </Box>
  );
}
