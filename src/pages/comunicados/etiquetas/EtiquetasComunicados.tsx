import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { etiquetaSchema } from '../../../../domain/comunicados';
import { COMUNICADO_ETIQUETA_MAX_LENGTH } from '../../../../domain/limits';
import { useFocoAposRemocao } from '../../../components/useFocoAoSair';
import { ConfirmAction } from '../../../components/ConfirmAction';
import { CampoBusca } from '../../../components/list/CampoBusca';
import { LoadError } from '../../../components/LoadError';
import { useOperations } from '../../../components/useOperations';
import { fieldErrorsOf, isConflict } from '../escrita/comunicado';

export interface Etiqueta {
  id: string;
  version: number | null;
  nome: string;
  totalComunicados: number;
}

const POR_PAGINA = 20;

/**
 * The "Labels" tab of /comunicados (announcement creators): the labels by name with how many
 * announcements carry each, searched; rename (with the version read) and remove. New labels come
 * with the announcements that name them.
 */
export function EtiquetasComunicados() {
  const translate = useTranslate();
  const { query, mutate } = useOperations('comunicados');
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [typed, setTyped] = useState('');
  const [busca, setBusca] = useState('');
  const [editando, setEditando] = useState<Etiqueta | null>(null);
  const [removendo, setRemovendo] = useState<Etiqueta | null>(null);
  const listaRef = useRef<HTMLUListElement>(null);
  const tituloRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      setBusca(typed.trim());
      setPage(0);
    }, 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const etiquetas = useQuery({
    queryKey: ['comunicados', 'etiquetas', 'pagina', busca, page],
    queryFn: () =>
      query<{ content: Etiqueta[]; totalElements: number }>('etiquetas', {
        filterInput: { busca: busca || null, page, rowsPerPage: POR_PAGINA },
      }),
    retry: false,
    // The page or search being read stays on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
  // A label just removed: once its confirmation closed and the list reloaded without it (its row
  // and the button that had the focus gone), the focus goes to the list, or to the tab's title
  // when no label is left, if it fell to the page's body.
  const removida = useFocoAposRemocao(
    etiquetas.data?.content.map((e) => e.id),
    () => listaRef.current ?? tituloRef.current,
    !!removendo,
  );
  const linhas = etiquetas.data?.content ?? [];
  return (
    <Box
      component="section"
      aria-labelledby="etiquetas-titulo"
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2" id="etiquetas-titulo" ref={tituloRef} tabIndex={-1}>
          {translate('comunicados.escrita.etiquetas.titulo')}
        </Typography>
        <CampoBusca
          label={translate('comunicados.escrita.etiquetas.buscar')}
          value={typed}
          onChange={setTyped}
          sx={{ flex: '0 1 18rem', minWidth: 0 }}
        />
      </Box>
      {etiquetas.error ? (
        <LoadError
          message="comunicados.escrita.etiquetas.erroCarregar"
          retrying={etiquetas.isFetching}
          onRetry={() => etiquetas.refetch()}
        />
      ) : !etiquetas.data ? (
        <LinearProgress aria-label={translate('ra.page.loading')} />
      ) : linhas.length === 0 ? (
        <Box>
          <Typography variant="subtitle1">{translate('comunicados.escrita.etiquetas.vazio')}</Typography>
          <Typography color="text.secondary">{translate('comunicados.escrita.etiquetas.vazioTexto')}</Typography>
        </Box>
      ) : (
        <>
          <Box
            component="ul"
            ref={listaRef}
            aria-label={translate('comunicados.escrita.etiquetas.titulo')}
            // Where the focus goes once a removed label's row went with its button (above).
            tabIndex={-1}
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'grid',
              gridTemplateColumns: 'minmax(0, 1fr)',
              gap: 1,
              '&:focus:not(:focus-visible)': { outline: 'none' },
            }}
          >
            {linhas.map((e) => (
              <Box
                component="li"
                key={e.id}
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
                  <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{e.nome}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {translate('comunicados.escrita.etiquetas.total', { smart_count: e.totalComunicados })}
                  </Typography>
                </Box>
                <IconButton
                  aria-label={translate('comunicados.escrita.etiquetas.renomear', { nome: e.nome })}
                  onClick={() => setEditando(e)}
                >
                  <EditIcon />
                </IconButton>
                <IconButton
                  aria-label={translate('comunicados.escrita.etiquetas.remover', { nome: e.nome })}
                  onClick={() => setRemovendo(e)}
                >
                  <DeleteIcon />
                </IconButton>
              </Box>
            ))}
          </Box>
          <TablePagination
            component="div"
            count={etiquetas.data.totalElements}
            page={page}
            rowsPerPage={POR_PAGINA}
            rowsPerPageOptions={[]}
            onPageChange={(_e, p) => setPage(p)}
          />
        </>
      )}
      {editando && <RenomearDialog etiqueta={editando} onClose={() => setEditando(null)} />}
      {removendo && (
        <ConfirmAction
          open
          onClose={() => setRemovendo(null)}
          title={translate('comunicados.escrita.etiquetas.removerTitulo', { nome: removendo.nome })}
          content={translate('comunicados.escrita.etiquetas.removerTexto', { smart_count: removendo.totalComunicados })}
          confirmLabel={translate('ra.action.remove')}
          destrutiva
          successMessage="comunicados.escrita.etiquetas.removida"
          action={() => mutate('excluirEtiqueta', { id: removendo.id, version: removendo.version })}
          onSuccess={() => {
            removida(removendo.id);
            void queryClient.invalidateQueries({ queryKey: ['comunicados', 'etiquetas'] });
          }}
        />
      )}
    </Box>
  );
}

function RenomearDialog({ etiqueta, onClose }: { etiqueta: Etiqueta; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { mutate } = useOperations('comunicados');
  const [nome, setNome] = useState(etiqueta.nome);
  const [erro, setErro] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function salvar() {
    const checked = etiquetaSchema.safeParse({ id: etiqueta.id, version: etiqueta.version, nome });
    if (!checked.success) {
      setErro(translate(checked.error.issues[0]!.message, { max: COMUNICADO_ETIQUETA_MAX_LENGTH }));
      return;
    }
    setBusy(true);
    try {
      await mutate('salvarEtiqueta', {
        etiqueta: { id: etiqueta.id, version: etiqueta.version, nome: checked.data.nome },
      });
      await queryClient.invalidateQueries({ queryKey: ['comunicados', 'etiquetas'] });
      notify('comunicados.escrita.etiquetas.salva', { type: 'success' });
      onClose();
    } catch (error) {
      const campo = fieldErrorsOf(error).find(([f]) => f === 'nome');
      setErro(
        isConflict(error)
          ? translate('comunicados.escrita.conflito')
          : (campo?.[1] ?? (error instanceof Error ? error.message : translate('errors.couldNotPerform'))),
      );
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="etiqueta-dialog-titulo"
      // A form: Enter in the name saves, as in every other form of the portal.
      slotProps={{
        paper: {
          component: 'form',
          onSubmit: (event: FormEvent) => {
            event.preventDefault();
            if (!busy) void salvar();
          },
        },
      }}
    >
      <DialogTitle id="etiqueta-dialog-titulo">{translate('comunicados.escrita.etiquetas.renomearTitulo')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={translate('comunicados.escrita.etiquetas.fields.nome')}
          value={nome}
          onChange={(e) => {
            setNome(e.target.value);
            setErro(null);
          }}
          error={Boolean(erro)}
          helperText={erro ?? ' '}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
