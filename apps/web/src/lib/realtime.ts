import { io, type Socket } from 'socket.io-client';
import { notificationResponse, type NotificationResponse } from '@planpiso/domain';

/** Where the API answers socket.io (apps/api/src/platform/realtime.ts). */
export const REALTIME_PATH = '/socket.io';
/** The user's unread total after any change, for the red dot (the API's own event next to the spec's). */
export const PENDING_NOTIFICATIONS_EVENT = 'pending-notifications';
/** Spec 1 §2.9: a user's live notifications arrive on an event named after the user id. */
export const userEvent = (userId: number) => String(userId);

export type RealtimeHandlers = {
  onNotification: (notification: NotificationResponse) => void;
  onPendingTotal: (total: number) => void;
  /** Connected again after a gap: events of the gap were lost, so whatever they would have refreshed is stale. */
  onResync: () => void;
};

export type RealtimeConnection = {
  /** After a session refresh: the socket re-authenticates with the fresh access token. */
  updateToken: (accessToken: string) => void;
  /** Sign-out (or the shell going away): no more events. */
  close: () => void;
};

/**
 * The live-notifications socket (spec 1 §2.9), authenticated with the access token in the handshake. The server
 * drops a socket when its token expires and refuses an expired one; a refreshed token reconnects before that.
 * WebSocket only: with several API copies behind a load balancer, HTTP long-polling would need sticky sessions.
 */
export function connectRealtime(userId: number, accessToken: string, handlers: RealtimeHandlers): RealtimeConnection {
  let token = accessToken;
  let connectedBefore = false;
  const socket: Socket = io({
    path: REALTIME_PATH,
    transports: ['websocket'],
    // A function, read on every (re)connection, so a reconnect always carries the latest token.
    auth: (send) => send({ token }),
  });

  socket.on('connect', () => {
    if (connectedBefore) handlers.onResync();
    connectedBefore = true;
  });
  socket.on(userEvent(userId), (payload: unknown) => {
    const parsed = notificationResponse.safeParse(payload);
    if (parsed.success) handlers.onNotification(parsed.data);
  });
  socket.on(PENDING_NOTIFICATIONS_EVENT, (payload: unknown) => {
    const total = (payload as { total?: unknown } | null)?.total;
    if (typeof total === 'number') handlers.onPendingTotal(total);
  });

  return {
    updateToken(next) {
      if (next === token) return;
      token = next;
      // A socket stays authorised for the token it opened with; reopen it under the new one.
      socket.disconnect();
      socket.connect();
    },
    close() {
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
}
