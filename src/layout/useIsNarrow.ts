import useMediaQuery from '@mui/material/useMediaQuery';

/** Under 640 px (spec section 9): the menu search moves into the dropdown and breadcrumbs hide. */
export const NARROW_QUERY = '(max-width:639.95px)';

export function useIsNarrow(): boolean {
  // Client-only app: read the media query on the first render, so nothing renders twice.
  return useMediaQuery(NARROW_QUERY, { noSsr: true });
}
