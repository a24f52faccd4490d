import { LoadError } from '../../components/LoadError';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { HttpError, Title, useLocaleState, useParams, useTranslate } from 'react-admin';
import { AUDITORIA_PAGE_SIZES, type TipoAuditoria } from '../../../domain/auditoria';
import { auditoriaArgsSchema } from '../../../domain/schemas/auditoria';
import { useBreadcrumbLabel } from '../../components/breadcrumbLabel';
import { intlLocale } from '../../components/format';
import { useOperations } from '../../components/useOperations';
import { mapaDeNomes, type AuditoriaEntry, type AuditoriaHistorico, type AuditoriaVariables } from './auditoria';
import { AuditoriaDialog } from './AuditoriaDialog';
import { AuditoriaTable } from './AuditoriaTable';
import { NomesContext, TipoAuditoriaContext, useCampoLabel } from './AuditoriaValor';
import { Paginacao } from '../../components/list/Paginacao';

/**
 * /auditoria/{id}/{tipo}: the history of one record, newest first, filterable by field; a row
 * opens the side-by-side view of that change. The API checks who may see which record.
 */
export default function AuditoriaPage() {
  const translate = useTranslate();
  const params = useParams<{ id: string; tipo: string }>();
  const tipo = (params.tipo ?? '').toUpperCase();
  const parsed = auditoriaArgsSchema.safeParse({ filterInput: { tipo, registroId: params.id } });
  const registro = parsed.success ? parsed.data.filterInput : null;
  if (!registro) {
    return (
      <Frame title={translate('routes.auditoria')}>
        <Alert severity="error">{translate('auditoria.enderecoInvalido')}</Alert>
      </Frame>
    );
  }
  // A new record starts on its first page with no field filter.
  return (
    <Historico key={`${registro.tipo}/${registro.registroId}`} tipo={registro.tipo} registroId={registro.registroId} />
  );
}

/** The page's card with its title (also the document title and, for a record, the breadcrumb). */
function Frame({ title, breadcrumb, children }: { title: string; breadcrumb?: boolean; children: ReactNode }) {
  useBreadcrumbLabel(breadcrumb ? title : undefined);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" sx={{ mb: 3 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Historico({ tipo, registroId }: { tipo: TipoAuditoria; registroId: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const campoLabel = useCampoLabel(tipo);
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState<number>(AUDITORIA_PAGE_SIZES[0]);
  const [campo, setCampo] = useState('');
  const [selected, setSelected] = useState<AuditoriaEntry | null>(null);
  const { query } = useOperations('auditoria');

  const variables: AuditoriaVariables = {
    filterInput: { tipo, registroId, ...(campo ? { campo } : {}), page, rowsPerPage },
  };
  const { data, error, isPending, isError, isFetching, isPlaceholderData, refetch } = useQuery({
    queryKey: ['auditoria', variables.filterInput],
    queryFn: ({ signal }) => query<AuditoriaHistorico>('historico', { ...variables }, { signal }),
    // The previous page stays on screen while the next one loads.
    placeholderData: (previous) => previous,
    retry: false,
  });

  const nomes = useMemo(() => mapaDeNomes(data?.referencias ?? []), [data?.referencias]);
  const tipoLabel = translate(`auditoria.tipos.${tipo}`);
  // The record's name once the history has come (until then, or without a name, its id).
  const title = data?.nome
    ? translate('auditoria.titleNome', { tipo: tipoLabel, nome: data.nome })
    : translate('auditoria.title', { tipo: tipoLabel, id: registroId });
  const frame = (children: ReactNode) => (
    <Frame title={title} breadcrumb>
      {children}
    </Frame>
  );

  const campos = useMemo(() => {
    const collator = new Intl.Collator(intlLocale(locale));
    return (data?.campos ?? [])
      .map((value) => ({ value, label: campoLabel(value) }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [data?.campos, campoLabel, locale]);

  if (isPending) return frame(<CircularProgress aria-label={translate('ra.page.loading')} />);
  if (isError) {
    const status = error instanceof HttpError ? error.status : 0;
    if (status === 403) return frame(<Alert severity="error">{translate('auditoria.semPermissao')}</Alert>);
    return frame(<LoadError message="auditoria.erroCarregar" retrying={isFetching} onRetry={refetch} />);
  }

  const noHistory = data.totalElements === 0 && !campo;
  return frame(
    <TipoAuditoriaContext.Provider value={tipo}>
      <NomesContext.Provider value={nomes}>
        {!noHistory && (
          <TextField
            select
            size="small"
            label={translate('auditoria.filtroCampo')}
            value={campo}
            onChange={(event) => {
              setCampo(event.target.value);
              setPage(0);
            }}
            sx={{ minWidth: 240, mb: 2 }}
          >
            <MenuItem value="">{translate('auditoria.todosCampos')}</MenuItem>
            {campos.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Box sx={{ height: 4 }}>
          {isPlaceholderData && isFetching && <LinearProgress aria-label={translate('ra.page.loading')} />}
        </Box>
        {data.content.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {translate(noHistory ? 'auditoria.vazio' : 'auditoria.vazioCampo')}
          </Typography>
        ) : (
          <>
            <AuditoriaTable entries={data.content} onSelect={setSelected} busy={isFetching} />
            <Paginacao
              count={data.totalElements}
              page={page}
              onPage={setPage}
              rowsPerPage={rowsPerPage}
              sizes={AUDITORIA_PAGE_SIZES}
              onRowsPerPage={setRowsPerPage}
            />
          </>
        )}
        <AuditoriaDialog entry={selected} onClose={() => setSelected(null)} />
      </NomesContext.Provider>
    </TipoAuditoriaContext.Provider>,
  );
}
