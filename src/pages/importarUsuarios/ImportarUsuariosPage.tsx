import DownloadIcon from '@mui/icons-material/Download';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { LoadError } from '../../components/LoadError';
import { useOperations } from '../../components/useOperations';
import { modeloHref, pollInterval, STATUS_PER_PAGE, type ImportacaoPage } from './importacao';
import { ImportacaoStatusTable } from './ImportacaoStatus';
import { ImportacaoUpload } from './ImportacaoUpload';
import { Paginacao } from '../../components/list/Paginacao';

const t = (key: string) => `importarUsuarios.pagina.${key}`;
export const IMPORT_STATUS_KEY = ['importarUsuarios', 'status'];

/** The caller's imports, newest first, one page: every 30 s, every 5 s while one shown is queued or running. */
function useImportStatus(page: number) {
  const { query } = useOperations('importarUsuarios');
  return useQuery<ImportacaoPage, Error, ImportacaoPage, (string | number)[]>({
    queryKey: [...IMPORT_STATUS_KEY, page],
    queryFn: ({ signal }) =>
      query<ImportacaoPage>('status', { filterInput: { page, rowsPerPage: STATUS_PER_PAGE } }, { signal }),
    refetchInterval: (query) => pollInterval(query.state.data),
    // Paging keeps the rows shown until the next page arrives.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * /importarUsuarios (spec section 2, "User import"; issue #15): the title, the template in the
 * user's language, the spreadsheet upload, and the status of the user's imports.
 */
export default function ImportarUsuariosPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const status = useImportStatus(page);
  const title = translate('routes.importarUsuarios');

  const uploaded = () => {
    // The new import is the newest: show the first page, read at once.
    setPage(0);
    void queryClient.invalidateQueries({ queryKey: IMPORT_STATUS_KEY });
  };

  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2, minWidth: 0 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Card>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Box>
            <Link
              href={modeloHref(locale)}
              download
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, overflowWrap: 'anywhere' }}
            >
              <DownloadIcon fontSize="small" aria-hidden />
              {translate(t('modelo'))}
            </Link>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {translate(t('modeloDica'))}
            </Typography>
          </Box>
          <ImportacaoUpload onUploaded={uploaded} />
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
            <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
              {translate(t('importacoes'))}
            </Typography>
            <Button
              size="small"
              startIcon={<RefreshIcon />}
              disabled={status.isFetching}
              onClick={() => void status.refetch()}
            >
              {translate(t('atualizar'))}
            </Button>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate(t('atualizacao'))}
          </Typography>
          {status.isPending ? (
            <LinearProgress aria-label={translate('ra.page.loading')} />
          ) : !status.data ? (
            <LoadError message={t('erroCarregar')} retrying={status.isFetching} onRetry={() => status.refetch()} />
          ) : status.data.content.length === 0 ? (
            <Typography color="text.secondary">{translate(t('vazia'))}</Typography>
          ) : (
            <>
              <ImportacaoStatusTable importacoes={status.data.content} />
              {status.data.totalElements > STATUS_PER_PAGE && (
                <Paginacao
                  count={status.data.totalElements}
                  page={page}
                  onPage={setPage}
                  rowsPerPage={STATUS_PER_PAGE}
                />
              )}
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
