import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FilterListIcon from '@mui/icons-material/FilterList';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { usePermissions, useTranslate } from 'react-admin';
import { allows, policies } from '../../../../domain/policies';
import { useIsCompactList } from '../../../components/list/useIsCompactList';
import type { PortalPermissions } from '../../../../providers/authProvider';
import { useOperations } from '../../../components/useOperations';
import { COMUNICADOS_KEY, FILTRO_VAZIO, type Departamento, type FiltroComunicados } from './tipos';

const DEBOUNCE_MS = 300;

export type OrigemDepartamentos = 'recebidos' | 'todos';

/**
 * The departments of the filter: in the reader's tabs those of what was sent to them (every reader);
 * in the author's and approvers' tabs every department (those who may write announcements read them).
 */
function useDepartamentos(origem: OrigemDepartamentos, enabled: boolean) {
  const { query } = useOperations('comunicados');
  const operacao = origem === 'recebidos' ? 'departamentosRecebidos' : 'departamentos';
  return useQuery({
    queryKey: [...COMUNICADOS_KEY, operacao],
    queryFn: ({ signal }) => query<Departamento[]>(operacao, {}, { signal }),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/**
 * The search of every tab: title (as typed, debounced), label, department and period. Changes go
 * to `onChange` (the list goes back to its first page).
 */
export function Filtros({
  inicial = FILTRO_VAZIO,
  onChange,
  departamentosDe,
}: {
  /** What the list searches now (kept in the address): the fields start with it. */
  inicial?: FiltroComunicados;
  onChange: (filtro: FiltroComunicados) => void;
  /** Whose departments the filter offers: the reader's received ones, or every one (writers). */
  departamentosDe: OrigemDepartamentos;
}) {
  const translate = useTranslate();
  const { permissions } = usePermissions<PortalPermissions | null>();
  const departamentos = useDepartamentos(
    departamentosDe,
    departamentosDe === 'recebidos' || allows(permissions ?? null, policies.comunicados.edit),
  );
  const [filtro, setFiltro] = useState<FiltroComunicados>(inicial);
  // On phones the search box alone; label, department and period open with a button.
  const compact = useIsCompactList();
  // Opened where a filter of its own is applied (coming back to a filtered list).
  const [aberto, setAberto] = useState(() =>
    Boolean(inicial.etiqueta || inicial.departamentoId || inicial.desde || inicial.ate),
  );
  const mostrarMais = !compact || aberto;
  // What the list last got: an unchanged search never reaches it (it would reset its page and selection).
  const enviado = useRef(inicial);
  useEffect(() => {
    const timer = setTimeout(() => {
      if ((Object.keys(filtro) as (keyof FiltroComunicados)[]).every((k) => filtro[k] === enviado.current[k])) return;
      enviado.current = filtro;
      onChange(filtro);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // onChange is the list's setter: only the values matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filtro]);
  const set = (campo: keyof FiltroComunicados) => (event: { target: { value: string } }) =>
    setFiltro((f) => ({ ...f, [campo]: event.target.value }));
  const algum = Object.values(filtro).some(Boolean);
  const campo = { size: 'small', sx: { minWidth: 0 } } as const;
  return (
    <Box
      role="search"
      aria-label={translate('comunicados.filtros.titulo')}
      // A grid, not a wrapping row: a field left alone on the last line keeps its column's width
      // instead of stretching across the page (at 768 px "until" did).
      sx={{
        display: 'grid',
        gap: 1,
        alignItems: 'center',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(auto-fill, minmax(170px, 1fr))' },
      }}
    >
      <TextField
        {...campo}
        type="search"
        label={translate('comunicados.filtros.busca')}
        value={filtro.busca}
        onChange={set('busca')}
        sx={{ gridColumn: { sm: 'span 2' }, minWidth: 0 }}
      />
      {compact && (
        <Button
          size="small"
          startIcon={<FilterListIcon />}
          aria-expanded={aberto}
          onClick={() => setAberto((a) => !a)}
          sx={{ justifySelf: 'start' }}
        >
          {translate('comunicados.filtros.mais')}
        </Button>
      )}
      {mostrarMais && (
        <>
          <TextField
            {...campo}
            label={translate('comunicados.filtros.etiqueta')}
            value={filtro.etiqueta}
            onChange={set('etiqueta')}
          />
          {departamentos.data && departamentos.data.length > 0 && (
            <TextField
              {...campo}
              select
              label={translate('comunicados.filtros.departamento')}
              value={filtro.departamentoId}
              onChange={set('departamentoId')}
            >
              <MenuItem value="">{translate('comunicados.filtros.todos')}</MenuItem>
              {departamentos.data.map((d) => (
                <MenuItem key={d.id} value={d.id}>
                  {d.sigla} – {d.nome}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            {...campo}
            type="date"
            label={translate('comunicados.filtros.desde')}
            value={filtro.desde}
            onChange={set('desde')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            {...campo}
            type="date"
            label={translate('comunicados.filtros.ate')}
            value={filtro.ate}
            onChange={set('ate')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </>
      )}
      {algum && (
        <Button size="small" onClick={() => setFiltro(FILTRO_VAZIO)} sx={{ justifySelf: 'start' }}>
          {translate('comunicados.filtros.limpar')}
        </Button>
      )}
    </Box>
  );
}
