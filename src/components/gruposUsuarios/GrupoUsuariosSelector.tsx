import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import StarIcon from '@mui/icons-material/Star';
import AddIcon from '@mui/icons-material/Add';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useContext, useState, type ReactNode } from 'react';
import { usePermissions, useTranslate } from 'react-admin';
import { allows, policies } from '../../../domain/policies';
import type { PortalPermissions } from '../../../providers/authProvider';
import { autocompleteTexts } from './campos';
import { GrupoUsuariosCriacao } from './criacao';
import { semRepetidos } from './regras';
import { useOperations } from '../useOperations';

export interface GrupoUsuariosRef {
  id: string;
  nome: string;
  favorito?: boolean;
  publico?: boolean;
}

export interface GrupoUsuariosSelectorProps {
  value: GrupoUsuariosRef[];
  onChange: (value: GrupoUsuariosRef[]) => void;
  /** i18n key of the field's label. */
  label?: string;
  error?: boolean;
  helperText?: ReactNode;
  /** Offer the create button to who may maintain groups (default true). */
  allowCreate?: boolean;
  /** Leave out these groups (e.g. the group being edited). */
  excludeIds?: readonly string[];
  /** Show how many users the chosen groups reach (default true; off where the screen counts its own way). */
  showCount?: boolean;
}

const ATIVOS_KEY = ['gruposUsuarios', 'ativos'] as const;

/**
 * The user-group selector of the screens that address users (announcements, library, slides,
 * adverts, the group form's import): the active groups the caller reads, favourites first
 * (gruposUsuariosAtivos), searched by name; how many users the chosen groups reach
 * (usuariosByGruposUsuariosPaged({ grupos }).totalElements); and, for who may maintain groups, a
 * button creating a group in a dialog, which is then chosen.
 */
export function GrupoUsuariosSelector({
  value,
  onChange,
  label = 'gruposUsuarios.seletor.label',
  error,
  helperText,
  allowCreate = true,
  excludeIds = [],
  showCount = true,
}: GrupoUsuariosSelectorProps) {
  const translate = useTranslate();
  const { query } = useOperations('gruposUsuarios');
  const queryClient = useQueryClient();
  const { permissions } = usePermissions<PortalPermissions | null>();
  const CriacaoDialog = useContext(GrupoUsuariosCriacao);
  const canCreate = allowCreate && allows(permissions ?? null, policies.gruposUsuarios.create);
  const [creating, setCreating] = useState(false);
  const ativos = useQuery({
    queryKey: ATIVOS_KEY,
    queryFn: () => query<GrupoUsuariosRef[]>('ativos'),
  });
  const ids = value.map((g) => String(g.id));
  const total = useQuery({
    queryKey: ['gruposUsuarios', 'destinatarios', 'grupos', ids],
    queryFn: () =>
      query<{ totalElements: number }>('destinatarios', { filterInput: { grupos: ids, page: 0, rowsPerPage: 1 } }),
    enabled: showCount && ids.length > 0,
  });
  const options = (ativos.data ?? [])
    .map((g) => ({ ...g, id: String(g.id) }))
    .filter((g) => !excludeIds.includes(g.id));
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Autocomplete
          multiple
          {...autocompleteTexts(translate)}
          sx={{ flex: '1 1 16rem', minWidth: 0 }}
          options={options}
          value={value}
          loading={ativos.isFetching}
          filterSelectedOptions
          isOptionEqualToValue={(option, chosen) => String(option.id) === String(chosen.id)}
          getOptionLabel={(option) => option.nome}
          onChange={(_event, chosen) => onChange(semRepetidos(chosen.map((g) => ({ ...g, id: String(g.id) }))))}
          renderOption={({ key, ...props }, option) => (
            <li key={key} {...props}>
              {option.favorito && (
                <StarIcon
                  fontSize="small"
                  color="warning"
                  titleAccess={translate('gruposUsuarios.fields.favorito')}
                  sx={{ mr: 1 }}
                />
              )}
              {option.nome}
            </li>
          )}
          noOptionsText={translate('gruposUsuarios.seletor.nenhum')}
          loadingText={translate('ra.page.loading')}
          renderInput={(params) => (
            <TextField
              {...params}
              label={translate(label)}
              error={error || ativos.isError}
              helperText={ativos.isError ? translate('gruposUsuarios.seletor.erro') : helperText}
              size="small"
            />
          )}
        />
        {canCreate && CriacaoDialog && (
          <Button startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {translate('gruposUsuarios.seletor.criar')}
          </Button>
        )}
      </Box>
      {showCount && ids.length > 0 && (
        <Typography variant="body2" aria-live="polite">
          {total.data
            ? translate('gruposUsuarios.seletor.destinatarios', { smart_count: total.data.totalElements })
            : translate('gruposUsuarios.seletor.contando')}
        </Typography>
      )}
      {creating && CriacaoDialog && (
        <CriacaoDialog
          onClose={() => setCreating(false)}
          onSaved={(grupo) => {
            setCreating(false);
            void queryClient.invalidateQueries({ queryKey: ATIVOS_KEY });
            onChange(semRepetidos([...value, { id: String(grupo.id), nome: grupo.nome, publico: grupo.publico }]));
          }}
        />
      )}
    </Box>
  );
}
