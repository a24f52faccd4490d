import { createPortalTheme, INK } from './createPortalTheme';

/** Horizonte: sunset orange over a deep sky, pill-shaped buttons. */
export const horizonte = createPortalTheme({
  id: 'horizonte',
  clientName: 'Horizonte',
  primary: { main: '#ef6c00', contrastText: INK },
  secondary: { main: '#01579b' },
  background: '#f5f7fa',
  font: 'humanist',
  borderRadius: 8,
  overrides: () => ({
    MuiButton: { styleOverrides: { root: { borderRadius: 999 } } },
  }),
});
