import { createPortalTheme } from './createPortalTheme';

/** Aurora: dawn rose and purple, rounded type and soft corners. */
export const aurora = createPortalTheme({
  id: 'aurora',
  clientName: 'Aurora',
  primary: { main: '#c2185b' },
  secondary: { main: '#6a1b9a' },
  background: '#f8f5f7',
  font: 'rounded',
  borderRadius: 12,
});
