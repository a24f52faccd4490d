import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';

/** A list's search box ("Buscar" unless `label` names what is searched); pair it with useDebounced. */
export function CampoBusca({
  value,
  onChange,
  label,
  sx = { maxWidth: 360 },
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  sx?: SxProps<Theme>;
}) {
  const translate = useTranslate();
  return (
    <TextField
      type="search"
      size="small"
      label={label ?? translate('lista.search')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={sx}
    />
  );
}
