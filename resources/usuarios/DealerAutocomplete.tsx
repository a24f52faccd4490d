import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useEffect, useState, type ReactNode } from 'react';
import { useGetList, useTranslate } from 'react-admin';

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

const SEARCH_DEBOUNCE_MS = 300;
const PAGE_SIZE = 25;

/**
 * Dealers picked by name among thousands: each search asks the paged `dealers` list (at most 25
 * names), so no list of every dealer is ever loaded. The chosen dealers are kept as
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
  const [busca, setBusca] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setBusca(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const filter: Record<string, unknown> = {};
  if (busca) filter.q = busca;
  if (marcaIds.length) filter.marcaIds = [...marcaIds];
  if (grupoIds.length) filter.grupoIds = [...grupoIds];
  if (onlyActive) filter.active = true;
  const { data = [], isFetching } = useGetList<DealerRef & { id: string }>(
    'dealers',
    { filter, pagination: { page: 1, perPage: PAGE_SIZE }, sort: { field: 'nomeExibicao', order: 'ASC' } },
    { enabled: open && !disabled },
  );
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
