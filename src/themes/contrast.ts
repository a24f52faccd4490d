/**
 * WCAG 2.x relative luminance and contrast ratio, used to keep every theme readable.
 * https://www.w3.org/TR/WCAG21/#dfn-relative-luminance
 */

/** Minimum contrast for normal-size text (WCAG 2.x, level AA). */
export const WCAG_AA_TEXT = 4.5;

export type Rgb = readonly [red: number, green: number, blue: number];

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i;

/**
 * Parses `#rgb`, `#rrggbb` or `rgb(r, g, b)` (what MUI's `darken`/`lighten` return).
 * Anything else, translucent colours included, throws: their contrast depends on what lies beneath.
 */
export function parseColor(color: string): Rgb {
  const value = color.trim();
  const hex = HEX.exec(value);
  if (hex) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((digit) => digit + digit).join('') : hex[1];
    return [0, 2, 4].map((start) => parseInt(digits.slice(start, start + 2), 16)) as unknown as Rgb;
  }
  const rgb = RGB.exec(value);
  if (rgb) {
    const channels = rgb.slice(1, 4).map(Number);
    if (channels.every((channel) => channel <= 255)) return channels as unknown as Rgb;
  }
  throw new Error(`Unsupported colour for a contrast check: ${color}`);
}

const linear = (channel: number): number => {
  const srgb = channel / 255;
  return srgb <= 0.03928 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
};

/** Relative luminance, from 0 (black) to 1 (white). */
export function relativeLuminance(color: string): number {
  const [red, green, blue] = parseColor(color).map(linear);
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** Contrast ratio between two colours, from 1 (same) to 21 (black on white); order does not matter. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a);
  return (lighter + 0.05) / (darker + 0.05);
}

export const meetsTextContrast = (foreground: string, background: string): boolean =>
  contrastRatio(foreground, background) >= WCAG_AA_TEXT;
