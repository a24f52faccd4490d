import CloseIcon from '@mui/icons-material/Close';
import NotificationsIcon from '@mui/icons-material/Notifications';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import {
  NOTIFICACOES_BADGE_MAX,
  NOTIFICACOES_PANEL_FULL_WIDTH_BELOW_PX,
  NOTIFICACOES_PANEL_WIDTH_PX,
} from '../../domain/limits';

const PANEL_ID = 'notification-panel';
const FULL_WIDTH = `@media (max-width: ${NOTIFICACOES_PANEL_FULL_WIDTH_BELOW_PX - 0.02}px)`;
const TITLE_ID = 'notification-panel-title';

export interface NotificationBellProps {
  /** Unread notifications; no badge when none or not known. */
  count?: number;
  /** The panel's body; the empty state unless the notifications feature provides its list. */
  children?: ReactNode;
  /** Whether the panel is open, when the owner keeps that state (with onOpen and onClose). */
  open?: boolean;
  onOpen?: () => void;
  /** Asked to close (close button, Esc, a click outside). */
  onClose?: () => void;
  /** While closing has work to finish: the close button is disabled. */
  closing?: boolean;
}

/** The panel's loading state (also while its code arrives). */
export function PanelLoading() {
  const translate = useTranslate();
  return (
    <Box sx={{ flex: 1, display: 'grid', placeContent: 'center' }}>
      <CircularProgress aria-label={translate('shell.notificationPanel.loading')} />
    </Box>
  );
}

/** The panel's empty state (spec: a title and an explanatory text). */
export function NoNotifications() {
  const translate = useTranslate();
  return (
    <Box sx={{ flex: 1, display: 'grid', placeContent: 'center', justifyItems: 'center', gap: 1, p: 3 }}>
      <NotificationsNoneOutlinedIcon color="action" sx={{ fontSize: 48 }} aria-hidden />
      <Typography component="p" variant="subtitle1" align="center">
        {translate('shell.notificationPanel.emptyTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" align="center">
        {translate('shell.notificationPanel.emptyText')}
      </Typography>
    </Box>
  );
}

/**
 * The bell of the top bar and its panel (420 px wide, half the viewport high; narrower screens get
 * the screen's width). The panel is a dialog: focus moves into it, Esc or the close button closes
 * it and focus returns to the bell. Its footer opens the notifications page.
 */
export function NotificationBell({
  count,
  children = <NoNotifications />,
  open: controlledOpen,
  onOpen,
  onClose,
  closing = false,
}: NotificationBellProps) {
  const translate = useTranslate();
  const button = useRef<HTMLButtonElement>(null);
  const [ownOpen, setOwnOpen] = useState(false);
  const fullWidth = useMediaQuery(FULL_WIDTH, { noSsr: true });
  const open = controlledOpen ?? ownOpen;
  const close = onClose ?? (() => setOwnOpen(false));
  // The badge's text is part of the name (WCAG 2.5.3, Label in Name): "Notificações: 99+ novas".
  const shown = count && count > NOTIFICACOES_BADGE_MAX ? `${NOTIFICACOES_BADGE_MAX}+` : String(count ?? 0);
  const label = count
    ? translate('shell.notificationsUnread', { smart_count: count, count: shown })
    : translate('shell.notifications');
  return (
    <>
      <IconButton
        ref={button}
        color="inherit"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={open ? PANEL_ID : undefined}
        onClick={() => (onOpen ? onOpen() : setOwnOpen(true))}
      >
        {/* No badge at all at 0: a hidden one keeps its last number in the text, not in the name. */}
        {count ? (
          <Badge color="error" badgeContent={count} max={NOTIFICACOES_BADGE_MAX}>
            <NotificationsIcon />
          </Badge>
        ) : (
          <NotificationsIcon />
        )}
      </IconButton>
      <Popover
        id={PANEL_ID}
        open={open}
        anchorEl={() => button.current!}
        onClose={() => !closing && close()}
        // Full width: no margin from the screen's edges.
        marginThreshold={fullWidth ? 0 : undefined}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': TITLE_ID,
            sx: {
              width: NOTIFICACOES_PANEL_WIDTH_PX,
              // Below 480 px the panel takes the screen's width (spec section 2).
              maxWidth: '100vw',
              [FULL_WIDTH]: { width: '100vw' },
              height: '50vh',
              display: 'flex',
              flexDirection: 'column',
            },
          },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}>
          <Typography id={TITLE_ID} component="h2" variant="h6" sx={{ flex: 1 }}>
            {translate('shell.notifications')}
          </Typography>
          <IconButton aria-label={translate('ra.action.close')} onClick={close} disabled={closing} edge="end">
            <CloseIcon />
          </IconButton>
        </Box>
        <Divider />
        {children}
        <Divider />
        <Box sx={{ px: 2, py: 1.5, textAlign: 'center' }}>
          <Link component={RouterLink} to="/notificacoes" onClick={close}>
            {translate('shell.notificationPanel.seeAll')}
          </Link>
        </Box>
      </Popover>
    </>
  );
}
