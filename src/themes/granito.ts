import { createPortalTheme } from './createPortalTheme';

/** Granito: warm graphite and steel blue, no rounding, engraved-looking table heads. */
export const granito = createPortalTheme({
  id: 'granito',
  clientName: 'Granito',
  primary: { main: '#4d4844' },
  secondary: { main: '#2e6b8a' },
  background: '#f4f4f3',
  borderRadius: 0,
  buttonTextTransform: 'uppercase',
  overrides: (theme) => ({
    MuiTableCell: {
      styleOverrides: {
        head: { textTransform: 'uppercase', letterSpacing: '0.06em', fontSize: theme.typography.caption.fontSize },
      },
    },
  }),
});
