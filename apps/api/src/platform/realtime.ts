import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { createAdapter } from '@socket.io/postgres-adapter';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { Server } from 'socket.io';
import { AppErrorCode, isUserType, MESSAGES } from '@planpiso/domain';
import { users } from '../db/schema/users';
import { guardPoolClients, type Db } from '../db/client';
import { verifyAccessToken } from './auth';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Logger } from './deps';
import { AppError, unauthorized } from './errors';
import type { Jwt } from './jwt';
import { SESSIONS_ENDED_CHANNEL } from './session-end';

/** Where socket.io answers. It is not a Fastify route (engine.io handles it before Fastify's router). */
export const REALTIME_PATH = '/socket.io';
/** Every socket of a user joins this room; an event for the user goes to the room, on every API copy. */
export const userRoom = (userId: number) => `user:${userId}`;
/** Spec 1 §2.9: live notifications arrive "on an event named after the user id". */
export const userEvent = (userId: number) => String(userId);
/** The user's unread total after a change, for the side menu's red dot (ours). */
export const PENDING_NOTIFICATIONS_EVENT = 'pending-notifications';

type SocketData = { userId: number; tokenExpiresAt: number; sessionVersion: number };
type RealtimeServer = Server<Record<string, never>, Record<string, (payload: unknown) => void>, never, SocketData>;

export type Realtime = {
  /** Sends `event` to every socket of the user, whichever API copy holds it (through PostgreSQL). */
  toUser(userId: number, event: string, payload: unknown): void;
  /** Resolves once this copy hears the others (its LISTEN is in place), so no event is missed after start. */
  ready(): Promise<void>;
  /** socket.io connections this copy holds now (the metrics). */
  connected(): number;
  /**
   * The process is stopping (platform/shutdown.ts): refuse new sockets and close every connection, as at a token's
   * expiry, so socket.io-client reconnects by itself — through the balancer, to another copy. Events still go out
   * to the other copies until close().
   */
  drain(): void;
  close(): Promise<void>;
};

export type RealtimeDeps = { config: Config; db: Db; jwt: Jwt; clock: Clock; log: Logger };

/** The handshake failure the client sees as `connect_error` (message 'Unauthorized', Spanish text in data). */
function unauthorizedError(message: string = MESSAGES.sessionInvalid) {
  return Object.assign(new Error('Unauthorized'), { data: { code: AppErrorCode.Unauthorized, message } });
}

/**
 * Browsers always send Origin with a socket.io request; only the app's own origin (APP_URL, or the host the
 * request came to) and CORS_ORIGINS may open one, so another site cannot drive a signed-in user's socket. Other
 * clients (server-side tools, tests) send no Origin and are judged by their token alone.
 */
function originCheck(config: Config) {
  const allowed = new Set([config.appUrl, ...config.corsOrigins].map((url) => originOf(url)).filter(Boolean));
  return (request: IncomingMessage): boolean => {
    const origin = request.headers.origin;
    if (origin === undefined) return true;
    if (allowed.has(origin)) return true;
    return originOf(origin) !== null && new URL(origin).host === request.headers.host;
  };
}

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * socket.io on the API's own HTTP server (ARCHITECTURE §1). The handshake carries the access token
 * (`auth.token`), verified like a Bearer header and with the user read from the database; each socket joins its
 * user's room and hears nothing else. @socket.io/postgres-adapter relays events between API copies through
 * LISTEN/NOTIFY on a small pool of its own (its LISTEN holds one connection for good).
 */
export function registerRealtime(app: FastifyInstance, { config, db, jwt, clock, log }: RealtimeDeps): Realtime {
  // A name per process, so ready() can find this copy's LISTEN among the others' in pg_stat_activity.
  const applicationName = `planpiso-realtime-${randomUUID().slice(0, 8)}`;
  // Two connections: the adapter's LISTEN keeps one; the other sends every NOTIFY, one after another, so a user's
  // events reach the other copies in the order they were emitted (the notification, then the new pending total).
  const pool = new pg.Pool({ ...db.$client.options, max: 2, application_name: applicationName });
  // A dropped idle connection must not crash the process; the adapter reconnects its LISTEN by itself.
  // pg's errors carry the whole client object: log what a reader needs. Once closing, a lost connection is expected.
  const warn = (error: Error & { code?: string }, msg: string) => {
    if (!closing) log.warn({ err: { message: error.message, code: error.code } }, msg);
  };
  pool.on('error', (error) => warn(error, 'realtime: PostgreSQL connection lost'));
  // The adapter keeps its LISTEN client checked out for good, with no 'error' listener of its own: a PostgreSQL
  // restart (57P01) ended the whole process (issue 27 item 13). Every client gets one, and a client that ends while
  // checked out goes back to the pool as broken; the adapter's own 'end' listener then LISTENs again on a new one.
  guardPoolClients(pool, (error) => warn(error, 'realtime: PostgreSQL connection lost'), { releaseOnEnd: true });

  const originAllowed = originCheck(config);
  const io: RealtimeServer = new Server(app.server, {
    path: REALTIME_PATH,
    serveClient: false,
    allowRequest: (request, callback) => {
      if (draining) return callback('Server shutting down', false);
      const allowed = originAllowed(request);
      callback(allowed ? null : 'Origin not allowed', allowed);
    },
    ...(config.corsOrigins.length > 0 ? { cors: { origin: config.corsOrigins, credentials: true } } : {}),
    adapter: createAdapter(pool, {
      errorHandler: (error) => warn(error, 'realtime: PostgreSQL adapter error'),
    }),
  });

  io.use((socket, next) => {
    const token: unknown = (socket.handshake.auth as { token?: unknown }).token;
    if (typeof token !== 'string' || token === '') return next(unauthorizedError());
    authenticate(token).then(
      ({ userId, exp, sessionVersion }) => {
        socket.data = { userId, tokenExpiresAt: exp * 1000, sessionVersion };
        next();
      },
      (error: unknown) => next(unauthorizedError(error instanceof AppError ? error.message : undefined)),
    );
  });

  async function authenticate(token: string) {
    const claims = await verifyAccessToken(jwt, token);
    const id = Number(claims.sub);
    if (!Number.isSafeInteger(id)) throw unauthorized(MESSAGES.sessionInvalid);
    const [row] = await db
      .select({
        type: users.type,
        isActive: users.isActive,
        isArchived: users.isArchived,
        sessionVersion: users.sessionVersion,
      })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    // The same rules as a Bearer request (platform/auth.ts): unknown or inactive users are refused.
    if (!row || !isUserType(row.type)) throw unauthorized(MESSAGES.sessionInvalid);
    if (!row.isActive || row.isArchived) throw unauthorized(MESSAGES.userInactive);
    if (row.sessionVersion !== claims.sessionVersion) throw unauthorized(MESSAGES.sessionInvalid);
    return { userId: id, exp: claims.exp, sessionVersion: row.sessionVersion };
  }

  /**
   * The users' session versions now, in one statement; a user who may no longer hold a socket at all (gone,
   * inactive, archived) is absent. The ids travel as one array parameter, however many sockets a copy holds.
   */
  async function currentSessionVersions(userIds: readonly number[]): Promise<Map<number, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await db
      .select({
        id: users.id,
        isActive: users.isActive,
        isArchived: users.isArchived,
        sessionVersion: users.sessionVersion,
      })
      .from(users)
      .where(sql`${users.id} = any(${`{${userIds.join(',')}}`}::int[])`);
    return new Map(rows.filter((row) => row.isActive && !row.isArchived).map((row) => [row.id, row.sessionVersion]));
  }

  /** The user's session version now, or null when the user may no longer hold a socket at all. */
  async function currentSessionVersion(userId: number): Promise<number | null> {
    return (await currentSessionVersions([userId])).get(userId) ?? null;
  }

  /**
   * Closes every socket of the user held by this copy (each copy hears the announcement and closes its own).
   * Closing the connection, as at the token's expiry: socket.io-client comes back by itself with the token it holds
   * by then — a browser that just chose a new password holds a fresh one and gets in again, a signed-out or
   * deactivated one is refused at the handshake and stops.
   */
  function closeSocketsOf(userId: number): void {
    for (const id of io.sockets.adapter.rooms.get(userRoom(userId)) ?? []) io.sockets.sockets.get(id)?.conn.close();
  }

  /**
   * LISTEN on SESSIONS_ENDED_CHANNEL with a connection of its own, reconnecting after a lost one (PostgreSQL
   * restarted): the process must never die of it, and a copy that missed announcements while disconnected closes
   * the sockets whose session version moved on meanwhile.
   */
  const sessionsListenerName = `${applicationName}-sessions`;
  let sessionsClient: pg.Client | undefined;
  let sessionsRetry: NodeJS.Timeout | undefined;
  function listenForEndedSessions(): void {
    if (closing) return;
    const client = new pg.Client({ ...db.$client.options, application_name: sessionsListenerName });
    sessionsClient = client;
    const lost = (error: Error) => {
      if (sessionsClient !== client) return;
      warn(error, 'realtime: session-end listener lost; reconnecting');
      sessionsClient = undefined;
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
      if (closing || sessionsRetry) return;
      sessionsRetry = setTimeout(() => {
        sessionsRetry = undefined;
        listenForEndedSessions();
      }, 1000);
      sessionsRetry.unref();
    };
    client.on('error', lost);
    client.on('end', () => lost(new Error('connection ended')));
    client.on('notification', (message) => {
      const userId = Number(message.payload);
      if (Number.isSafeInteger(userId)) closeSocketsOf(userId);
    });
    client
      .connect()
      .then(() => client.query(`LISTEN ${SESSIONS_ENDED_CHANNEL}`))
      .then(() => sweepStaleSockets())
      .catch((error: Error) => lost(error));
  }

  /** Closes this copy's sockets whose session ended while no announcement could reach it. */
  async function sweepStaleSockets(): Promise<void> {
    const sockets = [...io.sockets.sockets.values()];
    // One read for every user holding a socket here, not one per socket.
    const versions = await currentSessionVersions([...new Set(sockets.map((socket) => socket.data.userId))]);
    for (const socket of sockets) {
      if ((versions.get(socket.data.userId) ?? null) !== socket.data.sessionVersion) socket.conn.close();
    }
  }

  io.on('connection', (socket) => {
    void socket.join(userRoom(socket.data.userId));
    // A session that ended between the handshake's read and the join was announced to a room this socket was not in
    // yet: read the version again now that it is in (decision 065).
    currentSessionVersion(socket.data.userId).then(
      (version) => {
        if (version !== socket.data.sessionVersion) socket.conn.close();
      },
      () => socket.conn.close(),
    );
    // The socket lives no longer than its token. Closing the connection (rather than a server-side disconnect,
    // which tells the client not to come back) lets socket.io-client reconnect by itself with the token it holds
    // by then: a refreshed one gets in again, a signed-out browser gets connect_error and stops.
    const left = Math.min(Math.max(socket.data.tokenExpiresAt - clock.now().getTime(), 0), 2 ** 31 - 1);
    const expiry = setTimeout(() => socket.conn.close(), left);
    expiry.unref();
    socket.on('disconnect', () => clearTimeout(expiry));
  });

  let closing: Promise<void> | undefined;
  let draining = false;
  const realtime: Realtime = {
    toUser(userId, event, payload) {
      io.to(userRoom(userId)).emit(event, payload);
    },

    async ready() {
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline && !closing) {
        let listening: boolean;
        try {
          // Both LISTENs: the adapter's (events from the other copies) and the session-end one (decision 065).
          const { rowCount } = await pool.query(
            `select 1 from pg_stat_activity where application_name in ($1, $2) and query like 'LISTEN %'`,
            [applicationName, sessionsListenerName],
          );
          listening = rowCount === 2;
        } catch (error) {
          // PostgreSQL is down: the API still starts (/api/ready says so) and the adapter keeps reconnecting.
          log.warn({ err: error }, 'realtime: cannot reach PostgreSQL; live events wait for it');
          return;
        }
        if (listening) return;
        await sleep(20);
      }
      if (!closing) log.warn('realtime: not listening to the other API copies yet; events from them may be late');
    },

    connected: () => io.engine.clientsCount,

    drain() {
      draining = true;
      // A transport close, never a server-side disconnect (which tells the client not to come back).
      for (const socket of io.sockets.sockets.values()) socket.conn.close();
    },

    close: () =>
      (closing ??= (async () => {
        // Disconnects every socket (an open WebSocket would keep the HTTP server from closing), stops the adapter's
        // LISTEN, heartbeat and cleanup timers, then lets the pool go.
        clearTimeout(sessionsRetry);
        const client = sessionsClient;
        sessionsClient = undefined;
        await client?.end().catch(() => undefined);
        await io.close();
        await pool.end();
      })()),
  };

  listenForEndedSessions();
  app.addHook('onReady', () => realtime.ready());
  app.addHook('preClose', () => realtime.close());
  return realtime;
}
