import { createPortalTheme } from './createPortalTheme';

/** Cometa: deep violet with a petrol tail. */
export const cometa = createPortalTheme({
  id: 'cometa',
  clientName: 'Cometa',
  primary: { main: '#5e35b1' },
  secondary: { main: '#006d77' },
  background: '#f6f5fa',
  font: 'geometric',
  borderRadius: 8,
});
