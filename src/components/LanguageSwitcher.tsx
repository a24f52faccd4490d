import CheckIcon from '@mui/icons-material/Check';
import LanguageIcon from '@mui/icons-material/Language';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useGetIdentity, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { IDIOMA_PADRAO, IDIOMAS, LOCALE_OF, idiomaFromLocale, type Idioma } from '../../domain/enums';
import type { PortalIdentity } from '../../providers/authProvider';
import { setStoredIdioma } from '../../providers/language';
import { log } from '../../providers/logger';
import { browser } from '../browser';
import { useOperations } from './useOperations';

export interface LanguageOption {
  id: Idioma;
  description: string;
}

/**
 * The signed-in user's language and a way to change it: `mudarLinguaUsuario` stores it on the
 * server, then the page reloads so every label (server ones included) comes in the new language.
 */
export function useLanguageChange() {
  const notify = useNotify();
  const [locale, setLocale] = useLocaleState();
  const { identity } = useGetIdentity();
  const [saving, setSaving] = useState(false);
  const { mutate } = useOperations('sessao');
  const user = identity as PortalIdentity | undefined;
  const idioma: Idioma = user?.idioma ?? idiomaFromLocale(locale) ?? IDIOMA_PADRAO;

  const changeLanguage = async (next: Idioma) => {
    if (!user || next === idioma) return;
    setSaving(true);
    try {
      await mutate('mudarLingua', { id: user.id, idioma: next });
      setStoredIdioma(next);
      setLocale(LOCALE_OF[next]);
      browser.reload();
    } catch (error) {
      log.error('mudarLinguaUsuario failed', error);
      notify('errors.couldNotPerform', { type: 'error' });
      setSaving(false);
    }
  };

  return { idioma, changeLanguage, saving, ready: Boolean(user) };
}

export interface LanguageSwitcherProps {
  /** `field`: a labelled select (pages); `menu`: a compact button opening a menu (top bar). */
  variant?: 'field' | 'menu';
  /** The languages offered (menuUsuarioLogado.locales); by default the three of the catalogs. */
  locales?: readonly LanguageOption[];
  /** Hides the current language's name next to the icon (narrow screens). */
  compact?: boolean;
}

export function LanguageSwitcher({ variant = 'field', locales, compact = false }: LanguageSwitcherProps) {
  const translate = useTranslate();
  const { idioma, changeLanguage, saving, ready } = useLanguageChange();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const options: readonly LanguageOption[] =
    locales && locales.length > 0 ? locales : IDIOMAS.map((id) => ({ id, description: translate(`languages.${id}`) }));
  const current = options.find((option) => option.id === idioma)?.description ?? translate(`languages.${idioma}`);

  if (variant === 'field') {
    return (
      <TextField
        select
        label={translate('home.language')}
        value={idioma}
        disabled={saving || !ready}
        onChange={(event) => void changeLanguage(event.target.value as Idioma)}
      >
        {options.map((option) => (
          <MenuItem key={option.id} value={option.id}>
            {option.description}
          </MenuItem>
        ))}
      </TextField>
    );
  }

  const choose = (next: Idioma) => {
    setAnchor(null);
    void changeLanguage(next);
  };

  return (
    <>
      <Button
        color="inherit"
        aria-label={translate('shell.languageCurrent', { language: current })}
        aria-haspopup="true"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        disabled={saving || !ready}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={compact ? undefined : <LanguageIcon />}
        sx={{ minWidth: 0, textTransform: 'none', px: compact ? 1 : 2 }}
      >
        {compact ? <LanguageIcon /> : current}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {options.map((option) => (
          <MenuItem
            key={option.id}
            role="menuitemradio"
            aria-checked={option.id === idioma}
            selected={option.id === idioma}
            lang={LOCALE_OF[option.id]}
            onClick={() => choose(option.id)}
          >
            <ListItemIcon>{option.id === idioma && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText>{option.description}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
