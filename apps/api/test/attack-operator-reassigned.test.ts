import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { UserResponse } from '@planpiso/domain';
import { accountOperators } from '../src/db/schema/assignments';
import { users } from '../src/db/schema/users';
import { credentials } from '../src/db/schema/identity';
import { bearer, buildTestApp, createOrganisation, createUser, json, signIn, TEST_PASSWORD } from './harness';

/**
 * Issue 27 §2 (decision 064): an account moves to another operator, and the first operator keeps no power over its
 * dealers — not even over the ones it registered itself. Reads (list, detail, companies) and writes (PUT, status,
 * resend) alike.
 */
const t = await buildTestApp();
const { app, db } = t;
afterAll(() => t.close());

const org = await createOrganisation(db);
const first = await createUser(db, 3);
const second = await createUser(db, 3);
const superUser = await createUser(db, 1);
const dealer = await createUser(db, 5, { companies: [org.companies[0]!.id], companyId: org.companies[0]!.id });
// The first operator registered the dealer, and operates its account.
await db.update(users).set({ registerBy: first.id }).where(eq(users.id, dealer.id));
await db.insert(accountOperators).values({ accountId: org.account.id, userId: first.id });

const tokens = {
  first: await signIn(app, first.email),
  second: await signIn(app, second.email),
  superUser: await signIn(app, superUser.email),
};
type Who = keyof typeof tokens;
const call = (who: Who, method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(tokens[who]), ...(payload ? { payload } : {}) });

const listed = async (who: Who) =>
  json<{ data: { items: UserResponse[] } }>(
    await call(who, 'GET', `/api/users?email=${encodeURIComponent(dealer.email)}`),
  ).data.items.map((u) => u.id);
const row = async () => (await db.select().from(users).where(eq(users.id, dealer.id)))[0]!;
const passwordHash = async () =>
  (await db.select({ hash: credentials.passwordHash }).from(credentials).where(eq(credentials.userId, dealer.id)))[0]!
    .hash;

describe('an operator whose account moved to another operator (issue 27 §2)', () => {
  it('reaches the dealers while it operates the account', async () => {
    expect(await listed('first')).toEqual([dealer.id]);
    expect((await call('first', 'GET', `/api/users/${dealer.id}`)).statusCode).toBe(200);
    expect(await listed('second')).toEqual([]);
  });

  it('lists, reads, edits, toggles and resends nothing of them once the account is reassigned', async () => {
    const moved = await call('superUser', 'PATCH', `/api/accounts/${org.account.id}/assign`, { userId: second.id });
    expect(moved.statusCode, moved.body).toBe(200);

    expect(await listed('first')).toEqual([]);
    expect((await call('first', 'GET', `/api/users/${dealer.id}`)).statusCode).toBe(404);
    expect((await call('first', 'GET', `/api/users/${dealer.id}/companies`)).statusCode).toBe(404);

    const before = await row();
    const hash = await passwordHash();
    const resent = await call('first', 'PATCH', `/api/users/${dealer.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(404);
    const toggled = await call('first', 'PATCH', `/api/users/${dealer.id}/active`, {
      active: false,
      version: before.version,
    });
    expect(toggled.statusCode, toggled.body).toBe(404);
    const edited = await call('first', 'PUT', `/api/users/${dealer.id}`, {
      firstname: 'Cambiado',
      lastname: before.lastname,
      email: before.email,
      phone: '5512345678',
      additionalEmails: '',
      roleId: before.roleId ?? 1,
      accountId: org.account.id,
      companyId: org.companies[0]!.id,
    });
    expect(edited.statusCode, edited.body).toBe(404);

    // Nothing moved: same row, same password, and the dealer still signs in with it.
    const after = await row();
    expect({ isActive: after.isActive, version: after.version, firstname: after.firstname }).toEqual({
      isActive: before.isActive,
      version: before.version,
      firstname: before.firstname,
    });
    expect(await passwordHash()).toBe(hash);
    await signIn(app, dealer.email, TEST_PASSWORD);

    // The new operator has them.
    expect(await listed('second')).toEqual([dealer.id]);
    expect((await call('second', 'GET', `/api/users/${dealer.id}`)).statusCode).toBe(200);
  });
});
