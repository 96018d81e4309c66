import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { users } from '../src/db/schema/users';
import { transaction } from '../src/platform/transaction';
import {
  bearer,
  buildTestApp,
  closeTestDb,
  createUser,
  readMail,
  signIn,
  type TestApp,
  type TestUser,
} from './harness';
import { startChildApi, stopChildApi, type ChildApi } from './support/child-api';

/**
 * Issue 27 §6 (decision 065): a socket opened before the session ended stops hearing the user's notifications — on
 * every API process. A is this test's app, B `src/server.ts` in a child process on the same PostgreSQL; each case
 * ends the session through A and watches a real socket.io client on A and on B be cut off.
 */

let a: TestApp;
let portA: number;
let b: ChildApi | undefined;
const sockets: Socket[] = [];

beforeAll(async () => {
  a = await buildTestApp();
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  const address = a.app.server.address();
  portA = typeof address === 'object' && address ? address.port : 0;
  b = await startChildApi(inject('databaseUrl'));
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  if (b) await stopChildApi(b);
  await a?.close();
  await closeTestDb();
}, 60_000);

/** Settles with `promise`, or fails after `ms` (a bound on a hang, not a speed target). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A connected socket (no reconnection: a cut socket stays cut), with the events it hears and its end. */
async function connected(port: number, token: string) {
  const socket = io(`http://127.0.0.1:${port}`, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    timeout: 20_000,
  });
  sockets.push(socket);
  const heard: string[] = [];
  socket.onAny((event: string) => heard.push(event));
  const ended = new Promise<string>((resolveEnd) => socket.once('disconnect', resolveEnd));
  await within(
    new Promise<void>((resolveConnect, reject) => {
      socket.once('connect', resolveConnect);
      socket.once('connect_error', reject);
    }),
    30_000,
    'socket connection',
  );
  return { socket, heard, ended };
}

const notify = (userId: number, message: string) =>
  transaction(a.db, (tx) => a.app.services.notifications.notify(tx, [userId], 1, message));

/** Two sockets of the user, on A and on B, that hear a notification — then the session ends and both are cut. */
async function cutOnBothProcesses(user: TestUser, end: () => Promise<void>) {
  const token = await signIn(a.app, user.email);
  const onA = await connected(portA, token);
  const onB = await connected(b!.port, token);
  const heardOnB = new Promise((resolveHeard) => onB.socket.once(String(user.id), resolveHeard));
  await notify(user.id, 'Antes del cierre');
  await within(heardOnB, 20_000, 'the notification before the end');

  await end();
  await within(onA.ended, 20_000, 'the socket on A to be cut');
  await within(onB.ended, 20_000, 'the socket on B to be cut');
  expect(onA.socket.connected).toBe(false);
  expect(onB.socket.connected).toBe(false);
  const before = [...onB.heard];
  await notify(user.id, 'Después del cierre');
  expect(onB.heard).toEqual(before);
}

describe('ending a session cuts the user’s sockets on every API process (issue 27 §6)', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await signIn(a.app, (await createUser(a.db, 1)).email);
  });

  it('sign-out', async () => {
    const user = await createUser(a.db, 3);
    await cutOnBothProcesses(user, async () => {
      const token = await signIn(a.app, user.email);
      const out = await a.app.inject({ method: 'POST', url: '/api/identity/sign-out', headers: bearer(token) });
      expect(out.statusCode).toBe(200);
    });
  });

  it('deactivation', async () => {
    const user = await createUser(a.db, 2);
    await cutOnBothProcesses(user, async () => {
      const [row] = await a.db.select({ version: users.version }).from(users).where(eq(users.id, user.id));
      const off = await a.app.inject({
        method: 'PATCH',
        url: `/api/users/${user.id}/active`,
        headers: bearer(admin),
        payload: { active: false, version: row!.version },
      });
      expect(off.statusCode, off.body).toBe(200);
    });
  });

  it('a password reset by code', async () => {
    const user = await createUser(a.db, 4);
    await cutOnBothProcesses(user, async () => {
      await a.app.inject({ method: 'POST', url: '/api/identity/forgot-password', payload: { email: user.email } });
      const [mail] = await readMail(user.email, a.app);
      const code = /\b(\d{6})\b/.exec(mail?.text ?? '')![1]!;
      const reset = await a.app.inject({
        method: 'POST',
        url: '/api/identity/confirm-forgot-password',
        payload: { email: user.email, code, newPassword: 'Nueva#Clave9' },
      });
      expect(reset.statusCode, reset.body).toBe(200);
    });
  });

  it('a resent temporary password (the administrator revokes the sessions)', async () => {
    const user = await createUser(a.db, 2);
    await cutOnBothProcesses(user, async () => {
      const resent = await a.app.inject({
        method: 'PATCH',
        url: `/api/users/${user.id}/resend`,
        headers: bearer(admin),
      });
      expect(resent.statusCode, resent.body).toBe(200);
    });
  });
});
