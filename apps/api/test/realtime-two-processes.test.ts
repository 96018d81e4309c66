import { setTimeout as sleep } from 'node:timers/promises';
import { io, type Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type NotificationResponse } from '@planpiso/domain';
import { systemClock } from '../src/platform/clock';
import { createJwt } from '../src/platform/jwt';
import { PENDING_NOTIFICATIONS_EVENT } from '../src/platform/realtime';
import { transaction } from '../src/platform/transaction';
import { HOUR, TEST_JWT_SECRET, createUser, fakeClock, setUserActive, signIn, type TestUser } from './harness';
import { stopChildApi } from './support/child-api';
import { twoApis, within, type SocketOptions } from './support/two-apis';

/**
 * Two API processes on one PostgreSQL (ARCHITECTURE §1): A is this test's own app, listening on a free port; B is
 * `src/server.ts` in a child process, as production runs it. A notification written through A must reach a socket
 * connected to B (through @socket.io/postgres-adapter) within a second, and only its own user's sockets.
 */

const two = twoApis();

/** The `connect_error` a refused socket gets. */
function refusal(
  port: number,
  options: SocketOptions,
): Promise<Error & { data?: { code?: string; message?: string } }> {
  const socket = two.socketTo(port, options);
  return within(
    new Promise((resolveError, reject) => {
      socket.once('connect', () => reject(new Error('the socket was let in')));
      socket.once('connect_error', resolveError);
    }),
    30_000,
    'connect_error',
  );
}

/** Resolves with the payload of the next `event` on `socket`. */
const next = <T>(socket: Socket, event: string) => new Promise<T>((resolveEvent) => socket.once(event, resolveEvent));

const notifyThroughA = (userIds: number[], type: 1 | 2, message: string) =>
  transaction(two.a.db, (tx) => two.a.app.services.notifications.notify(tx, userIds, type, message));

describe('live notifications across two API processes', () => {
  let x: TestUser;
  let y: TestUser;
  let tokenX: string;
  let tokenY: string;

  beforeAll(async () => {
    x = await createUser(two.a.db, 3);
    y = await createUser(two.a.db, 5);
    tokenX = await signIn(two.a.app, x.email);
    tokenY = await signIn(two.a.app, y.email);
  });

  it('a notification written through A reaches X’s socket on B within 1 s (and X’s socket on A)', async () => {
    const onB = await two.connected(two.b.port, { token: tokenX });
    const onA = await two.connected(two.portA, { token: tokenX });
    const arrivedOnB = next<NotificationResponse>(onB.socket, String(x.id));
    const arrivedOnA = next<NotificationResponse>(onA.socket, String(x.id));
    const total = next<{ total: number }>(onB.socket, PENDING_NOTIFICATIONS_EVENT);

    // The second is measured from the call that writes and commits the notification.
    const deadline = within(arrivedOnB, 1000, 'the event on B');
    const [created] = await notifyThroughA([x.id], 1, 'Disposición D-100 autorizada');
    const payload = await deadline;

    expect(payload).toEqual(created);
    expect(payload).toMatchObject({ type: 1, message: 'Disposición D-100 autorizada', isReaded: false });
    expect(await within(arrivedOnA, 5000, 'the event on A')).toEqual(created);
    expect(await within(total, 5000, 'the pending total')).toEqual({ total: 1 });
  });

  it('X’s socket hears none of Y’s events', async () => {
    const xOnB = await two.connected(two.b.port, { token: tokenX });
    const yOnB = await two.connected(two.b.port, { token: tokenY });
    const heardByX: unknown[] = [];
    // Even listening for Y's event name explicitly, X's socket is not in Y's room.
    xOnB.socket.on(String(y.id), (payload: unknown) => heardByX.push(payload));

    const arrived = next<NotificationResponse>(yOnB.socket, String(y.id));
    await notifyThroughA([y.id], 2, 'Excepción E-200 para Y');
    expect(await within(arrived, 5000, 'Y’s event')).toMatchObject({ message: 'Excepción E-200 para Y' });
    // Give a stray event every chance to show up before concluding there is none.
    await sleep(500);
    expect(heardByX).toEqual([]);
    expect(xOnB.heard).toEqual([]);
    expect(yOnB.heard.map((h) => h.event)).toEqual([String(y.id), PENDING_NOTIFICATIONS_EVENT]);
  });

  it('pushes nothing for a notification whose transaction rolled back', async () => {
    const onB = await two.connected(two.b.port, { token: tokenX });
    await expect(
      transaction(two.a.db, async (tx) => {
        await two.a.app.services.notifications.notify(tx, [x.id], 1, 'Nunca existió');
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    // A committed one right after arrives, and it is the first thing the socket hears.
    const arrived = next<NotificationResponse>(onB.socket, String(x.id));
    await notifyThroughA([x.id], 1, 'Disposición D-101 autorizada');
    expect(await within(arrived, 5000, 'the committed event')).toMatchObject({
      message: 'Disposición D-101 autorizada',
    });
    expect(onB.heard[0]?.payload).toMatchObject({ message: 'Disposición D-101 autorizada' });
    expect(onB.heard.some((h) => JSON.stringify(h.payload).includes('Nunca existió'))).toBe(false);
  });
});

describe('the handshake', () => {
  it('refuses an expired token, a missing one and a forged one with connect_error', async () => {
    const user = await createUser(two.a.db, 3);
    const twoHoursAgo = createJwt(TEST_JWT_SECRET, fakeClock(new Date(Date.now() - 2 * HOUR)));
    const expired = await twoHoursAgo.sign('access', String(user.id), { email: user.email }, 3600);

    const error = await refusal(two.b.port, { token: expired });
    expect(error.message).toBe('Unauthorized');
    expect(error.data).toEqual({ code: 'Unauthorized', message: MESSAGES.sessionExpired });

    expect((await refusal(two.b.port, {})).message).toBe('Unauthorized');
    const forged = createJwt('another-secret-that-is-long-enough-to-sign-0123', fakeClock());
    const token = await forged.sign('access', String(user.id), { email: user.email }, 3600);
    expect((await refusal(two.b.port, { token })).message).toBe('Unauthorized');
  });

  it('refuses an inactive user’s token', async () => {
    const user = await createUser(two.a.db, 3);
    const token = await signIn(two.a.app, user.email);
    await setUserActive(two.a.db, user.id, false);
    const error = await refusal(two.b.port, { token });
    expect(error.data).toEqual({ code: 'Unauthorized', message: MESSAGES.userInactive });
  });

  it('refuses a browser from another origin and lets in the app’s own', async () => {
    const user = await createUser(two.a.db, 3);
    const token = await signIn(two.a.app, user.email);
    for (const transport of ['websocket', 'polling'] as const) {
      await refusal(two.b.port, { token, origin: 'http://evil.example', transport });
    }
    const own = await two.connected(two.b.port, { token, origin: `http://localhost:${two.b.port}` });
    expect(own.socket.connected).toBe(true);
  });
});

describe('token expiry', () => {
  it('closes a socket when its token expires, and the client comes back with its current token', async () => {
    const user = await createUser(two.a.db, 3);
    const shortLived = await createJwt(TEST_JWT_SECRET, systemClock).sign(
      'access',
      String(user.id),
      { email: user.email },
      2,
    );
    const fresh = await signIn(two.a.app, user.email);
    let current = shortLived;
    const socket = io(`http://127.0.0.1:${two.b.port}`, {
      path: '/socket.io',
      // A function: socket.io-client asks for the token on every (re)connection, as the browser's client does.
      auth: (callback) => callback({ token: current }),
      transports: ['websocket'],
      reconnectionDelay: 100,
      reconnectionDelayMax: 200,
    });
    two.sockets.push(socket);
    await within(next(socket, 'connect'), 30_000, 'socket connection');
    current = fresh;
    const reason = await within(next<string>(socket, 'disconnect'), 10_000, 'disconnect at expiry');
    expect(reason).toBe('transport close');
    await within(next(socket, 'connect'), 10_000, 'reconnection');

    // Back in its room: it hears its user's notifications again.
    const arrived = next<NotificationResponse>(socket, String(user.id));
    await notifyThroughA([user.id], 1, 'Tras reconectar');
    expect(await within(arrived, 5000, 'event after reconnection')).toMatchObject({ message: 'Tras reconectar' });
  });
});

describe('shutdown', () => {
  it('B stops promptly on SIGTERM with sockets still connected', async () => {
    const user = await createUser(two.a.db, 3);
    const token = await signIn(two.a.app, user.email);
    const socket = (await two.connected(two.b.port, { token })).socket;
    const disconnected = next<string>(socket, 'disconnect');
    const started = Date.now();
    const code = await stopChildApi(two.b);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(code, two.b.output.join('')).toBe(0);
    expect(await within(disconnected, 5000, 'disconnect')).toBeTruthy();
  });
});
