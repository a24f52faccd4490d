import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import type { MouseEvent } from 'react';
import { useTranslate } from 'react-admin';

export interface NotificationBellProps {
  /** Unread notifications; nothing is shown until the notifications feature provides it. */
  count?: number;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
}

/** The bell of the top bar. The notifications feature fills the count and opens its panel. */
export function NotificationBell({ count, onClick }: NotificationBellProps) {
  const translate = useTranslate();
  return (
    <IconButton color="inherit" aria-label={translate('shell.notifications')} onClick={onClick}>
      <Badge color="error" badgeContent={count} max={99} invisible={!count}>
        <NotificationsIcon />
      </Badge>
    </IconButton>
  );
}
