import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import IconButton from '@mui/material/IconButton';
import Close from '@mui/icons-material/Close';
import type { RealtimeConnection } from './realtime';
import { notificationKeys } from './realtime-keys';

/** How long a live notification stays on screen (spec 1 §2.9: toasts auto-hide). */
export const LIVE_TOAST_MS = 6000;

type Props = { userId: number; accessToken: string };

/**
 * Mounted by the authenticated shell: while a session lasts, each live notification shows as a closable toast at
 * the bottom right (the shell's SnackbarProvider) and refreshes the notifications list and the red dot. Unmounting
 * (sign-out) closes the socket. Lives outside the sign-in page's chunk: socket.io loads with the shell.
 */
export function LiveNotifications({ userId, accessToken }: Props) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const connection = useRef<RealtimeConnection | null>(null);
  const latestToken = useRef(accessToken);

  useEffect(() => {
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.lists(userId) });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.pending(userId) });
    };
    // socket.io comes in its own chunk, asked for once the shell has rendered, so evaluating it no longer delays
    // the shell's first paint (issue 15); the connection starts when it arrives. Lost chunk: the 60 s poll remains.
    let conn: RealtimeConnection | null = null;
    let unmounted = false;
    void import('./realtime').then(
      ({ connectRealtime }) => {
        if (unmounted) return;
        conn = connectRealtime(userId, latestToken.current, {
          onNotification: (notification) => {
            enqueueSnackbar(notification.message, {
              variant: 'info',
              autoHideDuration: LIVE_TOAST_MS,
              action: (key) => (
                <IconButton
                  size="small"
                  color="inherit"
                  aria-label="Cerrar notificación"
                  onClick={() => closeSnackbar(key)}
                >
                  <Close fontSize="small" />
                </IconButton>
              ),
            });
            refresh();
          },
          onPendingTotal: (total) => queryClient.setQueryData(notificationKeys.pending(userId), total),
          onResync: refresh,
        });
        connection.current = conn;
      },
      () => undefined,
    );
    return () => {
      unmounted = true;
      conn?.close();
      connection.current = null;
    };
  }, [userId, queryClient, enqueueSnackbar, closeSnackbar]);

  useEffect(() => {
    latestToken.current = accessToken;
    connection.current?.updateToken(accessToken);
  }, [accessToken]);

  return null;
}
