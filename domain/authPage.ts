/**
 * The look of the pages a visitor sees before signing in: the identity server's sign-in page
 * (server/auth/pages.ts) and the app's public forgot-password page. One definition, so both read as
 * the same portal.
 */
export const AUTH_PAGE_LOOK = {
  background: '#eef1f5',
  ink: '#1f2933',
  primary: '#1565c0',
  fontFamily: 'Roboto,Helvetica,Arial,sans-serif',
  cardMaxWidthPx: 380,
  cardPaddingPx: 32,
  cardRadiusPx: 8,
  cardShadow: '0 2px 12px rgba(0,0,0,.12)',
  titleSize: '1.35rem',
} as const;
