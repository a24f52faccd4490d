import CloseIcon from '@mui/icons-material/Close';
import NotificationsIcon from '@mui/icons-material/Notifications';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

const PANEL_ID = 'notification-panel';
const TITLE_ID = 'notification-panel-title';

export interface NotificationBellProps {
  /** Unread notifications; no badge until the notifications feature provides it. */
  count?: number;
  /** The panel's body; the empty state until the notifications feature provides its list. */
  children?: ReactNode;
}

/** The panel's empty state (spec: a title and an explanatory text). */
function NoNotifications() {
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
export function NotificationBell({ count, children = <NoNotifications /> }: NotificationBellProps) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={translate('shell.notifications')}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? PANEL_ID : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge color="error" badgeContent={count} max={99} invisible={!count}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        id={PANEL_ID}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': TITLE_ID,
            sx: {
              width: 420,
              maxWidth: 'calc(100vw - 16px)',
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
          <IconButton aria-label={translate('ra.action.close')} onClick={close} edge="end">
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
