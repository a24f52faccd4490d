import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BooleanInput, Form, TextInput, useNotify, useTranslate } from 'react-admin';
import { useFormContext, type FieldPath } from 'react-hook-form';
import { serieSchema, tituloNumerado } from '../../../../domain/comunicados';
import { COMUNICADO_SERIE_DIGITOS } from '../../../../domain/limits';
import { schemaResolver } from '../../../components/form/schemaResolver';
import { LoadError } from '../../../components/LoadError';
import { useOperations } from '../../../components/useOperations';
import { fieldErrorsOf, isConflict } from '../escrita/comunicado';

export interface Serie {
  id: string;
  version: number | null;
  nome: string;
  prefixo: string;
  contador: number;
  active: boolean;
}

const POR_PAGINA = 20;
interface ValoresSerie {
  id: string | null;
  version: number | null;
  nome: string;
  prefixo: string;
  active: boolean;
}
const resolver = schemaResolver<ValoresSerie>(serieSchema);

/**
 * The "Series" tab of /comunicados (announcement creators): each series' name, prefix and the
 * number its next announcement gets; create and edit (with the version read: a stale one is
 * refused with CONFLICT and said so).
 */
export function SeriesComunicados() {
  const translate = useTranslate();
  const { query } = useOperations('comunicados');
  const [page, setPage] = useState(0);
  const [editando, setEditando] = useState<Serie | 'nova' | null>(null);
  const series = useQuery({
    queryKey: ['comunicados', 'series', 'pagina', page],
    queryFn: () =>
      query<{ content: Serie[]; totalElements: number }>('series', {
        filterInput: { page, rowsPerPage: POR_PAGINA },
      }),
    retry: false,
    // The page or search being read stays on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
  const linhas = series.data?.content ?? [];
  return (
    <Box
      component="section"
      aria-labelledby="series-titulo"
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2" id="series-titulo">
          {translate('comunicados.escrita.series.titulo')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditando('nova')}>
          {translate('comunicados.escrita.series.nova')}
        </Button>
      </Box>
      {series.error ? (
        <LoadError
          message="comunicados.escrita.series.erroCarregar"
          retrying={series.isFetching}
          onRetry={() => series.refetch()}
        />
      ) : !series.data ? (
        <LinearProgress aria-label={translate('ra.page.loading')} />
      ) : linhas.length === 0 ? (
        <Box>
          <Typography variant="subtitle1">{translate('comunicados.escrita.series.vazio')}</Typography>
          <Typography color="text.secondary">{translate('comunicados.escrita.series.vazioTexto')}</Typography>
        </Box>
      ) : (
        <>
          <Box
            component="ul"
            aria-label={translate('comunicados.escrita.series.titulo')}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}
          >
            {linhas.map((s) => (
              <Box
                component="li"
                key={s.id}
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  gap: 1,
                  p: 1.5,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  minWidth: 0,
                }}
              >
                <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{s.nome}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {translate('comunicados.escrita.series.proximo', {
                      exemplo: tituloNumerado(s.prefixo, s.contador + 1, '…', COMUNICADO_SERIE_DIGITOS),
                    })}
                  </Typography>
                </Box>
                {!s.active && <Chip size="small" label={translate('comunicados.escrita.series.inativa')} />}
                <IconButton
                  aria-label={translate('comunicados.escrita.series.editar', { nome: s.nome })}
                  onClick={() => setEditando(s)}
                >
                  <EditIcon />
                </IconButton>
              </Box>
            ))}
          </Box>
          <TablePagination
            component="div"
            count={series.data.totalElements}
            page={page}
            rowsPerPage={POR_PAGINA}
            rowsPerPageOptions={[]}
            onPageChange={(_e, p) => setPage(p)}
          />
        </>
      )}
      {editando && <SerieDialog serie={editando === 'nova' ? undefined : editando} onClose={() => setEditando(null)} />}
    </Box>
  );
}

function SerieDialog({ serie, onClose }: { serie?: Serie; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="serie-dialog-titulo">
      <DialogTitle id="serie-dialog-titulo">
        {translate(serie ? 'comunicados.escrita.series.editarTitulo' : 'comunicados.escrita.series.nova')}
      </DialogTitle>
      <Form
        defaultValues={{
          id: serie?.id ?? null,
          version: serie?.version ?? null,
          nome: serie?.nome ?? '',
          prefixo: serie?.prefixo ?? '',
          active: serie?.active ?? true,
        }}
        resolver={resolver}
        noValidate
      >
        <CamposSerie onClose={onClose} />
      </Form>
    </Dialog>
  );
}

function CamposSerie({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { mutate } = useOperations('comunicados');
  const { handleSubmit, setError } = useFormContext<ValoresSerie>();
  const [conflito, setConflito] = useState(false);
  const [busy, setBusy] = useState(false);
  const salvar = handleSubmit(async (values) => {
    setBusy(true);
    try {
      await mutate('salvarSerie', {
        serie: {
          id: values.id ?? null,
          version: values.version ?? null,
          nome: values.nome,
          prefixo: values.prefixo.trim().toUpperCase(),
          active: values.active,
        },
      });
      await queryClient.invalidateQueries({ queryKey: ['comunicados', 'series'] });
      notify('comunicados.escrita.series.salva', { type: 'success' });
      onClose();
    } catch (error) {
      if (isConflict(error)) setConflito(true);
      for (const [field, message] of fieldErrorsOf(error)) {
        setError(field as FieldPath<ValoresSerie>, { type: 'server', message });
      }
      notify(error instanceof Error && error.message ? error.message : 'comunicados.escrita.series.erroSalvar', {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  });
  return (
    <>
      <DialogContent sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}>
        {conflito && (
          <Typography color="error" role="alert">
            {translate('comunicados.escrita.conflito')}
          </Typography>
        )}
        <TextInput source="nome" label="comunicados.escrita.series.fields.nome" fullWidth isRequired />
        <TextInput
          source="prefixo"
          label="comunicados.escrita.series.fields.prefixo"
          helperText="comunicados.escrita.series.prefixoAjuda"
          fullWidth
          isRequired
        />
        <BooleanInput source="active" label="comunicados.escrita.series.fields.active" />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={salvar}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </>
  );
}
