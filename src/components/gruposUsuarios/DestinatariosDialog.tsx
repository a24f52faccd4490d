import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  alternarRemovido,
  definicaoDe,
  errosDaDefinicao,
  type ErroDeBloco,
  type GrupoUsuariosValues,
  type UsuarioRef,
} from './regras';
import { useOperations } from '../useOperations';

/** The recipient search waits this long after the last key (spec section 5). */
export const BUSCA_DESTINATARIOS_DEBOUNCE_MS = 300;
const POR_PAGINA = 10;

interface Destinatario extends UsuarioRef {
  removido: boolean;
}

/** A refused preview: each field error named by its block (the form shows it under the field too). */
function ErrosDosBlocos({ erros }: { erros: ErroDeBloco[] }) {
  const translate = useTranslate();
  return (
    <Alert severity="error" sx={{ mt: 2 }}>
      {translate('gruposUsuarios.destinatarios.verifique')}
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {erros.map(({ campo, bloco, rotulo, mensagem }) => (
          <li key={campo}>
            {[
              bloco && translate(`gruposUsuarios.blocos.${bloco}`),
              rotulo && translate(`gruposUsuarios.fields.${rotulo}`),
            ]
              .filter(Boolean)
              .join(' › ')}
            {bloco ? ': ' : ''}
            {mensagem}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

/**
 * The recipients of the form's current definition (usuariosByGruposUsuariosPaged with `definicao`
 * and `incluirRemovidos`), searched and paged; each user's checkbox excludes them from the group
 * or includes them again (`usuarioRemovidoIds`), saved with the group.
 */
export function DestinatariosDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const { query } = useOperations('gruposUsuarios');
  const { getValues, setValue, setError } = useFormContext<GrupoUsuariosValues>();
  const removidos: string[] = useWatch({ name: 'usuarioRemovidoIds' }) ?? [];
  const [typed, setTyped] = useState('');
  const [busca, setBusca] = useState('');
  const [page, setPage] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => {
      setBusca(typed.trim());
      setPage(0);
    }, BUSCA_DESTINATARIOS_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  // The definition as it was when the dialog opened, with the exclusions as they stand: a change
  // of exclusion asks again (the total changes), a search or page keeps the blocks.
  const [definicao, setDefinicao] = useState(() => definicaoDe(getValues()));
  useEffect(() => {
    if (open) setDefinicao(definicaoDe(getValues()));
  }, [open, getValues]);
  const filterInput = {
    definicao: { ...definicao, usuarioRemovidoIds: removidos },
    incluirRemovidos: true,
    page,
    rowsPerPage: POR_PAGINA,
    ...(busca ? { busca } : {}),
  };
  const { data, isPending, isError, error, isFetching } = useQuery({
    queryKey: ['gruposUsuarios', 'destinatarios', filterInput],
    queryFn: () =>
      query<{ content: Destinatario[]; totalElements: number; totalDestinatarios: number }>('destinatarios', {
        filterInput,
      }),
    enabled: open,
    placeholderData: keepPreviousData,
    retry: false,
  });
  // A block the server refused (one left empty): its error also goes under the block's field.
  const erros = isError ? errosDaDefinicao(error) : [];
  useEffect(() => {
    for (const { campo, mensagem } of errosDaDefinicao(error)) {
      setError(campo as keyof GrupoUsuariosValues, { type: 'server', message: mensagem });
    }
  }, [error, setError]);
  const alternar = (usuario: Destinatario, incluir: boolean) => {
    const patch = alternarRemovido(getValues(), usuario, incluir);
    setValue('usuarioRemovidoIds', patch.usuarioRemovidoIds, { shouldDirty: true });
    setValue('usuariosRemovidos', patch.usuariosRemovidos, { shouldDirty: true });
  };
  const total = data?.totalElements ?? 0;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="destinatarios-title">
      <DialogTitle id="destinatarios-title">{translate('gruposUsuarios.destinatarios.title')}</DialogTitle>
      <DialogContent>
        <TextField
          fullWidth
          size="small"
          type="search"
          sx={{ mt: 1 }}
          label={translate('gruposUsuarios.destinatarios.busca')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <Box sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', columnGap: 2 }} aria-live="polite">
          {data && !isError && (
            // The recipients as the group will have them: the excluded users listed below do not count.
            <Typography variant="body2">
              {translate('gruposUsuarios.seletor.destinatarios', { smart_count: data.totalDestinatarios })}
            </Typography>
          )}
          <Typography variant="body2">
            {translate('gruposUsuarios.destinatarios.excluidos', { smart_count: removidos.length })}
          </Typography>
        </Box>
        {erros.length > 0 ? (
          <ErrosDosBlocos erros={erros} />
        ) : isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error instanceof Error && error.message ? error.message : translate('gruposUsuarios.destinatarios.erro')}
          </Alert>
        ) : isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
            <CircularProgress aria-label={translate('ra.page.loading')} />
          </Box>
        ) : data.content.length === 0 ? (
          <Typography sx={{ mt: 2 }}>{translate('gruposUsuarios.destinatarios.vazio')}</Typography>
        ) : (
          <List dense aria-label={translate('gruposUsuarios.destinatarios.lista')} aria-busy={isFetching}>
            {data.content.map((usuario) => {
              const incluido = !removidos.includes(String(usuario.id));
              return (
                <ListItem key={usuario.id} disableGutters>
                  <Checkbox
                    edge="start"
                    checked={incluido}
                    onChange={(event) => alternar(usuario, event.target.checked)}
                    inputProps={{
                      'aria-label': translate('gruposUsuarios.destinatarios.incluir', {
                        nome: `${usuario.nome} (${usuario.email})`,
                      }),
                    }}
                  />
                  <ListItemText
                    primary={usuario.nome}
                    secondary={usuario.email}
                    sx={{ textDecoration: incluido ? 'none' : 'line-through', overflowWrap: 'anywhere' }}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
        {!isError && !isPending && total > 0 && (
          <TablePagination
            component="div"
            count={total}
            page={page}
            rowsPerPage={POR_PAGINA}
            rowsPerPageOptions={[]}
            onPageChange={(_event, next) => setPage(next)}
            labelDisplayedRows={({ from, to, count }) =>
              translate('gruposUsuarios.destinatarios.pagina', { from, to, count })
            }
            slotProps={{
              actions: {
                previousButton: { 'aria-label': translate('ra.navigation.previous') },
                nextButton: { 'aria-label': translate('ra.navigation.next') },
              },
            }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
