import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LinkBase, LoadingIndicator, useTranslate } from 'react-admin';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { AccountMenu } from './AccountMenu';
import { NotificationBell } from './NotificationBell';
import { PortalMenu } from './PortalMenu';
import { useIsNarrow } from './useIsNarrow';
import { useMenuUsuarioLogado } from './useMenuUsuarioLogado';

export interface PortalAppBarProps {
  /**
   * The theme's logo. The client's configured brand image (`brandImageUrl`) wins over it; without
   * either, the portal's title is shown.
   */
  logo?: ReactNode;
  /** The bell; the notifications feature passes its own (with the unread count and panel). */
  notifications?: ReactNode;
}

function ExternalLink({ href, label, icon, small }: { href: string; label: string; icon: ReactNode; small: boolean }) {
  const translate = useTranslate();
  return (
    <Tooltip title={label}>
      <IconButton
        color="inherit"
        size={small ? 'small' : 'medium'}
        component="a"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`${label} ${translate('shell.opensInNewTab')}`}
      >
        {icon}
      </IconButton>
    </Tooltip>
  );
}

/**
 * The portal's top bar: brand (to /home), menu with search, help-centre and Academy links,
 * language, notifications and the account menu.
 */
export function PortalAppBar({ logo, notifications }: PortalAppBarProps) {
  const translate = useTranslate();
  const narrow = useIsNarrow();
  const { data } = useMenuUsuarioLogado();
  const title = data?.title ?? translate('portal.name');

  let brand: ReactNode;
  if (data?.brandImageUrl) {
    brand = (
      <Box
        component="img"
        src={data.brandImageUrl}
        alt={title}
        sx={{ display: 'block', maxHeight: 36, maxWidth: 160 }}
      />
    );
  } else if (logo) {
    brand = logo;
  } else {
    brand = (
      <Typography variant="h6" component="span" noWrap sx={{ display: 'block', maxWidth: { xs: 96, sm: 240 } }}>
        {title}
      </Typography>
    );
  }

  return (
    <AppBar position="sticky" elevation={1} sx={{ top: 0 }}>
      <Toolbar variant="dense" sx={{ gap: { xs: 0.5, sm: 1.5 }, minHeight: 56, px: { xs: 1, sm: 2 } }}>
        <Box
          component={LinkBase}
          to="/home"
          // The visible brand stays part of the link's name (WCAG 2.5.3).
          aria-label={`${title} – ${translate('shell.home')}`}
          sx={{ display: 'flex', alignItems: 'center', color: 'inherit', textDecoration: 'none', minWidth: 0 }}
        >
          {brand}
        </Box>
        <PortalMenu />
        <Box data-tour="toolbar" sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0, sm: 0.5 }, flexShrink: 0 }}>
          {!narrow && <LoadingIndicator />}
          {data?.linkHelpTec && (
            <ExternalLink
              href={data.linkHelpTec}
              label={translate('shell.help')}
              icon={<HelpOutlineIcon />}
              small={narrow}
            />
          )}
          {data?.linkAcademia && (
            <ExternalLink
              href={data.linkAcademia}
              label={translate('shell.academy')}
              icon={<SchoolOutlinedIcon />}
              small={narrow}
            />
          )}
          <LanguageSwitcher variant="menu" locales={data?.locales} compact={narrow} />
          {notifications ?? <NotificationBell />}
          <AccountMenu compact={narrow} />
        </Box>
      </Toolbar>
    </AppBar>
  );
}
