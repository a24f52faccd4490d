import useMediaQuery from '@mui/material/useMediaQuery';

/** Under 640 px (spec section 9): the menu search moves into the dropdown and breadcrumbs hide. */
export const NARROW_QUERY = '(max-width:639.95px)';

/**
 * Under 1024 px the top bar's labelled controls (language and account names, help and Academy
 * links) do not fit beside the menu search: the bar shows icons and an overflow menu instead.
 */
export const COMPACT_BAR_QUERY = '(max-width:1023.95px)';

export function useIsNarrow(): boolean {
  // Client-only app: read the media query on the first render, so nothing renders twice.
  return useMediaQuery(NARROW_QUERY, { noSsr: true });
}

/** True under 1024 px (and so also under 640 px). */
export function useIsCompactBar(): boolean {
  return useMediaQuery(COMPACT_BAR_QUERY, { noSsr: true });
}
