import type { Theme } from '@mui/material/styles';
import { isThemeId, type ThemeId } from '../../domain/themes';
import { aurora } from './aurora';
import { boreal } from './boreal';
import { cometa } from './cometa';
import type { PortalTheme } from './createPortalTheme';
import { defaultPortalTheme } from './default';
import { delta } from './delta';
import { estrela } from './estrela';
import { fenix } from './fenix';
import { granito } from './granito';
import { horizonte } from './horizonte';

export { CONTENT_MAX_WIDTH, FONT_STACKS, type PortalBrand, type PortalTheme } from './createPortalTheme';
export { PortalLogo, type PortalLogoProps, type ThemeLogoProps } from './logos';

/** The nine themes of spec section 1, by the id a client's configuration names. */
export const THEMES: Record<ThemeId, PortalTheme> = {
  default: defaultPortalTheme,
  aurora,
  boreal,
  cometa,
  delta,
  estrela,
  fenix,
  granito,
  horizonte,
};

/** The theme entry for a configured id; an unknown or missing id gets the default theme. */
export const portalThemeFor = (id: string | null | undefined): PortalTheme =>
  isThemeId(id) ? THEMES[id] : THEMES.default;

/** MUI theme for react-admin's `theme` (or `lightTheme`) prop. */
export const themeFor = (id: string | null | undefined): Theme => portalThemeFor(id).theme;

/** The theme's logo component; give it the portal name as `portalName`. */
export const logoFor = (id: string | null | undefined): PortalTheme['logo'] => portalThemeFor(id).logo;
