import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/users';
import { transaction } from '../src/platform/transaction';
import { bearer, createUser, readMail, signIn, type TestUser } from './harness';
import { twoApis, within } from './support/two-apis';

/**
 * Issue 27 §6 (decision 065): a socket opened before the session ended stops hearing the user's notifications — on
 * every API process. A is this test's app, B `src/server.ts` in a child process on the same PostgreSQL; each case
 * ends the session through A and watches a real socket.io client on A and on B be cut off.
 */

const two = twoApis();

const notify = (userId: number, message: string) =>
  transaction(two.a.db, (tx) => two.a.app.services.notifications.notify(tx, [userId], 1, message));

/** Two sockets of the user, on A and on B, that hear a notification — then the session ends and both are cut. */
async function cutOnBothProcesses(user: TestUser, end: () => Promise<void>) {
  const token = await signIn(two.a.app, user.email);
  const onA = await two.connected(two.portA, { token });
  const onB = await two.connected(two.b.port, { token });
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
    admin = await signIn(two.a.app, (await createUser(two.a.db, 1)).email);
  });

  it('sign-out', async () => {
    const user = await createUser(two.a.db, 3);
    await cutOnBothProcesses(user, async () => {
      const token = await signIn(two.a.app, user.email);
      const out = await two.a.app.inject({ method: 'POST', url: '/api/identity/sign-out', headers: bearer(token) });
      expect(out.statusCode).toBe(200);
    });
  });

  it('deactivation', async () => {
    const user = await createUser(two.a.db, 2);
    await cutOnBothProcesses(user, async () => {
      const [row] = await two.a.db.select({ version: users.version }).from(users).where(eq(users.id, user.id));
      const off = await two.a.app.inject({
        method: 'PATCH',
        url: `/api/users/${user.id}/active`,
        headers: bearer(admin),
        payload: { active: false, version: row!.version },
      });
      expect(off.statusCode, off.body).toBe(200);
    });
  });

  it('a password reset by code', async () => {
    const user = await createUser(two.a.db, 4);
    await cutOnBothProcesses(user, async () => {
      await two.a.app.inject({ method: 'POST', url: '/api/identity/forgot-password', payload: { email: user.email } });
      const [mail] = await readMail(user.email, two.a.app);
      const code = /\b(\d{6})\b/.exec(mail?.text ?? '')![1]!;
      const reset = await two.a.app.inject({
        method: 'POST',
        url: '/api/identity/confirm-forgot-password',
        payload: { email: user.email, code, newPassword: 'Nueva#Clave9' },
      });
      expect(reset.statusCode, reset.body).toBe(200);
    });
  });

  it('a resent temporary password (the administrator revokes the sessions)', async () => {
    const user = await createUser(two.a.db, 2);
    await cutOnBothProcesses(user, async () => {
      const resent = await two.a.app.inject({
        method: 'PATCH',
        url: `/api/users/${user.id}/resend`,
        headers: bearer(admin),
      });
      expect(resent.statusCode, resent.body).toBe(200);
    });
  });
});
