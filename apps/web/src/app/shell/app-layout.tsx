import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import Box from '@mui/material/Box';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import { queryClient } from '../../lib/query-client';
import { LiveNotifications } from '../../lib/realtime-notifications';
import { onSessionEnded, useSession } from '../../lib/session';
import { theme } from '../theme';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

/**
 * The authenticated frame. MUI's theme lives here, not in the entry: the sign-in page is plain markup so it
 * loads little JavaScript. The frame: top bar, side menu of width 240, and the routed screen. */
export function AppLayout() {
  const session = useSession();
  // One user's cached lists must never show to the next user of the same tab.
  useEffect(() => onSessionEnded(() => queryClient.clear()), []);
  if (!session) return null;
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider
          maxSnack={3}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          autoHideDuration={5000}
        >
          <LiveNotifications userId={session.user.id} accessToken={session.accessToken} />
          <Box sx={{ display: 'flex', minHeight: '100vh' }}>
            <TopBar user={session.user} />
            <SideMenu user={session.user} />
            <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: 3 }}>
              <Toolbar />
              <Outlet />
            </Box>
          </Box>
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
