import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { StatusEmailComunicado } from '../../../../domain/comunicados';
import { formatDate, formatNumber } from '../../../components/format';
import { CaixaRolavel } from '../../../components/CaixaRolavel';
import { LoadError } from '../../../components/LoadError';
import { Paginacao } from '../../../components/list/Paginacao';
import { useOperations } from '../../../components/useOperations';
import { COMUNICADOS_KEY, type Pagina } from '../lista/tipos';
import { QuickFilter } from '../lista/QuickFilter';
import { Secao } from '../../../components/Secao';
import type { ComunicadoDashboard, EmailEnvio } from './tipos';

const COR: Record<string, 'default' | 'success' | 'error'> = { FILA: 'default', ENVIADO: 'success', FALHOU: 'error' };

/** The e-mails of the send: counts by status, and the list (failed ones first to look at), paged. */
export function EmailsEnvio({ id, resumo }: { id: string; resumo: ComunicadoDashboard['emails'] }) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const { query } = useOperations('comunicados');
  const [status, setStatus] = useState<StatusEmailComunicado | null>(resumo.falhas > 0 ? 'FALHOU' : null);
  const [page, setPage] = useState(0);
  const filterInput = { page, rowsPerPage: 10, ...(status ? { status } : {}) };
  const total = resumo.fila + resumo.enviados + resumo.falhas;
  const lista = useQuery({
    queryKey: [...COMUNICADOS_KEY, 'emails', id, filterInput],
    queryFn: ({ signal }) => query<Pagina<EmailEnvio>>('emails', { id, filterInput }, { signal }),
    placeholderData: keepPreviousData,
    enabled: total > 0,
    retry: false,
  });
  const contagens: [StatusEmailComunicado, number][] = [
    ['ENVIADO', resumo.enviados],
    ['FILA', resumo.fila],
    ['FALHOU', resumo.falhas],
  ];
  return (
    <Secao titulo={translate('comunicados.dashboard.emails')}>
      {total === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('comunicados.dashboard.semEmails')}
        </Typography>
      ) : (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {contagens.map(([s, n]) => (
              <QuickFilter
                key={s}
                label={`comunicados.dashboard.emailsStatus.${s}`}
                args={{ n: formatNumber(n, locale) }}
                ativo={status === s}
                onChange={(ativo) => {
                  setStatus(ativo ? s : null);
                  setPage(0);
                }}
              />
            ))}
          </Box>
          {lista.isPending ? (
            <LinearProgress aria-label={translate('ra.page.loading')} />
          ) : !lista.data ? (
            <LoadError
              message="comunicados.dashboard.erroEmails"
              retrying={lista.isFetching}
              onRetry={() => lista.refetch()}
            />
          ) : (
            <>
              <CaixaRolavel rotulo={translate('comunicados.dashboard.emails')}>
                <Table size="small" aria-label={translate('comunicados.dashboard.emails')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate('comunicados.dashboard.colunas.email')}</TableCell>
                      <TableCell>{translate('comunicados.dashboard.colunas.status')}</TableCell>
                      <TableCell>{translate('comunicados.dashboard.colunas.enviadoEm')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {lista.data.content.map((e) => (
                      <TableRow key={e.email}>
                        <TableCell sx={{ overflowWrap: 'anywhere', minWidth: '10rem' }}>{e.email}</TableCell>
                        <TableCell>
                          {e.status && (
                            <Chip
                              size="small"
                              color={COR[e.status.name] ?? 'default'}
                              label={e.status.descricao}
                              sx={{
                                maxWidth: '100%',
                                height: 'auto',
                                '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
                              }}
                            />
                          )}
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {formatDate(e.enviadoEm, locale, { dateStyle: 'short', timeStyle: 'short' })}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </CaixaRolavel>
              <Paginacao count={lista.data.totalElements} page={page} onPage={setPage} rowsPerPage={10} />
            </>
          )}
        </>
      )}
    </Secao>
  );
}
