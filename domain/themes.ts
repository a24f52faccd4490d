/** The nine colour themes (spec section 1): the default one and eight client themes. */
export const THEME_IDS = [
  'default',
  'aurora',
  'boreal',
  'cometa',
  'delta',
  'estrela',
  'fenix',
  'granito',
  'horizonte',
] as const;
export type ThemeId = (typeof THEME_IDS)[number];

export const isThemeId = (value: unknown): value is ThemeId => THEME_IDS.includes(value as ThemeId);
