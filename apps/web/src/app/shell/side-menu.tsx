import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  MENUS,
  SIDE_MENU_WIDTH,
  isUserType,
  matchRoute,
  menuPaths,
  type MenuItem,
  type SessionUser,
} from '@planpiso/domain';
import { prefetchRoute } from '../list-prefetch';
import { AccountPanel } from './account-panel';
import { MENU_ICONS } from './menu-icons';
import { usePendingNotifications } from './use-pending-notifications';

const NOTIFICATIONS_PATH = '/notificaciones';

/** The pending-notifications count for the dot, polled only when the user's menu has Notificaciones (0 if not). */
export function useMenuPendingNotifications(user: SessionUser): number {
  const items = isUserType(user.type) ? MENUS[user.type] : [];
  return usePendingNotifications(user.id, menuPaths(items).includes(NOTIFICATIONS_PATH));
}

type SideMenuProps = {
  user: SessionUser;
  pending: number;
  /** Below `md` the menu is a temporary drawer: shown while `open`, not mounted while closed. */
  compact: boolean;
  open: boolean;
  onClose: () => void;
};

/**
 * The menu of the user's type (spec 1 §6), parents expanding and collapsing, children navigating. A screen's entry
 * is a real link (`<a href>`): it opens in a new tab and its address can be copied; parents are buttons. From `md`
 * up it is always there, beside the screen; on a phone it opens over the screen from the top bar's button and
 * closes when an entry is followed, on the backdrop or on Escape.
 */
export function SideMenu({ user, pending, compact, open, onClose }: SideMenuProps) {
  const items = isUserType(user.type) ? MENUS[user.type] : [];
  const { pathname } = useLocation();
  const route = matchRoute(pathname);
  // A form highlights the list it belongs to (/crear-usuario → Usuarios).
  const activePath = route?.parent ?? route?.path;

  const content = (
    <Box component="nav" aria-label="Menú principal" sx={{ overflowY: 'auto', py: 1 }}>
      <List disablePadding>
        {items.map((item) => (
          <MenuEntry
            key={item.label}
            item={item}
            activePath={activePath}
            pendingNotifications={pending > 0}
            onNavigate={compact ? onClose : undefined}
          />
        ))}
      </List>
    </Box>
  );

  if (compact) {
    // The top bar has no room on a phone: the account's controls open with the menu, above its entries.
    return (
      <Drawer
        variant="temporary"
        open={open}
        onClose={onClose}
        ModalProps={{ keepMounted: false }}
        sx={{ '& .MuiDrawer-paper': { width: SIDE_MENU_WIDTH, boxSizing: 'border-box' } }}
      >
        <Toolbar />
        <AccountPanel user={user} onClose={onClose} />
        {content}
      </Drawer>
    );
  }
  return (
    <Drawer
      variant="permanent"
      sx={{
        width: SIDE_MENU_WIDTH,
        flexShrink: 0,
        '& .MuiDrawer-paper': { width: SIDE_MENU_WIDTH, boxSizing: 'border-box' },
      }}
    >
      <Toolbar />
      {content}
    </Drawer>
  );
}

type EntryProps = {
  item: MenuItem;
  activePath?: string;
  pendingNotifications: boolean;
  nested?: boolean;
  /** Called when the entry's link is followed (closes the phone's drawer). */
  onNavigate?: () => void;
};

function MenuEntry({ item, activePath, pendingNotifications, nested, onNavigate }: EntryProps) {
  const children = item.children ?? [];
  const [open, setOpen] = useState(() => !!activePath && menuPaths(children).includes(activePath));
  const icon = nested ? null : <ListItemIcon sx={{ minWidth: 36 }}>{MENU_ICONS[item.label]}</ListItemIcon>;

  if (item.children) {
    return (
      <ListItem disablePadding sx={{ display: 'block' }}>
        <ListItemButton onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {icon}
          <ListItemText primary={item.label} />
          {open ? <ExpandLess /> : <ExpandMore />}
        </ListItemButton>
        <Collapse in={open} timeout="auto" unmountOnExit>
          <List disablePadding>
            {item.children.map((child) => (
              <MenuEntry
                key={child.label}
                item={child}
                activePath={activePath}
                pendingNotifications={pendingNotifications}
                nested
                onNavigate={onNavigate}
              />
            ))}
          </List>
        </Collapse>
      </ListItem>
    );
  }

  const selected = !!item.path && item.path === activePath;
  const to = item.path ?? '/';
  // Pointing at (or tabbing to) an entry fetches its screen and starts its list call before the click.
  const prefetch = () => {
    const route = matchRoute(to);
    if (route) prefetchRoute(route, new URL(to, window.location.origin));
  };
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={Link}
        to={to}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        onMouseEnter={prefetch}
        onFocus={prefetch}
        onClick={onNavigate}
        sx={{ pl: nested ? 7 : 2 }}
      >
        {icon}
        <ListItemText primary={item.label} />
        {item.path === NOTIFICATIONS_PATH && pendingNotifications && (
          <Box
            component="span"
            role="img"
            aria-label="Notificaciones pendientes"
            sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: 'error.main', flexShrink: 0 }}
          />
        )}
      </ListItemButton>
    </ListItem>
  );
}
