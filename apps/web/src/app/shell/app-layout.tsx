import { useEffect, useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, styled } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SessionUser } from '@planpiso/domain';
import { queryClient } from '../../lib/query-client';
import { LiveNotifications } from '../../lib/realtime-notifications';
import { onSessionEnded, useSession, type Session } from '../../lib/session';
import { theme } from '../theme';
import { SideMenu, useMenuPendingNotifications } from './side-menu';
import { TopBar } from './top-bar';
import './shell.css';

/**
 * The toasts in the theme's colours: notistack's own blue and green under white text are 3.1:1 and 3.3:1 (axe's
 * color-contrast, WCAG AA asks 4.5:1); the navy and the dark red and green pass.
 */
const Toast = styled(MaterialDesignContent)(({ theme: t }) => ({
  '&.notistack-MuiContent-info': { backgroundColor: t.palette.primary.main },
  '&.notistack-MuiContent-success': { backgroundColor: t.palette.success.dark },
  '&.notistack-MuiContent-error': { backgroundColor: t.palette.error.dark },
}));
const TOASTS = { info: Toast, success: Toast, error: Toast };

/**
 * The authenticated frame. MUI's theme lives here, not in the entry: the sign-in page is plain markup so it
 * loads little JavaScript. The frame: top bar, side menu of width 240, and the routed screen. Below `md` the menu
 * is a drawer the top bar's button opens, so a phone's screen is the routed screen's alone. */
export function AppLayout() {
  const session = useSession();
  // One user's cached lists must never show to the next user of the same tab.
  useEffect(() => onSessionEnded(() => queryClient.clear()), []);
  // Every sign-out (the button, a 401, the timer, another tab) ends here: the shell without a session goes to the
  // sign-in page. Derived from the session, not told by a listener, so a sign-out in the shell's first frame (before
  // any effect has run) still leaves the page.
  if (!session) return <Navigate to="/login" replace />;
  return <Frame session={session} />;
}

function Frame({ session }: { session: Session }) {
  // noSsr: the first render already knows the screen's width, so a phone never draws the permanent menu.
  const compact = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [menuOpen, setMenuOpen] = useState(false);
  // A window widened past `md` shows the permanent menu; narrowed again, the drawer starts closed. Set while
  // rendering, not in an effect: an effect also ran after the first frame and shut a drawer opened before it.
  const [menuWidth, setMenuWidth] = useState(compact);
  if (menuWidth !== compact) {
    setMenuWidth(compact);
    setMenuOpen(false);
  }
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider
          maxSnack={3}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          autoHideDuration={5000}
          Components={TOASTS}
        >
          <LiveNotifications userId={session.user.id} accessToken={session.accessToken} />
          <div className="pp-frame">
            <Shell user={session.user} compact={compact} menuOpen={menuOpen} setMenuOpen={setMenuOpen} />
            <main className={compact ? 'pp-main pp-main--compact' : 'pp-main'}>
              {/* The top bar's height, so the screen starts under it. */}
              <div className="pp-toolbar" />
              <Outlet />
            </main>
          </div>
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

type ShellProps = {
  user: SessionUser;
  compact: boolean;
  menuOpen: boolean;
  setMenuOpen: (open: boolean) => void;
};

/** Top bar and side menu. The pending count lives here, not in the menu: a phone's closed menu is not mounted. */
function Shell({ user, compact, menuOpen, setMenuOpen }: ShellProps) {
  const pending = useMenuPendingNotifications(user);
  return (
    <>
      <TopBar
        user={user}
        onOpenMenu={compact ? () => setMenuOpen(true) : undefined}
        pendingNotifications={pending > 0}
      />
      <SideMenu user={user} pending={pending} compact={compact} open={menuOpen} onClose={() => setMenuOpen(false)} />
    </>
  );
}
