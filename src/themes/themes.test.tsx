import { createTheme, useTheme, type Theme } from '@mui/material/styles';
import { render, screen, waitFor } from '@testing-library/react';
import { AdminContext, type RaThemeOptions } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { THEME_IDS } from '../../domain/themes';
import { contrastRatio, parseColor, WCAG_AA_TEXT } from './contrast';
import { CONTENT_MAX_WIDTH, FONT_STACKS, logoFor, portalThemeFor, THEMES, themeFor } from './index';

const STATUS_COLORS = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;

/** The top bar's background, as the theme's MuiAppBar override paints it. */
const barColour = (id: string) =>
  (themeFor(id).components?.MuiAppBar?.styleOverrides?.colorPrimary as { backgroundColor: string }).backgroundColor;

describe.each(THEME_IDS)('theme %s', (id) => {
  const theme = themeFor(id);

  it('writes text and outlined primary buttons readably on paper', () => {
    const buttons = theme.components?.MuiButton?.styleOverrides as Record<string, { color: string }>;
    for (const variant of ['textPrimary', 'outlinedPrimary']) {
      expect(contrastRatio(buttons[variant].color, theme.palette.background.paper), variant).toBeGreaterThanOrEqual(
        WCAG_AA_TEXT,
      );
    }
  });

  it("writes the selected tab's label readably on paper", () => {
    const tab = theme.components?.MuiTab?.styleOverrides?.textColorPrimary as Record<string, { color: string }>;
    expect(contrastRatio(tab['&.Mui-selected'].color, theme.palette.background.paper)).toBeGreaterThanOrEqual(
      WCAG_AA_TEXT,
    );
  });

  it('rings keyboard focus on every ButtonBase control, readable on paper, on the page and on the top bar', () => {
    type Ring = { '&.Mui-focusVisible': { outline: string; outlineOffset: number } };
    const colourOf = (ring: Ring) => ring['&.Mui-focusVisible'].outline.replace(/^2px solid /, '');
    const base = theme.components?.MuiButtonBase?.styleOverrides?.root as Ring;
    for (const background of [theme.palette.background.paper, theme.palette.background.default]) {
      // WCAG 1.4.11: a focus indicator needs 3:1 against what is next to it.
      expect(contrastRatio(colourOf(base), background)).toBeGreaterThanOrEqual(3);
    }
    const bar = theme.components?.MuiAppBar?.styleOverrides?.colorPrimary as { '& .MuiButtonBase-root': Ring };
    expect(contrastRatio(colourOf(bar['& .MuiButtonBase-root']), barColour(id))).toBeGreaterThanOrEqual(3);
    // Inside lists that clip their content (menus, tabs), drawn inside the control.
    for (const name of ['MuiMenuItem', 'MuiListItemButton', 'MuiTab'] as const) {
      const ring = theme.components?.[name]?.styleOverrides?.root as Ring;
      expect(ring['&.Mui-focusVisible'].outlineOffset, name).toBeLessThan(0);
    }
  });

  it('draws avatar initials readably (the account menu, my account)', () => {
    const avatar = theme.components?.MuiAvatar?.styleOverrides?.colorDefault as {
      color: string;
      backgroundColor: string;
    };
    expect(contrastRatio(avatar.color, avatar.backgroundColor)).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
    // Set apart from the top bar it sits on.
    expect(avatar.backgroundColor).not.toBe(barColour(id));
  });

  it('writes the form toolbar buttons (save, audit, remove) readably on its background', () => {
    const toolbar = (theme.components?.RaToolbar?.styleOverrides?.root as { backgroundColor: string }).backgroundColor;
    const buttons = theme.components?.MuiButton?.styleOverrides as Record<string, { color: string }>;
    expect(contrastRatio(theme.palette.error.main, toolbar), 'remove').toBeGreaterThanOrEqual(WCAG_AA_TEXT);
    expect(contrastRatio(buttons.textPrimary.color, toolbar), 'audit').toBeGreaterThanOrEqual(WCAG_AA_TEXT);
    expect(
      contrastRatio(theme.palette.primary.contrastText, theme.palette.primary.main),
      'save',
    ).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
  });

  it('is registered under its own id', () => {
    expect(THEMES[id]).toBeDefined();
    expect(THEMES[id].id).toBe(id);
    expect(theme).toBe(THEMES[id].theme);
  });

  it('is accepted by react-admin and rebuilt by createTheme without loss', () => {
    const options: RaThemeOptions = theme;
    const rebuilt = createTheme(options);
    expect(rebuilt.palette.primary.main).toBe(theme.palette.primary.main);
    expect(rebuilt.palette.mode).toBe('light');
    expect(rebuilt.shape.borderRadius).toBe(theme.shape.borderRadius);
    expect(rebuilt.components?.RaLayout).toEqual(theme.components?.RaLayout);
  });

  it('has readable text on its brand colours and on its background', () => {
    const { palette } = theme;
    expect(contrastRatio(palette.primary.contrastText, palette.primary.main)).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
    expect(contrastRatio(palette.text.primary, palette.background.default)).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
    expect(contrastRatio(palette.text.secondary, palette.background.default)).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
    for (const color of STATUS_COLORS) {
      expect(contrastRatio(palette[color].contrastText, palette[color].main), color).toBeGreaterThanOrEqual(
        WCAG_AA_TEXT,
      );
    }
  });

  it('is a complete light theme: type scale, system fonts, spacing and the portal component overrides', () => {
    expect(theme.palette.mode).toBe('light');
    expect(Object.values(FONT_STACKS)).toContain(theme.typography.fontFamily);
    for (const variant of ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'body1', 'body2'] as const) {
      expect(theme.typography[variant].fontSize, variant).toMatch(/rem$/);
    }
    expect(['none', 'uppercase']).toContain(theme.typography.button.textTransform);
    expect(theme.spacing(1)).toBe('8px');
    expect(theme.sidebar.width).toBeGreaterThan(0);
    const components = theme.components ?? {};
    for (const name of [
      'MuiAppBar',
      'MuiButton',
      'MuiCard',
      'MuiPaper',
      'MuiTableCell',
      'MuiTextField',
      'MuiFilledInput',
      'MuiChip',
      'RaMenuItemLink',
      'RaLayout',
    ]) {
      expect(components, name).toHaveProperty(name);
    }
    expect(components.MuiTextField?.defaultProps?.variant).toMatch(/^(filled|outlined)$/);
    expect(components.MuiTextField?.defaultProps?.variant).toBe(components.MuiFormControl?.defaultProps?.variant);
    expect(components.RaLayout?.styleOverrides?.root).toMatchObject({
      '& .RaLayout-content': { maxWidth: CONTENT_MAX_WIDTH, marginLeft: 'auto', marginRight: 'auto' },
    });
    expect(CONTENT_MAX_WIDTH).toBe(1440);
  });

  it('reaches components through react-admin', () => {
    let seen: Theme | undefined;
    const Probe = () => {
      seen = useTheme();
      return null;
    };
    render(
      <AdminContext theme={theme}>
        <Probe />
      </AdminContext>,
    );
    expect(seen?.palette.primary.main).toBe(theme.palette.primary.main);
    expect(seen?.palette.secondary.main).toBe(theme.palette.secondary.main);
  });

  it('has a logo named after the client whose name it shows, then the portal, drawn in its colours', () => {
    const Logo = THEMES[id].logo;
    render(<Logo portalName="Portal Rede" />);
    const { clientName } = THEMES[id];
    // The name holds the wordmark, the logo's visible text (WCAG 2.5.3); the badge's initial is decoration.
    const name = clientName === 'Portal Rede' ? 'Portal Rede' : `${clientName} – Portal Rede`;
    const logo = screen.getByRole('img', { name });
    const shown = [...logo.querySelectorAll('text:not([aria-hidden])')].map((text) => text.textContent).join(' ');
    expect(shown).toBe(clientName);
    expect(logo.querySelector('[data-part="badge"]')).toHaveAttribute('fill', theme.palette.primary.main);
    expect(logo.querySelector('[data-part="accent"]')).toHaveAttribute('stroke', theme.palette.secondary.main);
    expect(logo).toHaveTextContent(THEMES[id].clientName);
  });
});

describe('themeFor', () => {
  it.each(['', 'AURORA', 'unknown', 'toString', null, undefined])('gives the default theme for %j', (id) => {
    expect(themeFor(id)).toBe(THEMES.default.theme);
    expect(portalThemeFor(id)).toBe(THEMES.default);
    expect(logoFor(id)).toBe(THEMES.default.logo);
  });

  it('gives each client its own theme', () => {
    expect(themeFor('granito')).toBe(THEMES.granito.theme);
    expect(themeFor('granito')).not.toBe(THEMES.default.theme);
  });
});

describe('the nine themes together', () => {
  const primaries = THEME_IDS.map((id) => themeFor(id).palette.primary.main.toLowerCase());
  const secondaries = THEME_IDS.map((id) => themeFor(id).palette.secondary.main.toLowerCase());

  it('cover every theme id and nothing else', () => {
    expect(Object.keys(THEMES).sort()).toEqual([...THEME_IDS].sort());
  });

  it('have nine different primary colours and nine different secondary ones', () => {
    expect(new Set(primaries).size).toBe(THEME_IDS.length);
    expect(new Set(secondaries).size).toBe(THEME_IDS.length);
  });

  it('have primary colours far enough apart to tell the clients apart', () => {
    const distance = (a: string, b: string) => {
      const [x, y] = [parseColor(a), parseColor(b)];
      return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
    };
    for (const [i, a] of primaries.entries()) {
      for (const b of primaries.slice(i + 1)) {
        expect(distance(a, b), `${a} vs ${b}`).toBeGreaterThanOrEqual(60);
      }
    }
  });
});

describe('PortalLogo', () => {
  it("draws the badge in the text colour of the top bar, which is Estrela's navy secondary", () => {
    const Logo = logoFor('estrela');
    render(<Logo portalName="Portal Estrela" onBar height={24} />);
    const logo = screen.getByRole('img', { name: 'Portal Estrela' });
    const { secondary } = themeFor('estrela').palette;
    expect(logo.querySelector('[data-part="badge"]')).toHaveAttribute('fill', secondary.contrastText);
    expect(logo).toHaveAttribute('height', '24');
  });

  it('sizes its box to the wordmark as the browser measures it, so a wider font clips no letter', async () => {
    // jsdom draws nothing: the browser's measure of the wordmark is given here.
    const tipo = (window as unknown as { SVGTextElement?: typeof SVGElement }).SVGTextElement ?? window.SVGElement;
    const proto = tipo.prototype as unknown as { getComputedTextLength?: () => number };
    const antes = proto.getComputedTextLength;
    proto.getComputedTextLength = () => 150;
    try {
      const Logo = logoFor('estrela');
      render(<Logo portalName="Portal Estrela" height={40} />);
      const logo = screen.getByRole('img', { name: 'Portal Estrela' });
      // The badge (40) and the gap (10), then the wordmark's 150 and 2 to spare.
      await waitFor(() => expect(logo).toHaveAttribute('viewBox', '0 0 202 40'));
      expect(logo).toHaveAttribute('width', '202');
    } finally {
      proto.getComputedTextLength = antes;
    }
  });

  it.each(THEME_IDS)('%s: the wordmark on the top bar is readable', (id) => {
    const Logo = logoFor(id);
    render(<Logo portalName={`Portal ${id}`} onBar />);
    const logo = screen.getByRole('img', { name: new RegExp(`Portal ${id}$`) });
    const wordmark = logo.querySelectorAll('text')[1].getAttribute('fill')!;
    expect(contrastRatio(wordmark, barColour(id))).toBeGreaterThanOrEqual(WCAG_AA_TEXT);
  });
});
