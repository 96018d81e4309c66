import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import { MESSAGES, roleLabel, type SessionUser } from '@planpiso/domain';
import { Can } from '../../components/can';
import { IconAction } from '../../components/icon-action';
import { Logo } from '../../components/logo';
import { signOut } from '../../lib/session';
import { CompanySelect } from './company-select';
import '../../components/round-button.css';
import './shell.css';

type TopBarProps = {
  user: SessionUser;
  /** On a small screen: opens the side menu (the button shows a dot while notifications are pending). */
  onOpenMenu?: () => void;
  pendingNotifications?: boolean;
};

/**
 * spec 1 §2.3: logo, company dropdown (types 4 and 5), full name and role label, logout. On a small screen (the
 * menu button shown) the bar keeps the menu button and the logo only: the company switch, the name and the logout
 * are in the menu's drawer (`AccountPanel`), so nothing runs past a phone's edge and the bar keeps its height —
 * the height of the spacer under it, so no screen's title slides under the bar. Plain markup (shell.css).
 */
export function TopBar({ user, onOpenMenu, pendingNotifications }: TopBarProps) {
  return (
    <header className="pp-top-bar">
      <div className="pp-toolbar pp-top-bar__row">
        {onOpenMenu && (
          <button
            type="button"
            className="pp-round-button pp-round-button--medium pp-top-bar__menu-button"
            aria-label={MESSAGES.openMenu}
            onClick={onOpenMenu}
          >
            <span className="pp-top-bar__badge">
              <MenuIcon />
              {pendingNotifications && (
                <span className="pp-top-bar__dot" role="img" aria-label="Notificaciones pendientes" />
              )}
            </span>
          </button>
        )}
        <Logo size={34} color="#fff" onDark />
        <div className="pp-top-bar__push" />
        {!onOpenMenu && (
          <>
            <Can operation="POST /api/auth/set-information">
              <CompanySelect user={user} />
            </Can>
            <div className="pp-top-bar__user">
              <p className="pp-top-bar__name">{`${user.firstname} ${user.lastname}`}</p>
              <span className="pp-top-bar__role">{roleLabel(user.type)}</span>
            </div>
            <IconAction
              title="Cerrar sesión"
              label="Cerrar sesión"
              icon={<LogoutIcon />}
              onClick={signOut}
              className="pp-round-button--medium pp-top-bar__action"
            />
          </>
        )}
      </div>
    </header>
  );
}
