import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import { MESSAGES, roleLabel, type SessionUser } from '@planpiso/domain';
import { Can } from '../../components/can';
import { Logo } from '../../components/logo';
import { signOut } from '../../lib/session';
import { CompanySelect } from './company-select';

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
 * the height of the spacer under it, so no screen's title slides under the bar.
 */
export function TopBar({ user, onOpenMenu, pendingNotifications }: TopBarProps) {
  return (
    <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 2, flexWrap: 'nowrap', overflow: 'hidden' }}>
        {onOpenMenu && (
          <IconButton color="inherit" edge="start" aria-label={MESSAGES.openMenu} onClick={onOpenMenu}>
            <Badge color="error" variant="dot" invisible={!pendingNotifications}>
              <MenuIcon />
            </Badge>
          </IconButton>
        )}
        <Logo size={34} color="#fff" onDark />
        <Box sx={{ flexGrow: 1 }} />
        {!onOpenMenu && (
          <>
            <Can operation="POST /api/auth/set-information">
              <CompanySelect user={user} />
            </Can>
            <Box sx={{ textAlign: 'right', lineHeight: 1.2, whiteSpace: 'nowrap' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {`${user.firstname} ${user.lastname}`}
              </Typography>
              <Typography variant="caption" sx={{ opacity: 0.85 }}>
                {roleLabel(user.type)}
              </Typography>
            </Box>
            <Tooltip title="Cerrar sesión">
              <IconButton color="inherit" aria-label="Cerrar sesión" onClick={signOut}>
                <LogoutIcon />
              </IconButton>
            </Tooltip>
          </>
        )}
      </Toolbar>
    </AppBar>
  );
}
