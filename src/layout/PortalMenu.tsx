import ClearIcon from '@mui/icons-material/Clear';
import MenuIcon from '@mui/icons-material/Menu';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { LinkBase, useLocation, useTranslate } from 'react-admin';
import { currentItemId, filterMenu } from './menuSearch';
import { useIsNarrow } from './useIsNarrow';
import { useMenuUsuarioLogado, type MenuItemData } from './useMenuUsuarioLogado';

interface MenuSearchProps {
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
  inBar?: boolean;
}

function MenuSearch({ value, onChange, autoFocus, inBar }: MenuSearchProps) {
  const translate = useTranslate();
  return (
    <TextField
      type="search"
      size="small"
      value={value}
      autoFocus={autoFocus}
      placeholder={translate('shell.menu.search')}
      onChange={(event) => onChange(event.target.value)}
      fullWidth
      sx={[
        // One clear button (ours, labelled), not the browser's own as well.
        { '& input::-webkit-search-cancel-button': { display: 'none' } },
        inBar ? { maxWidth: 360, bgcolor: 'background.paper', borderRadius: 1 } : {},
      ]}
      slotProps={{
        htmlInput: { 'aria-label': translate('shell.menu.search') },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: value ? (
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                aria-label={translate('shell.menu.clearSearch')}
                onClick={() => onChange('')}
              >
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}

interface MenuEntryProps {
  item: MenuItemData;
  currentId: string | undefined;
  depth: number;
  onNavigate: () => void;
}

function MenuEntry({ item, currentId, depth, onNavigate }: MenuEntryProps) {
  const selected = item.id === currentId;
  const indent = { pl: 2 + depth * 2 };
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      {item.path ? (
        <ListItemButton
          component={LinkBase}
          to={item.path}
          selected={selected}
          aria-current={selected ? 'page' : undefined}
          onClick={onNavigate}
          sx={{
            ...indent,
            borderRadius: 1,
            '&.Mui-selected': {
              fontWeight: 'fontWeightBold',
              boxShadow: (theme) => `inset 3px 0 ${theme.palette.primary.main}`,
            },
          }}
        >
          <ListItemText primary={item.title} slotProps={{ primary: { fontWeight: 'inherit' } }} />
        </ListItemButton>
      ) : (
        <ListItemText primary={item.title} sx={{ ...indent, py: 0.5 }} />
      )}
      {item.items && item.items.length > 0 && (
        <List disablePadding dense>
          {item.items.map((child) => (
            <MenuEntry key={child.id} item={child} currentId={currentId} depth={depth + 1} onNavigate={onNavigate} />
          ))}
        </List>
      )}
    </ListItem>
  );
}

/**
 * The menu button, the menu search (in the bar; inside the dropdown under 640 px) and the dropdown:
 * categories of `menuUsuarioLogado.menus`, each with its items and sub-items, the current one marked.
 */
export function PortalMenu() {
  const translate = useTranslate();
  const narrow = useIsNarrow();
  const { data, isPending, isError, refetch } = useMenuUsuarioLogado();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [shownPath, setShownPath] = useState(pathname);
  const anchorRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  // A navigation (a menu link, the browser's back button) closes the dropdown and clears the search.
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpen(false);
    setQuery('');
  }

  const menus = useMemo(() => data?.menus ?? [], [data]);
  const categories = useMemo(() => filterMenu(menus, query), [menus, query]);
  const currentId = useMemo(() => currentItemId(menus, pathname), [menus, pathname]);

  const changeQuery = (value: string) => {
    setQuery(value);
    if (value.trim()) setOpen(true);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown' && open && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      panelRef.current?.querySelector<HTMLElement>('a[href]')?.focus();
    }
  };

  const search = (inBar: boolean) => (
    <MenuSearch value={query} onChange={changeQuery} autoFocus={!inBar} inBar={inBar} />
  );

  let body;
  if (isPending) {
    body = (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2 }}>
        <CircularProgress size={20} aria-hidden />
        <Typography>{translate('shell.menu.loading')}</Typography>
      </Box>
    );
  } else if (isError) {
    body = (
      <Box role="alert" sx={{ p: 2 }}>
        <Typography gutterBottom>{translate('shell.menu.error')}</Typography>
        <Button size="small" onClick={() => void refetch()}>
          {translate('shell.menu.retry')}
        </Button>
      </Box>
    );
  } else if (categories.length === 0 && query.trim()) {
    body = (
      <Typography role="status" sx={{ p: 2 }}>
        {translate('shell.menu.noResults', { query: query.trim() })}
      </Typography>
    );
  } else {
    body = (
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 1 }}>
        {categories.map((category) => (
          <List
            key={category.id}
            dense
            aria-labelledby={`${panelId}-${category.id}`}
            subheader={
              <ListSubheader id={`${panelId}-${category.id}`} disableSticky sx={{ lineHeight: 2.5 }}>
                {category.title}
              </ListSubheader>
            }
          >
            {category.items.map((item) => (
              <MenuEntry key={item.id} item={item} currentId={currentId} depth={0} onNavigate={() => setOpen(false)} />
            ))}
          </List>
        ))}
      </Box>
    );
  }

  return (
    <ClickAwayListener onClickAway={() => setOpen(false)}>
      <Box
        ref={anchorRef}
        onKeyDown={onKeyDown}
        sx={{ display: 'flex', alignItems: 'center', gap: 1, flex: '1 1 auto', minWidth: 0 }}
      >
        <Button
          ref={buttonRef}
          color="inherit"
          data-tour="menu-button"
          aria-label={translate('shell.menu.open')}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen((value) => !value)}
          startIcon={narrow ? undefined : <MenuIcon />}
          sx={{ minWidth: 0, flexShrink: 0, px: narrow ? 1 : 2 }}
        >
          {narrow ? <MenuIcon /> : translate('shell.menu.button')}
        </Button>
        {!narrow && search(true)}
        <Popper
          open={open}
          anchorEl={anchorRef.current}
          placement="bottom-start"
          disablePortal
          sx={{ zIndex: 'modal' }}
          modifiers={[{ name: 'offset', options: { offset: [0, 8] } }]}
        >
          <Paper
            ref={panelRef}
            id={panelId}
            component="nav"
            aria-label={translate('shell.menu.navigation')}
            elevation={8}
            sx={{
              width: narrow ? 'calc(100vw - 16px)' : 'min(880px, calc(100vw - 32px))',
              maxHeight: '70vh',
              overflow: 'auto',
              p: 1,
            }}
          >
            {narrow && <Box sx={{ p: 1 }}>{search(false)}</Box>}
            {body}
          </Paper>
        </Popper>
      </Box>
    </ClickAwayListener>
  );
}
