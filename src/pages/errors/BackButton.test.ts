import { describe, expect, it } from 'vitest';
import { canGoBack } from './BackButton';

describe('canGoBack', () => {
  it("trusts the browser router's entry index when there is one", () => {
    expect(canGoBack('k1', { idx: 0, key: 'k1' })).toBe(false);
    expect(canGoBack('k2', { idx: 3, key: 'k2' })).toBe(true);
    // The first page after the sign-in redirect was replaced: still the first entry of the tab.
    expect(canGoBack('random', { idx: 0 })).toBe(false);
  });

  it("otherwise treats the router's first location ('default') as having nothing before it", () => {
    expect(canGoBack('default', null)).toBe(false);
    expect(canGoBack(undefined, null)).toBe(false);
    expect(canGoBack('a1b2', null)).toBe(true);
  });
});
