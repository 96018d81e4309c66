import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { MENUS, isUserType, matchRoute, menuPaths, type MenuItem, type SessionUser } from '@planpiso/domain';
import { lazyDialog } from '../../components/lazy-dialog';
import { prefetchRoute } from '../list-prefetch';
import { MENU_ICONS } from './menu-icons';
import { usePendingNotifications } from './use-pending-notifications';
import './side-menu.css';

// Its code loads at the first press of 'Abrir menú'; mounted from then on, so later presses slide it in and out.
const PhoneMenu = lazyDialog(
  async () => (await import('./phone-menu')).PhoneMenu,
  (props) => props.open,
);

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
    <nav aria-label="Menú principal" className="pp-menu">
      <ul className="pp-menu__list">
        {items.map((item) => (
          <MenuEntry
            key={item.label}
            item={item}
            activePath={activePath}
            pendingNotifications={pending > 0}
            onNavigate={compact ? onClose : undefined}
          />
        ))}
      </ul>
    </nav>
  );

  if (compact) {
    return (
      <PhoneMenu user={user} open={open} onClose={onClose}>
        {content}
      </PhoneMenu>
    );
  }
  // From `md` up: a fixed column under the top bar, as MUI's permanent drawer drew it.
  return (
    <div className="pp-side">
      <div className="pp-side__paper">
        <div className="pp-side__spacer" />
        {content}
      </div>
    </div>
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

/** MUI's ExpandLess / ExpandMore chevron, drawn here: the menu is plain markup (side-menu.css). */
function Chevron({ open }: { open: boolean }) {
  return (
    <svg className="pp-menu__chevron" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={open ? 'm12 8-6 6 1.41 1.41L12 10.83l4.59 4.58L18 14z' : 'M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z'}
      />
    </svg>
  );
}

function MenuEntry({ item, activePath, pendingNotifications, nested, onNavigate }: EntryProps) {
  const children = item.children ?? [];
  const [open, setOpen] = useState(() => !!activePath && menuPaths(children).includes(activePath));
  const icon = nested ? null : <span className="pp-menu__icon">{MENU_ICONS[item.label]}</span>;

  if (item.children) {
    return (
      <li>
        {/* role="button" said aloud, as MUI's list button did: the journeys find parents by it. */}
        <button
          type="button"
          role="button"
          className="pp-menu__item"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
        >
          {icon}
          <span className="pp-menu__label">{item.label}</span>
          <Chevron open={open} />
        </button>
        {open && (
          <ul className="pp-menu__list">
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
          </ul>
        )}
      </li>
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
    <li>
      <Link
        to={to}
        className={nested ? 'pp-menu__item pp-menu__item--nested' : 'pp-menu__item'}
        aria-current={selected ? 'page' : undefined}
        onMouseEnter={prefetch}
        onFocus={prefetch}
        onClick={onNavigate}
      >
        {icon}
        <span className="pp-menu__label">{item.label}</span>
        {item.path === NOTIFICATIONS_PATH && pendingNotifications && (
          <span className="pp-menu__dot" role="img" aria-label="Notificaciones pendientes" />
        )}
      </Link>
    </li>
  );
}
