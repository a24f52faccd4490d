import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useOperations } from '../../components/useOperations';
import { formatNumber } from '../../components/format';
import { LoadError } from '../../components/LoadError';
import { useIsCompactList } from '../../components/list/useIsCompactList';
import { ERROS_PER_PAGE, type ErroCelula, type Importacao, type LinhaErroPage } from './importacao';
import { Paginacao } from '../../components/list/Paginacao';

const t = (key: string) => `importarUsuarios.pagina.${key}`;

/** A column as the sheet shows it: `H · Dealers (CNPJ)`; empty for an error of the whole row. */
const colunaDe = (e: ErroCelula) => [e.letra, e.coluna].filter(Boolean).join(' · ');

/**
 * The failed rows of one import (errosImportacao), ten at a time, in sheet order: the row's
 * number as in the sheet, the column (letters and header) and the message of each error. A
 * table from 768 px, a list of blocks below.
 */
export function ImportacaoErros({ importacao, id }: { importacao: Importacao; id: string }) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const compact = useIsCompactList();
  const [page, setPage] = useState(0);
  const { query } = useOperations('importarUsuarios');
  const erros = useQuery<LinhaErroPage, Error, LinhaErroPage, (string | number)[]>({
    queryKey: ['importarUsuarios', 'erros', importacao.id, importacao.erros, page],
    queryFn: ({ signal }) =>
      query<LinhaErroPage>(
        'erros',
        { id: importacao.id, filterInput: { page, rowsPerPage: ERROS_PER_PAGE } },
        { signal },
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const titulo = translate(t('errosDe'), { nome: importacao.fileName });
  const linha = (n: number) => translate(t('linhaN'), { linha: formatNumber(n, locale) });

  let body;
  if (erros.isPending) body = <LinearProgress aria-label={translate('ra.page.loading')} />;
  else if (!erros.data)
    body = <LoadError message={t('erroCarregarErros')} retrying={erros.isFetching} onRetry={() => erros.refetch()} />;
  else if (compact) {
    body = (
      <List disablePadding aria-label={titulo}>
        {erros.data.content.map((r) => (
          <ListItem key={r.linha} divider sx={{ display: 'grid', gap: 0.5, px: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {linha(r.linha)}
            </Typography>
            {r.erros.map((e, index) => (
              <Typography key={index} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {colunaDe(e) && (
                  <Box component="span" sx={{ fontWeight: 600 }}>
                    {colunaDe(e)}:{' '}
                  </Box>
                )}
                {e.mensagem}
              </Typography>
            ))}
          </ListItem>
        ))}
      </List>
    );
  } else {
    body = (
      <Table size="small" aria-label={titulo}>
        <TableHead>
          <TableRow>
            <TableCell>{translate(t('linha'))}</TableCell>
            <TableCell>{translate(t('coluna'))}</TableCell>
            <TableCell>{translate(t('mensagem'))}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {erros.data.content.flatMap((r) =>
            r.erros.map((e, index) => (
              <TableRow key={`${r.linha}-${index}`} sx={{ verticalAlign: 'top' }}>
                {index === 0 && (
                  <TableCell rowSpan={r.erros.length} component="th" scope="row">
                    {formatNumber(r.linha, locale)}
                  </TableCell>
                )}
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{colunaDe(e)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{e.mensagem}</TableCell>
              </TableRow>
            )),
          )}
        </TableBody>
      </Table>
    );
  }

  return (
    <Box id={id} component="section" aria-labelledby={`${id}-titulo`} sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography id={`${id}-titulo`} variant="subtitle2" component="h3">
        {titulo}
      </Typography>
      {body}
      {erros.data && erros.data.totalElements > ERROS_PER_PAGE && (
        <Paginacao count={erros.data.totalElements} page={page} onPage={setPage} rowsPerPage={ERROS_PER_PAGE} />
      )}
    </Box>
  );
}
