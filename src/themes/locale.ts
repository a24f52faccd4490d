import { enUS, esES, ptBR, type Localization } from '@mui/material/locale';
import { createTheme, type Theme } from '@mui/material/styles';
import { useMemo } from 'react';
import { useLocaleState } from 'react-admin';
import { IDIOMA_PADRAO, idiomaFromLocale, type Idioma } from '../../domain/enums';

/** MUI's own texts (the autocomplete's open and clear buttons, pagination, alerts) by interface language. */
export const MUI_LOCALES: Record<Idioma, Localization> = { PT_BR: ptBR, ES: esES, EN: enUS };

/** `theme` with MUI's texts in the language the user chose (react-admin's locale), built as MUI's docs build it. */
export function useLocalizedTheme(theme: Theme): Theme {
  const [locale] = useLocaleState();
  const idioma = idiomaFromLocale(locale) ?? IDIOMA_PADRAO;
  return useMemo(() => createTheme(theme, MUI_LOCALES[idioma]), [theme, idioma]);
}
