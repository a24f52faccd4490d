// Test helper (never imported by the app).
import { vi } from 'vitest';

/**
 * Makes media queries answer as a viewport `width` px wide would (`true`: a 375 px phone, `false`:
 * a 1280 px desktop). Only `max-width` queries are read; others never match.
 */
export function mockViewport(width: number | boolean) {
  const px = width === true ? 375 : width === false ? 1280 : width;
  return vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return {
      matches: max !== null && px <= Number(max[1]),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    } as MediaQueryList;
  });
}
