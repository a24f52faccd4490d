import { createPortalTheme } from './createPortalTheme';

/** Delta: teal and burnt orange, outlined inputs. */
export const delta = createPortalTheme({
  id: 'delta',
  clientName: 'Delta',
  primary: { main: '#00695c' },
  secondary: { main: '#bf360c' },
  font: 'neoGrotesque',
  borderRadius: 4,
  inputVariant: 'outlined',
});
