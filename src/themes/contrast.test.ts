import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { contrastRatio, meetsTextContrast, parseColor, relativeLuminance } from './contrast';

describe('parseColor', () => {
  it('reads long and short hex and rgb()', () => {
    expect(parseColor('#1d4f91')).toEqual([29, 79, 145]);
    expect(parseColor('#FA0')).toEqual([255, 170, 0]);
    expect(parseColor('rgb(12, 34, 56)')).toEqual([12, 34, 56]);
  });

  it.each(['red', '#12345', 'rgba(0, 0, 0, 0.5)', 'rgb(256, 0, 0)', ''])('refuses %j', (color) => {
    expect(() => parseColor(color)).toThrow(/Unsupported colour/);
  });
});

describe('relativeLuminance', () => {
  it('runs from 0 for black to 1 for white', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
    // Green weighs most in the WCAG formula.
    expect(relativeLuminance('#00ff00')).toBeCloseTo(0.7152, 4);
  });
});

describe('contrastRatio', () => {
  it('gives 21 for black on white and 1 for a colour on itself, in either order', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1d4f91', '#1d4f91')).toBe(1);
  });

  it('puts the 4.5:1 line between #777 and #767676 on white, as WCAG references do', () => {
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(meetsTextContrast('#777777', '#ffffff')).toBe(false);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(meetsTextContrast('#767676', '#ffffff')).toBe(true);
  });

  it.each([
    ['#1d4f91', '#f5f6f8'],
    ['#f2b705', '#1b1f24'],
    ['#ef6c00', '#ffffff'],
    ['rgb(10, 200, 90)', '#333'],
  ])('agrees with MUI for %s on %s', (foreground, background) => {
    // MUI rounds luminance to 3 decimals, so the two agree within 1 %, not exactly.
    const ratio = contrastRatio(foreground, background) / getContrastRatio(foreground, background);
    expect(Math.abs(ratio - 1)).toBeLessThan(0.01);
  });
});
