import type { ComponentType } from 'react';
import { alpha, createTheme, lighten, type Components, type Theme, type ThemeOptions } from '@mui/material/styles';
import { defaultTheme } from 'react-admin';
import type { ThemeId } from '../../domain/themes';
import { contrastRatio, WCAG_AA_TEXT } from './contrast';
import { bindLogo, type ThemeLogoProps } from './logos';

/** Spec section 1: the content area is at most 1440 px wide. */
export const CONTENT_MAX_WIDTH = 1440;

/**
 * Font stacks made only of fonts already on the visitor's system (no web font is downloaded).
 * From modernfontstacks.com (CC0).
 */
export const FONT_STACKS = {
  system: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  humanist: 'Seravek, "Gill Sans Nova", Ubuntu, Calibri, "DejaVu Sans", source-sans-pro, sans-serif',
  geometric: 'Avenir, Montserrat, Corbel, "URW Gothic", source-sans-pro, sans-serif',
  neoGrotesque: 'Inter, Roboto, "Helvetica Neue", "Arial Nova", "Nimbus Sans", Arial, sans-serif',
  rounded:
    'ui-rounded, "Hiragino Maru Gothic ProN", Quicksand, Comfortaa, Manjari, "Arial Rounded MT", "Arial Rounded MT Bold", Calibri, source-sans-pro, sans-serif',
} as const;
export type FontStack = keyof typeof FONT_STACKS;

/** Text colour for light brand colours (gold, orange); white is the default on brand colours. */
export const INK = '#1b1f24';

export interface BrandColor {
  main: string;
  /** Text drawn on `main`; white unless the brand colour is light. */
  contrastText?: string;
}

type ComponentOverrides = Components<Omit<Theme, 'components'>>;

/** What one client's theme sets; everything else comes from the shared factory. */
export interface PortalBrand {
  id: ThemeId;
  /** Client name, written in the logo. */
  clientName: string;
  primary: BrandColor;
  secondary: BrandColor;
  background?: string;
  font?: FontStack;
  borderRadius?: number;
  buttonTextTransform?: 'none' | 'uppercase';
  inputVariant?: 'filled' | 'outlined';
  /** Palette colour of the top bar. */
  appBar?: 'primary' | 'secondary';
  /** Last word on component styles, computed from the finished theme. */
  overrides?: (theme: Theme) => ComponentOverrides;
}

export interface PortalTheme {
  id: ThemeId;
  clientName: string;
  /** A complete MUI theme, ready for react-admin's `theme`/`lightTheme` props. */
  theme: Theme;
  logo: ComponentType<ThemeLogoProps>;
}

const WHITE = '#ffffff';
const DEFAULT_RADIUS = 4;

// Status colours shared by all themes, each dark enough for white text.
const STATUS = {
  error: { main: '#c62828', contrastText: WHITE },
  warning: { main: '#b45309', contrastText: WHITE },
  info: { main: '#0277bd', contrastText: WHITE },
  success: { main: '#2e7d32', contrastText: WHITE },
};

const brandColor = ({ main, contrastText = WHITE }: BrandColor) => ({ main, contrastText });

/** Palette, type scale, shape and spacing: what component overrides are then computed from. */
function themeOptions(brand: PortalBrand): ThemeOptions {
  const inputVariant = brand.inputVariant ?? 'filled';
  const fieldDefaults = { variant: inputVariant, margin: 'dense' as const, size: 'small' as const, fullWidth: true };
  const headings = { fontWeight: 600, lineHeight: 1.25 };
  return {
    // react-admin's sidebar widths and input defaults; its palette and typography are replaced below.
    ...defaultTheme,
    palette: {
      mode: 'light',
      primary: brandColor(brand.primary),
      secondary: brandColor(brand.secondary),
      ...STATUS,
      background: { default: brand.background ?? '#f5f6f8', paper: WHITE },
      text: { primary: INK, secondary: '#4b5563', disabled: '#9ca3af' },
      divider: '#e2e5ea',
    },
    typography: {
      fontFamily: FONT_STACKS[brand.font ?? 'system'],
      fontSize: 14,
      h1: { ...headings, fontSize: '2.25rem' },
      h2: { ...headings, fontSize: '1.875rem' },
      h3: { ...headings, fontSize: '1.5rem' },
      h4: { ...headings, fontSize: '1.25rem' },
      h5: { ...headings, fontSize: '1.125rem' },
      h6: { ...headings, fontSize: '1rem' },
      body1: { fontSize: '0.9375rem' },
      body2: { fontSize: '0.875rem' },
      button: { fontWeight: 600, textTransform: brand.buttonTextTransform ?? 'none' },
    },
    shape: { borderRadius: brand.borderRadius ?? DEFAULT_RADIUS },
    spacing: 8,
    components: {
      ...defaultTheme.components,
      MuiTextField: { ...defaultTheme.components?.MuiTextField, defaultProps: fieldDefaults },
      MuiFormControl: { defaultProps: fieldDefaults },
    },
  };
}

function componentOverrides(theme: Theme, brand: PortalBrand): ComponentOverrides {
  const { palette, spacing } = theme;
  const radius = brand.borderRadius ?? DEFAULT_RADIUS;
  const bar = palette[brand.appBar ?? 'primary'];
  const barColors = { backgroundColor: bar.main, color: bar.contrastText };
  // Active menu entries are written in the brand colour when it is readable on paper (not gold or orange).
  const accentText =
    contrastRatio(palette.primary.dark, palette.background.paper) >= WCAG_AA_TEXT
      ? palette.primary.dark
      : palette.text.primary;
  const headBackground = lighten(palette.primary.main, 0.9);
  // Initials are drawn in the brand colour the bar does not use, so the avatar stands out on it.
  const avatar = palette[brand.appBar === 'secondary' ? 'primary' : 'secondary'];
  // MUI marks keyboard focus only with a faint ripple (a checkbox's pale halo); every control built
  // on ButtonBase gets a solid ring in the text colour instead (WCAG 2.4.7, 1.4.11), the bar's
  // controls one in the bar's text colour, and controls inside clipped lists (menus, tabs) an inset one.
  const focusRing = (color: string, offset: number) => ({
    '&.Mui-focusVisible': { outline: `2px solid ${color}`, outlineOffset: offset },
  });
  const insetRing = focusRing(palette.text.primary, -2);
  const barWithRing = { ...barColors, '& .MuiButtonBase-root': focusRing(bar.contrastText, -2) };
  return {
    MuiButtonBase: {
      styleOverrides: { root: focusRing(palette.text.primary, 2) },
    },
    MuiMenuItem: { styleOverrides: { root: insetRing } },
    MuiListItemButton: { styleOverrides: { root: insetRing } },
    MuiAppBar: {
      // react-admin's AppBar asks for color="secondary"; both brand the bar the same way.
      styleOverrides: { colorPrimary: barWithRing, colorSecondary: barWithRing },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: radius, paddingInline: spacing(2) },
        // Text and outlined buttons write the brand colour on paper: keep it readable (gold, orange).
        textPrimary: { color: accentText },
        outlinedPrimary: { color: accentText, borderColor: alpha(accentText, 0.5) },
      },
    },
    MuiLink: {
      styleOverrides: { root: { color: accentText } },
    },
    MuiTab: {
      // The selected tab's label, in the brand colour only where that is readable (not gold).
      styleOverrides: {
        root: insetRing,
        textColorPrimary: { '&.Mui-selected': { color: accentText } },
      },
    },
    MuiAvatar: {
      // MUI's default (near-white on grey 400) reads at 1.73:1.
      styleOverrides: { colorDefault: { color: avatar.contrastText, backgroundColor: avatar.main } },
    },
    MuiPaper: {
      styleOverrides: { rounded: { borderRadius: radius } },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderColor: palette.divider } },
    },
    MuiTableCell: {
      styleOverrides: {
        head: { fontWeight: 600, color: palette.text.primary, backgroundColor: headBackground },
      },
    },
    MuiFilledInput: {
      styleOverrides: {
        root: {
          backgroundColor: alpha(palette.primary.main, 0.05),
          borderTopLeftRadius: radius,
          borderTopRightRadius: radius,
          '&:hover': { backgroundColor: alpha(palette.primary.main, 0.09) },
          '&.Mui-focused': { backgroundColor: alpha(palette.primary.main, 0.09) },
        },
      },
    },
    MuiChip: {
      styleOverrides: { root: { borderRadius: radius * 2, fontWeight: 500 } },
    },
    RaDatagrid: {
      // Datagrid paints its sticky header cells with the paper colour; keep the head tint.
      styleOverrides: { root: { '& .RaDatagrid-headerCell': { backgroundColor: headBackground } } },
    },
    RaToolbar: {
      // react-admin's default paints form toolbars grey 300, on which the error-coloured remove
      // button reads at 4.25:1; the page background keeps them set apart and readable.
      styleOverrides: { root: { backgroundColor: palette.background.default } },
    },
    RaMenuItemLink: {
      styleOverrides: {
        root: {
          borderLeft: '3px solid transparent',
          '&.RaMenuItemLink-active': {
            borderLeftColor: palette.primary.main,
            backgroundColor: alpha(palette.primary.main, 0.08),
            color: accentText,
            fontWeight: 600,
            '& .MuiSvgIcon-root': { fill: accentText },
          },
        },
      },
    },
    RaLayout: {
      styleOverrides: {
        root: {
          '& .RaLayout-content': {
            width: '100%',
            maxWidth: CONTENT_MAX_WIDTH,
            marginLeft: 'auto',
            marginRight: 'auto',
          },
        },
      },
    },
  };
}

/**
 * Builds a client's theme the way react-admin's own themes do: a first theme fixes palette and
 * type scale, then component overrides computed from it are deep-merged by `createTheme`.
 */
export function createPortalTheme(brand: PortalBrand): PortalTheme {
  const base = createTheme(themeOptions(brand));
  // `base` is a whole Theme where createTheme takes options: letting TypeScript compare the two
  // (react-admin's 250 component keys) cost 27 s of every type check; at run time it is what MUI
  // documents (createTheme(theme, overrides)).
  const theme = createTheme(
    base as unknown as ThemeOptions,
    { components: componentOverrides(base, brand) },
    { components: brand.overrides?.(base) ?? {} },
  );
  const { primary, secondary, text } = theme.palette;
  const bar = theme.palette[brand.appBar ?? 'primary'];
  const logo = bindLogo({
    clientName: brand.clientName,
    fontFamily: theme.typography.fontFamily,
    colors: {
      primary: primary.main,
      secondary: secondary.main,
      contrastText: primary.contrastText,
      text: text.primary,
      bar: bar.main,
      barText: bar.contrastText,
    },
  });
  return { id: brand.id, clientName: brand.clientName, theme, logo };
}
