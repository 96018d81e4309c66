import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  additionalEmailsInvalid,
  temporaryPasswordResent,
  userSaved,
  userUpdated,
  type SessionUser,
  type UserResponse,
  type UserType,
} from '@planpiso/domain';
import { auditLog } from '../src/db/schema/audit';
import { roles } from '../src/db/schema/roles';
import { users } from '../src/db/schema/users';
import { bearer, createUser, json, readMail, refreshCookie, signIn, signInRaw, type TestUser } from './harness';
import { sharedApp, type Body, type Paged } from './support/shared-app';

/** Users on the shared test database: the form's rules and messages, the identity it creates, resend, status. */
const t = await sharedApp();
const { app, db } = t;

const tag = () => randomUUID().slice(0, 8);
const NEW_PASSWORD = 'Propia#2026b';

async function registered(type: UserType, by: number | null, options: Parameters<typeof createUser>[2] = {}) {
  const user = await createUser(db, type, options);
  if (by !== null) await db.update(users).set({ registerBy: by }).where(eq(users.id, user.id));
  return user;
}
async function role(type: UserType, registerBy: number, isActive = true) {
  const [row] = await db
    .insert(roles)
    .values({ name: `Rol ${type} ${tag()}`, type, registerBy, isActive })
    .returning({ id: roles.id, name: roles.name });
  return row!;
}

const superUser = await registered(1, null);
const admin = await registered(2, superUser.id);
const adminRole = await role(2, superUser.id);
const operatorRole = await role(3, admin.id);
const tokens = new Map<number, string>();
const tokenOf = async (user: TestUser) => {
  if (!tokens.has(user.id)) tokens.set(user.id, await signIn(app, user.email));
  return tokens.get(user.id)!;
};
const call = async (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(await tokenOf(user)), ...(payload ? { payload } : {}) });

const temporaryPasswordIn = (text: string) => /Contraseña temporal: (\S+)/.exec(text)?.[1];

const form = (changes: object = {}) => ({
  firstname: 'Ana',
  lastname: 'López',
  email: `ana-${tag()}@prueba.planpiso.mx`,
  phone: '',
  additionalEmails: '',
  roleId: adminRole.id,
  ...changes,
});

describe('creating a user (spec 1 §6, §7)', () => {
  it('type 1 creates a type 2 user, who is mailed a temporary password and signs in through the challenge', async () => {
    const email = `Ana.Nueva-${tag()}@Prueba.PlanPiso.mx`;
    const response = await call(
      superUser,
      'POST',
      '/api/users',
      form({ email, phone: '8112345678', additionalEmails: ' a@b.mx ; c@d.mx ' }),
    );
    expect(response.statusCode).toBe(201);
    const body = json<Body<UserResponse>>(response);
    expect(body.message).toBe(userSaved('Ana López'));
    expect(body.data).toMatchObject({
      firstname: 'Ana',
      lastname: 'López',
      email: email.toLowerCase(),
      phone: '8112345678',
      additionalEmails: 'a@b.mx;c@d.mx',
      type: 2,
      roleId: adminRole.id,
      role: { name: adminRole.name },
      registerBy: superUser.id,
      isActive: true,
    });
    expect(body.data.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const [mail] = await readMail(email.toLowerCase(), app);
    expect(mail!.subject).toBe(MESSAGES.mailTemporaryPasswordSubject);
    expect(mail!.text).toContain('Hola Ana');
    expect(mail!.text).toContain('http://localhost:8080/login');
    const temporary = temporaryPasswordIn(mail!.text)!;
    expect(temporary).toBeTruthy();

    const challenge = json<Body<{ challenge: string; session: string }>>(
      await signInRaw(app, email.toLowerCase(), temporary),
    );
    expect(challenge.data.challenge).toBe('NEW_PASSWORD_REQUIRED');
    const done = await app.inject({
      method: 'POST',
      url: '/api/identity/complete-new-password',
      payload: { session: challenge.data.session, newPassword: NEW_PASSWORD },
    });
    expect(done.statusCode).toBe(200);
    const { accessToken } = json<Body<{ accessToken: string }>>(done).data;
    const session = json<Body<{ user: SessionUser }>>(
      await app.inject({ method: 'POST', url: '/api/auth/login', headers: bearer(accessToken) }),
    );
    expect(session.data.user).toMatchObject({ type: 2, role: { name: adminRole.name } });

    const audit = await db
      .select({ action: auditLog.action, actor: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(body.data.id))));
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'user.created', actor: superUser.id },
        { action: 'identity.temporary-password-issued', actor: superUser.id },
      ]),
    );
  });

  it('refuses an e-mail already registered, whatever its case', async () => {
    const existing = await createUser(db, 5);
    const response = await call(superUser, 'POST', '/api/users', form({ email: existing.email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(json<Body>(response)).toMatchObject({ code: 'EMAIL_TAKEN', message: MESSAGES.emailTaken });
  });

  it('refuses an inactive role', async () => {
    const inactive = await role(2, superUser.id, false);
    const response = await call(superUser, 'POST', '/api/users', form({ roleId: inactive.id }));
    expect(response.statusCode).toBe(422);
    expect(json<Body>(response).message).toBe(MESSAGES.roleInactive);
  });
});

describe('user form validation as the spec words it (spec 1 §5)', () => {
  const cases = [
    [{ firstname: '' }, 'firstname', MESSAGES.required],
    [{ firstname: '   ' }, 'firstname', MESSAGES.required],
    [{ lastname: 'x'.repeat(151) }, 'lastname', 'Máximo 150 caracteres'],
    [{ email: '' }, 'email', MESSAGES.required],
    [{ email: 'ana@' }, 'email', 'Formato correo incorrecto'],
    [{ email: `${'a'.repeat(140)}@planpiso.mx` }, 'email', 'Máximo 150 caracteres'],
    [{ phone: '1234567' }, 'phone', 'El teléfono ingresado no cumple con el formato'],
    [{ phone: '81-1234-5678' }, 'phone', 'El teléfono ingresado no cumple con el formato'],
    [{ phone: '12345678901234' }, 'phone', 'Máximo 13 caracteres'],
    [{ additionalEmails: 'a@b.mx;malo' }, 'additionalEmails', additionalEmailsInvalid('malo')],
    [
      { additionalEmails: 'a@b.mx;malo' },
      'additionalEmails',
      'Alguno de los correos adicionales no cumple el formato malo',
    ],
    [{ roleId: undefined }, 'roleId', MESSAGES.required],
    [{ roleId: '' }, 'roleId', MESSAGES.required],
  ] as const;

  it.each(cases)('POST %j → %s: %s', async (change, field, message) => {
    const response = await call(superUser, 'POST', '/api/users', form(change));
    expect(response.statusCode).toBe(400);
    const body = json<Body>(response);
    expect(body.fields?.[field]).toBe(message);
    expect(body.message).toBe(message);
  });

  it.each(cases)('PUT %j → %s: %s', async (change, field, message) => {
    const target = await registered(3, admin.id, { roleId: operatorRole.id });
    const response = await call(admin, 'PUT', `/api/users/${target.id}`, form({ roleId: operatorRole.id, ...change }));
    expect(response.statusCode).toBe(400);
    expect(json<Body>(response).fields?.[field]).toBe(message);
  });

  it('accepts phones of 8 to 13 digits and an empty one', async () => {
    for (const phone of ['12345678', '1234567890123', '']) {
      expect((await call(superUser, 'POST', '/api/users', form({ phone }))).statusCode, phone).toBe(201);
    }
  });
});

describe('editing a user (spec 1 §3, §6)', () => {
  it('saves the form and never takes legalId, isArchived, awsId, type or registerBy from it', async () => {
    const target = await registered(3, admin.id, { roleId: operatorRole.id });
    await db.update(users).set({ legalId: 'LEGAL-1' }).where(eq(users.id, target.id));
    const response = await call(admin, 'PUT', `/api/users/${target.id}`, {
      ...form({ firstname: 'Beatriz', lastname: 'Núñez', email: target.email, roleId: operatorRole.id }),
      legalId: 'OTRO',
      isArchived: true,
      awsId: 'aws-123',
      type: 1,
      registerBy: superUser.id,
      isActive: false,
    });
    expect(response.statusCode).toBe(200);
    const body = json<Body<UserResponse>>(response);
    expect(body.message).toBe(userUpdated('Beatriz Núñez'));
    expect(body.data).toMatchObject({ firstname: 'Beatriz', lastname: 'Núñez', type: 3, registerBy: admin.id });
    const [row] = await db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ legalId: 'LEGAL-1', isArchived: false, isActive: true, type: 3 });

    const audit = await db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.updated'), eq(auditLog.entityId, String(target.id))));
    expect(audit).toEqual([
      {
        before: expect.objectContaining({ firstname: 'Nombre3' }),
        after: expect.objectContaining({ firstname: 'Beatriz' }),
      },
    ]);
  });

  it('keeps the type: the role must stay of the user’s type', async () => {
    const target = await registered(3, admin.id, { roleId: operatorRole.id });
    const dealerRole = await role(4, admin.id);
    const response = await call(admin, 'PUT', `/api/users/${target.id}`, form({ roleId: dealerRole.id }));
    expect(response.statusCode).toBe(422);
    expect(json<Body>(response).message).toBe(MESSAGES.roleNotAllowed);
  });

  it('refuses another user’s e-mail', async () => {
    const target = await registered(3, admin.id, { roleId: operatorRole.id });
    const other = await createUser(db, 5);
    const response = await call(
      admin,
      'PUT',
      `/api/users/${target.id}`,
      form({ email: other.email, roleId: operatorRole.id }),
    );
    expect(response.statusCode).toBe(409);
    expect(json<Body>(response).message).toBe(MESSAGES.emailTaken);
  });
});

describe('user status (spec 1 §4)', () => {
  it('deactivating answers the new value, ends the user’s sessions and is audited; activating lets them back', async () => {
    const target = await registered(3, admin.id, { roleId: operatorRole.id });
    const signedIn = await signInRaw(app, target.email, target.password);
    const cookie = refreshCookie(signedIn)!;

    const off = await call(admin, 'PATCH', `/api/users/${target.id}/active`, { active: false, version: 1 });
    expect(off.statusCode).toBe(200);
    expect(json<Body>(off)).toEqual({ data: { isActive: false, version: 2 }, message: MESSAGES.userStatusChanged });
    const refresh = await app.inject({ method: 'POST', url: '/api/identity/refresh', cookies: { pp_refresh: cookie } });
    expect(refresh.statusCode).toBe(401);
    expect((await signInRaw(app, target.email, target.password)).statusCode).toBe(401);

    const on = await call(admin, 'PATCH', `/api/users/${target.id}/active`, { active: true, version: 2 });
    expect(json<Body>(on).data).toEqual({ isActive: true, version: 3 });
    expect((await signInRaw(app, target.email, target.password)).statusCode).toBe(200);

    const audit = await db
      .select({ actor: auditLog.actorId, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.status-changed'), eq(auditLog.entityId, String(target.id))))
      .orderBy(auditLog.id);
    expect(audit).toEqual([
      { actor: admin.id, before: { isActive: true }, after: { isActive: false } },
      { actor: admin.id, before: { isActive: false }, after: { isActive: true } },
    ]);
  });

  it('refuses a body without the value or without the version', async () => {
    const target = await registered(3, admin.id);
    expect((await call(admin, 'PATCH', `/api/users/${target.id}/active`, {})).statusCode).toBe(400);
    expect((await call(admin, 'PATCH', `/api/users/${target.id}/active`, { active: false })).statusCode).toBe(400);
  });

  const stateOf = async (id: number) => {
    const [row] = await db
      .select({ isActive: users.isActive, version: users.version })
      .from(users)
      .where(eq(users.id, id));
    return row!;
  };
  const statusAudits = async (id: number) =>
    db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.status-changed'), eq(auditLog.entityId, String(id))));

  // docs/decisions/016: the list answers each row's version; a toggle sends it back.
  it('lists and gets each user with its version', async () => {
    const target = await registered(3, admin.id);
    const got = json<Body<UserResponse>>(await call(admin, 'GET', `/api/users/${target.id}`)).data;
    expect(got.version).toBe(1);
    const listed = json<Paged<UserResponse>>(await call(admin, 'GET', `/api/users?email=${target.email}`)).data;
    expect(listed.items).toEqual([expect.objectContaining({ id: target.id, version: 1 })]);
  });

  it('refuses a stale version with 409 and the Spanish message, changing nothing', async () => {
    const target = await registered(3, admin.id);
    expect(
      (await call(admin, 'PATCH', `/api/users/${target.id}/active`, { active: false, version: 1 })).statusCode,
    ).toBe(200);
    // Another screen still shows the user active, at version 1: whichever way it toggles, it is refused.
    for (const active of [false, true]) {
      const stale = await call(admin, 'PATCH', `/api/users/${target.id}/active`, { active, version: 1 });
      expect(stale.statusCode).toBe(409);
      expect(json<Body>(stale)).toMatchObject({
        statusCode: 409,
        code: 'STALE_VERSION',
        message: MESSAGES.staleVersion,
      });
    }
    expect(await stateOf(target.id)).toEqual({ isActive: false, version: 2 });
    expect(await statusAudits(target.id)).toHaveLength(1);
  });

  it('refuses a toggle to the value the user already has', async () => {
    const target = await registered(3, admin.id);
    const response = await call(admin, 'PATCH', `/api/users/${target.id}/active`, { active: true, version: 1 });
    expect(response.statusCode).toBe(409);
    expect(json<Body>(response)).toMatchObject({ code: 'INVALID_STATUS', message: MESSAGES.invalidStatus });
    expect(await stateOf(target.id)).toEqual({ isActive: true, version: 1 });
  });

  it('of two toggles racing from the same version, exactly one wins and is audited', async () => {
    const target = await registered(3, admin.id);
    const answers = await Promise.all(
      [0, 1].map(() => call(admin, 'PATCH', `/api/users/${target.id}/active`, { active: false, version: 1 })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(json<Body>(answers.find((a) => a.statusCode === 409)!)).toMatchObject({
      code: 'STALE_VERSION',
      message: MESSAGES.staleVersion,
    });
    expect(await stateOf(target.id)).toEqual({ isActive: false, version: 2 });
    expect(await statusAudits(target.id)).toHaveLength(1);
  });

  it('is refused to a type the permission table does not allow (403), leaving the row as it was', async () => {
    const target = await registered(5, admin.id);
    const agent = await registered(5, admin.id);
    const response = await call(agent, 'PATCH', `/api/users/${target.id}/active`, { active: false, version: 1 });
    expect(response.statusCode).toBe(403);
    expect(json<Body>(response).code).toBe('FORBIDDEN');
    expect(await stateOf(target.id)).toEqual({ isActive: true, version: 1 });
  });
});

describe('resending the temporary password (spec 1 §6, §8)', () => {
  async function createdByAdmin() {
    const email = `reenvio-${tag()}@prueba.planpiso.mx`;
    const created = json<Body<UserResponse>>(
      await call(
        admin,
        'POST',
        '/api/users',
        form({ email, firstname: 'Rita', lastname: 'Reyes', roleId: operatorRole.id }),
      ),
    );
    const [mail] = await readMail(email, app);
    return { id: created.data.id, email, temporary: temporaryPasswordIn(mail!.text)! };
  }

  it('mails a new temporary password and voids the old one', async () => {
    const user = await createdByAdmin();
    const response = await call(admin, 'PATCH', `/api/users/${user.id}/resend`);
    expect(response.statusCode).toBe(200);
    expect(json<Body>(response)).toEqual({
      data: { firstname: 'Rita', lastname: 'Reyes' },
      message: temporaryPasswordResent('Rita Reyes'),
    });
    const mails = await readMail(user.email, app);
    expect(mails).toHaveLength(2);
    const fresh = temporaryPasswordIn(mails[0]!.text)!;
    expect(fresh).not.toBe(user.temporary);

    expect((await signInRaw(app, user.email, user.temporary)).statusCode).toBe(401);
    const challenge = json<Body<{ challenge: string }>>(await signInRaw(app, user.email, fresh));
    expect(challenge.data.challenge).toBe('NEW_PASSWORD_REQUIRED');
  });

  it('also resets a user who already chose their own password (docs/decisions/008)', async () => {
    const target = await registered(3, admin.id, { roleId: operatorRole.id });
    expect((await call(admin, 'PATCH', `/api/users/${target.id}/resend`)).statusCode).toBe(200);
    expect((await signInRaw(app, target.email, target.password)).statusCode).toBe(401);
    const [mail] = await readMail(target.email, app);
    expect(
      json<Body<{ challenge: string }>>(await signInRaw(app, target.email, temporaryPasswordIn(mail!.text)!)).data
        .challenge,
    ).toBe('NEW_PASSWORD_REQUIRED');
  });

  it('is refused for oneself, for an inactive user and for type 4', async () => {
    const own = await call(superUser, 'PATCH', `/api/users/${superUser.id}/resend`);
    expect(own.statusCode).toBe(403);
    expect(json<Body>(own).message).toBe(MESSAGES.ownTemporaryPassword);

    const inactive = await registered(3, admin.id, { isActive: false });
    const refused = await call(admin, 'PATCH', `/api/users/${inactive.id}/resend`);
    expect(refused.statusCode).toBe(422);
    expect(json<Body>(refused).message).toBe(MESSAGES.inactiveUserResend);

    const dealer = await createUser(db, 4);
    expect((await call(dealer, 'PATCH', `/api/users/${inactive.id}/resend`)).statusCode).toBe(403);
  });
});

// A type 2 user with twelve users of its own, for the list's paging, sort and filters.
const lister = await registered(2, superUser.id);
const otherRole = await role(3, lister.id);
const people = [
  ['Zoe', 'Álvarez'],
  ['ana', 'Beltrán'],
  ['Bruno', 'Cárdenas'],
  ['Carla', 'Dávila'],
  ['Daniel', 'Esquivel'],
  ['Elena', 'Fuentes'],
  ['Fabián', 'García'],
  ['Gina', 'Hernández'],
  ['Hugo', 'Ibarra'],
  ['Irene', 'Juárez'],
  ['Julio', 'Kuri'],
  ['Karen', 'Lozano'],
] as const;
const prefix = `lista-${tag()}`;
const made: { id: number; email: string; name: string }[] = [];
for (const [index, [firstname, lastname]] of people.entries()) {
  const email = `${prefix}-${String.fromCharCode(97 + index)}@prueba.planpiso.mx`;
  const user = await registered(3, lister.id, { email, roleId: index % 3 === 0 ? otherRole.id : operatorRole.id });
  await db.update(users).set({ firstname, lastname }).where(eq(users.id, user.id));
  made.push({ id: user.id, email, name: `${firstname} ${lastname}` });
}
// Three users created on known days (Mexico City time).
await db
  .update(users)
  .set({ createdAt: new Date('2025-03-10T12:00:00-06:00') })
  .where(inArray(users.id, [made[0]!.id, made[1]!.id]));
await db
  .update(users)
  .set({ createdAt: new Date('2025-03-11T23:30:00-06:00') })
  .where(eq(users.id, made[2]!.id));

describe('the users list: paging, sort and filters (spec 1 §2.5, §9)', () => {
  const list = async (query: string) => {
    const response = await call(lister, 'GET', `/api/users?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return json<Paged<UserResponse>>(response).data;
  };
  const emails = (page: { items: UserResponse[] }) => page.items.map((u) => u.email);

  it('pages by 10 sorted by e-mail ascending by default', async () => {
    const first = await list('');
    expect(first.total).toBe(12);
    expect(emails(first)).toEqual(made.slice(0, 10).map((u) => u.email));
    expect(emails(await list('page=2'))).toEqual(made.slice(10).map((u) => u.email));
    expect(emails(await list('pageSize=25'))).toHaveLength(12);
  });

  it('sorts by e-mail descending, by name and by date', async () => {
    expect(emails(await list('sort=email:desc&pageSize=25'))).toEqual(made.map((u) => u.email).reverse());
    // Case-insensitive: "ana Beltrán" sorts before "Bruno".
    const byName = (await list('sort=name:asc&pageSize=25')).items.map((u) => `${u.firstname} ${u.lastname}`);
    expect(byName.slice(0, 3)).toEqual(['ana Beltrán', 'Bruno Cárdenas', 'Carla Dávila']);
    const byDate = await list('sort=createdAt:asc&pageSize=25');
    expect(byDate.items.slice(0, 3).map((u) => u.createdAt)).toEqual(['2025-03-10', '2025-03-10', '2025-03-11']);
  });

  it('refuses an unknown sort field and a page size the grid does not offer', async () => {
    const sort = await call(lister, 'GET', '/api/users?sort=password:asc');
    expect(sort.statusCode).toBe(400);
    expect(json<Body>(sort).message).toBe(MESSAGES.sortInvalid);
    expect((await call(lister, 'GET', '/api/users?pageSize=7')).statusCode).toBe(400);
    expect((await call(lister, 'GET', '/api/users?from=2025-02-30')).statusCode).toBe(400);
  });

  it('filters by name (first and last, case-insensitive, anywhere), e-mail, role and registrant', async () => {
    expect(emails(await list('name=ANA BEL'))).toEqual([made[1]!.email]);
    expect(emails(await list('name=ez'))).toEqual([made[0]!, made[7]!, made[9]!].map((u) => u.email).sort());
    expect(emails(await list('name=%25'))).toEqual([]);
    expect(emails(await list(`email=${prefix}-c`))).toEqual([made[2]!.email]);
    expect(emails(await list(`role=${otherRole.id}`))).toEqual(
      [made[0]!, made[3]!, made[6]!, made[9]!].map((u) => u.email),
    );
    expect((await list(`registerBy=${lister.id}`)).total).toBe(12);
    expect((await list(`registerBy=${admin.id}`)).total).toBe(0);
  });

  it('filters by creation day, both ends included, in Mexico City time', async () => {
    expect(emails(await list('from=2025-03-10&to=2025-03-10'))).toEqual([made[0]!.email, made[1]!.email]);
    // 23:30 on the 11th in Mexico City is already the 12th in UTC; it still counts as the 11th.
    expect(emails(await list('from=2025-03-11&to=2025-03-11'))).toEqual([made[2]!.email]);
    expect((await list('to=2025-03-11')).total).toBe(3);
    expect((await list('from=2025-03-12')).total).toBe(9);
  });

  it('shows the role name, or null when the user has none', async () => {
    const roleless = await registered(3, lister.id, { email: `${prefix}-zz@prueba.planpiso.mx` });
    const page = await list('sort=email:desc&pageSize=10');
    expect(page.items[0]).toMatchObject({ id: roleless.id, role: null });
    expect(page.items[1]!.role).toEqual({ name: operatorRole.name });
  });
});
