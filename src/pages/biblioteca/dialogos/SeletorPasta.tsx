import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { autocompleteTexts } from '../../../components/gruposUsuarios';
import type { Destino } from '../regras';

/**
 * A folder chosen by its path among `opcoes` (the folders the caller may write into, the root
 * first when offered), searched as typed.
 */
export function SeletorPasta({
  label,
  opcoes,
  value,
  onChange,
  loading,
  error,
  helperText,
  autoFocus,
  opcional = false,
}: {
  /** i18n key. */
  label: string;
  opcoes: readonly Destino[];
  value: Destino | null;
  onChange: (destino: Destino | null) => void;
  loading?: boolean;
  error?: boolean;
  helperText?: string;
  autoFocus?: boolean;
  /** Left empty means the root (the new folder's parent, spec section 5: "parent optional"). */
  opcional?: boolean;
}) {
  const translate = useTranslate();
  const rotulo = (d: Destino) => (d.raiz ? translate('biblioteca.pastas.raiz') : d.caminho.join(' / '));
  return (
    <Autocomplete
      {...autocompleteTexts(translate)}
      options={opcoes}
      value={value}
      onChange={(_event, destino) => onChange(destino)}
      loading={loading}
      loadingText={translate('ra.page.loading')}
      noOptionsText={translate('biblioteca.pastas.nenhuma')}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={rotulo}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate(label)}
          size="small"
          required={!opcional}
          autoFocus={autoFocus}
          error={error}
          helperText={helperText}
        />
      )}
    />
  );
}
