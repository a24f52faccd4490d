import useMediaQuery from '@mui/material/useMediaQuery';

/** Under 768 px (spec section 9, "table, list layout") lists show their records as a list, not a table. */
export const COMPACT_LIST_QUERY = '(max-width:767.95px)';

export function useIsCompactList(): boolean {
  // Client-only app: read the media query on the first render, so the table never flashes.
  return useMediaQuery(COMPACT_LIST_QUERY, { noSsr: true });
}
