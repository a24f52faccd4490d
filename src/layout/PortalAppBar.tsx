import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { LinkBase, LoadingIndicator, useTranslate } from 'react-admin';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { visuallyHidden } from '../components/visuallyHidden';
import { AccountMenu } from './AccountMenu';
import { NotificationBell } from './NotificationBell';
import { PortalMenu } from './PortalMenu';
import { useIsCompactBar, useIsNarrow } from './useIsNarrow';
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

interface ExternalLinkData {
  href: string;
  label: string;
  icon: ReactNode;
}

function ExternalLink({ href, label, icon }: ExternalLinkData) {
  const translate = useTranslate();
  return (
    <Tooltip title={label}>
      <IconButton
        color="inherit"
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

/** The help-centre and Academy links when the bar is too narrow for them: a "more" menu. */
function MoreLinks({ links }: { links: ExternalLinkData[] }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={translate('shell.more')}
        aria-haspopup="true"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {links.map(({ href, label, icon }) => (
          <MenuItem
            key={href}
            component="a"
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${label} ${translate('shell.opensInNewTab')}`}
            onClick={() => setAnchor(null)}
          >
            <ListItemIcon>{icon}</ListItemIcon>
            <ListItemText>{label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/**
 * The portal's top bar: brand (to /home), menu with search, help-centre and Academy links,
 * language, notifications and the account menu. Under 1024 px language and account lose their
 * names and the two links move into a "more" menu; under 640 px the menu search moves into the
 * menu's dropdown. The brand gives way first (the title ends in an ellipsis).
 */
export function PortalAppBar({ logo, notifications }: PortalAppBarProps) {
  const translate = useTranslate();
  const narrow = useIsNarrow();
  const compact = useIsCompactBar() || narrow;
  const { data } = useMenuUsuarioLogado();
  const title = data?.title ?? translate('portal.name');

  const links: ExternalLinkData[] = [];
  if (data?.linkHelpTec)
    links.push({ href: data.linkHelpTec, label: translate('shell.help'), icon: <HelpOutlineIcon /> });
  if (data?.linkAcademia) {
    links.push({ href: data.linkAcademia, label: translate('shell.academy'), icon: <SchoolOutlinedIcon /> });
  }

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
      <Typography variant="h6" component="span" noWrap sx={{ display: 'block', maxWidth: 240 }}>
        {title}
      </Typography>
    );
  }

  return (
    <AppBar position="sticky" elevation={1} sx={{ top: 0, displayPrint: 'none' }}>
      <Toolbar variant="dense" sx={{ gap: { xs: 0.5, sm: 1.5 }, minHeight: 56, px: { xs: 1, sm: 2 } }}>
        <Box
          component={LinkBase}
          to="/home"
          sx={{
            display: 'flex',
            alignItems: 'center',
            color: 'inherit',
            textDecoration: 'none',
            minWidth: 0,
            overflow: 'hidden',
            // The containing block of the hidden part of the name: clipped here, not past the screen's edge.
            position: 'relative',
            // The theme's logo scales down with the room left.
            '& > svg': { maxWidth: '100%', height: 'auto' },
          }}
        >
          {brand}
          {/* The name is the brand's own (title, image alt, logo) and where the link goes: the
              visible brand stays part of the name (WCAG 2.5.3, Label in Name). */}
          <Box component="span" sx={visuallyHidden}>
            {` – ${translate('shell.home')}`}
          </Box>
        </Box>
        <PortalMenu />
        <Box data-tour="toolbar" sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0, sm: 0.5 }, flexShrink: 0 }}>
          {/* The spinner it shows while loading gets this name (react-admin gives it none). */}
          {!narrow && <LoadingIndicator aria-label={translate('ra.page.loading')} />}
          {!compact && links.map((link) => <ExternalLink key={link.href} {...link} />)}
          <LanguageSwitcher variant="menu" locales={data?.locales} compact={compact} />
          {notifications ?? <NotificationBell />}
          <AccountMenu compact={compact} />
          {compact && links.length > 0 && <MoreLinks links={links} />}
        </Box>
      </Toolbar>
    </AppBar>
  );
}
