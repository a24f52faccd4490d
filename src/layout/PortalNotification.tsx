import { ThemeProvider } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { Notification } from 'react-admin';
import { themeFor } from '../themes';
import { MENU_USUARIO_LOGADO_KEY, type MenuUsuarioLogado } from './useMenuUsuarioLogado';

/**
 * The toasts, at the bottom left (spec section 8), in the client's theme: react-admin renders them
 * outside the layout, where its own theme's orange (#ed6c02) put white warning text at 3.1:1. The
 * theme is the one the layout's menu names (read from its query, never fetched here: public pages
 * have no session), the default theme until then; every theme's status colours carry white text.
 */
/**
 * On a phone react-admin fixes the form's toolbar (Save) to the bottom of the screen, where the
 * toast would lie over it (and stay while a pointer rests on it): there the toast sits above it.
 */
const ABOVE_MOBILE_TOOLBAR = { bottom: { xs: 80, sm: 24 } } as const;

export function PortalNotification() {
  const { data } = useQuery<MenuUsuarioLogado>({ queryKey: MENU_USUARIO_LOGADO_KEY, enabled: false });
  return (
    <ThemeProvider theme={themeFor(data?.theme)}>
      <Notification anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }} sx={ABOVE_MOBILE_TOOLBAR} />
    </ThemeProvider>
  );
}
