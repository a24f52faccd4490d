import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useDebounced } from './useDebounced';
import { useOperations } from './useOperations';

export interface DealerRef {
  id: string;
  nomeExibicao: string;
}

export interface DealerAutocompleteProps {
  label: string;
  value: DealerRef[];
  onChange: (value: DealerRef[]) => void;
  /** Only dealers of these brands / groups (none: every dealer the caller sees). */
  marcaIds?: readonly string[];
  grupoIds?: readonly string[];
  /** Only active dealers. */
  onlyActive?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  isRequired?: boolean;
  disabled?: boolean;
}

const PAGE_SIZE = 25;

/**
 * Dealers picked by name among thousands: each search asks the paged `dealersOpcoes` (at most 25
 * names, any signed-in user within their scope, so user maintainers need no dealer-maintenance
 * key), so no list of every dealer is ever loaded. The chosen dealers are kept as
 * `{ id, nomeExibicao }` so their names show without reading them again.
 */
export function DealerAutocomplete({
  label,
  value,
  onChange,
  marcaIds = [],
  grupoIds = [],
  onlyActive = false,
  error,
  helperText,
  isRequired,
  disabled,
}: DealerAutocompleteProps) {
  const translate = useTranslate();
  const [typed, setTyped] = useState('');
  const busca = useDebounced(typed.trim());
  const [open, setOpen] = useState(false);
  const { query } = useOperations('dealers');
  const filterInput: Record<string, unknown> = { page: 0, rowsPerPage: PAGE_SIZE };
  if (busca) filterInput.busca = busca;
  if (marcaIds.length) filterInput.marcaIds = [...marcaIds];
  if (grupoIds.length) filterInput.grupoIds = [...grupoIds];
  if (onlyActive) filterInput.active = true;
  const { data = [], isFetching } = useQuery({
    queryKey: ['dealers', 'opcoes', filterInput],
    queryFn: async () => (await query<{ content: DealerRef[] }>('opcoes', { filterInput })).content,
    enabled: open && !disabled,
  });
  return (
    <Autocomplete
      multiple
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      disabled={disabled}
      options={data.map((d) => ({ id: String(d.id), nomeExibicao: d.nomeExibicao }))}
      value={value}
      loading={isFetching}
      filterOptions={(options) => options}
      filterSelectedOptions
      isOptionEqualToValue={(option, chosen) => String(option.id) === String(chosen.id)}
      getOptionLabel={(option) => option.nomeExibicao}
      onChange={(_event, chosen) => onChange(chosen)}
      inputValue={typed}
      onInputChange={(_event, text, reason) => {
        if (reason !== 'reset') setTyped(text);
      }}
      noOptionsText={translate('usuarios.dealersNone')}
      loadingText={translate('ra.page.loading')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={`${translate(label)}${isRequired ? ' *' : ''}`}
          placeholder={value.length ? undefined : translate('usuarios.dealersSearch')}
          error={error}
          helperText={helperText}
          size="small"
        />
      )}
    />
  );
}
