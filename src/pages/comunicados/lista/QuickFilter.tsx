import CheckIcon from '@mui/icons-material/Check';
import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';

/** A toggle chip narrowing a list (only unread, only favourites). */
export function QuickFilter({
  label,
  args,
  ativo,
  onChange,
}: {
  /** i18n key (with its `args`). */
  label: string;
  args?: Record<string, unknown>;
  ativo: boolean;
  onChange: (v: boolean) => void;
}) {
  const translate = useTranslate();
  return (
    <Chip
      clickable
      role="switch"
      aria-checked={ativo}
      icon={ativo ? <CheckIcon /> : undefined}
      color={ativo ? 'primary' : 'default'}
      variant={ativo ? 'filled' : 'outlined'}
      label={translate(label, args)}
      onClick={() => onChange(!ativo)}
    />
  );
}
