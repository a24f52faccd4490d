import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { LinkBase, useGetIdentity, useLogout, useTranslate } from 'react-admin';
import type { PortalIdentity } from '../../providers/authProvider';
import { visuallyHidden } from '../components/visuallyHidden';

/** "Ana Maria Souza" → "AS"; one word → its first letter. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0][0];
  const last = words.length > 1 ? words[words.length - 1][0] : '';
  return (first + last).toLocaleUpperCase();
}

/** Avatar and name of the signed-in user, opening a menu with "my account" and sign-out. */
export function AccountMenu({ compact = false }: { compact?: boolean }) {
  const translate = useTranslate();
  const logout = useLogout();
  const { identity } = useGetIdentity();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const user = identity as PortalIdentity | undefined;
  if (!user) return null;
  const name = user.fullName ?? user.email ?? '';

  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="true"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ minWidth: 0, textTransform: 'none', gap: 1, px: compact ? 0.5 : 2 }}
      >
        {/* The name comes from the hidden text ("Conta de Ana"), which holds what is shown (the
            user's name) as WCAG 2.5.3 asks: an aria-label would not be checked against the initials. */}
        <Avatar src={user.avatar} alt="" aria-hidden sx={{ width: 32, height: 32, fontSize: 14 }}>
          {initials(name)}
        </Avatar>
        {!compact && (
          <Box
            component="span"
            aria-hidden
            sx={{ maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {name}
          </Box>
        )}
        <Box component="span" sx={visuallyHidden}>
          {translate('shell.account.open', { nome: name })}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography fontWeight="bold">{name}</Typography>
          {user.email && (
            <Typography variant="body2" color="text.secondary">
              {user.email}
            </Typography>
          )}
          {user.tipo && (
            <Typography variant="body2" color="text.secondary">
              {translate(`tiposUsuario.${user.tipo}`)}
            </Typography>
          )}
        </Box>
        <Divider />
        <MenuItem component={LinkBase} to="/minha-conta" onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <AccountCircleIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('shell.account.myAccount')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('shell.account.signOut')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
