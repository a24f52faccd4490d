import { createPortalTheme } from './createPortalTheme';

/** Boreal: forest green and slate. */
export const boreal = createPortalTheme({
  id: 'boreal',
  clientName: 'Boreal',
  primary: { main: '#2e7d32' },
  secondary: { main: '#455a64' },
  background: '#f4f7f4',
  font: 'humanist',
  borderRadius: 6,
});
