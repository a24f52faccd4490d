import { createPortalTheme, INK } from './createPortalTheme';

/** Fénix: fire red and amber, square and uppercase. */
export const fenix = createPortalTheme({
  id: 'fenix',
  clientName: 'Fênix',
  primary: { main: '#b71c1c' },
  secondary: { main: '#ff8f00', contrastText: INK },
  background: '#f8f5f4',
  font: 'neoGrotesque',
  borderRadius: 2,
  buttonTextTransform: 'uppercase',
});
