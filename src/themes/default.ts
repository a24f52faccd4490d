import { createPortalTheme } from './createPortalTheme';

/** The default theme, for clients without a theme of their own. */
export const defaultPortalTheme = createPortalTheme({
  id: 'default',
  clientName: 'Portal Rede',
  primary: { main: '#1d4f91' },
  secondary: { main: '#00796b' },
});
