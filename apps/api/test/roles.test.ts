import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES, roleCreated, roleUpdated, type RoleResponse, type UserType } from '@planpiso/domain';
import { auditLog } from '../src/db/schema/audit';
import { roles } from '../src/db/schema/roles';
import { users } from '../src/db/schema/users';
import { bearer, createOrganisation, createUser, json, signIn } from './harness';
import { sharedApp, type Body, type Paged, signedInActors } from './support/shared-app';

/** Roles (spec 1 §2.7, §2.8, §5, §6) on the shared test database, each test with users of its own. */
const t = await sharedApp();
const { app, db } = t;

const tag = () => randomUUID().slice(0, 8);
const org = await createOrganisation(db);
const actors = await signedInActors(app, db, org, [1, 2, 3, 4]);
const call = async (type: UserType, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(actors.get(type)!.token), ...(payload ? { payload } : {}) });

describe('creating a role (spec 1 §6)', () => {
  it('registers it to the caller, whatever the payload says, with the spec’s message and an audit row', async () => {
    const name = `Analista ${tag()}`;
    const response = await call(2, 'POST', '/api/roles', {
      name,
      description: 'Revisa expedientes',
      type: 3,
      registerBy: actors.get(1)!.id,
    });
    expect(response.statusCode).toBe(201);
    const body = json<Body<RoleResponse>>(response);
    expect(body.message).toBe(roleCreated(name));
    expect(body.data).toMatchObject({
      name,
      description: 'Revisa expedientes',
      type: 3,
      registerBy: actors.get(2)!.id,
      isActive: true,
    });
    expect(body.data.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const audit = await db
      .select({ actor: auditLog.actorId, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'role.created'), eq(auditLog.entityId, String(body.data.id))));
    expect(audit).toEqual([{ actor: actors.get(2)!.id, after: expect.objectContaining({ name, type: 3 }) }]);
  });

  it.each([
    [1, [2, 3, 4, 5], [1]],
    [2, [3, 4, 5], [1, 2]],
    [3, [4, 5], [1, 2, 3]],
    [4, [5], [1, 2, 3, 4]],
  ] as const)('type %i creates role types %j and not %j', async (creator, allowed, refused) => {
    for (const type of allowed) {
      const response = await call(creator, 'POST', '/api/roles', { name: `Rol ${tag()}`, type });
      expect(response.statusCode, `type ${type}`).toBe(201);
    }
    for (const type of refused) {
      const response = await call(creator, 'POST', '/api/roles', { name: `Rol ${tag()}`, type });
      expect(response.statusCode, `type ${type}`).toBe(422);
      expect(json<Body>(response)).toMatchObject({
        code: 'ROLE_TYPE_NOT_ALLOWED',
        message: MESSAGES.roleTypeNotAllowed,
      });
    }
  });

  it.each([
    [{ name: '', type: 3 }, 'name', MESSAGES.required],
    [{ name: 'x'.repeat(151), type: 3 }, 'name', 'Máximo 150 caracteres'],
    [{ name: 'Analista' }, 'type', MESSAGES.required],
    [{ name: 'Analista', type: '' }, 'type', MESSAGES.required],
  ] as const)('%j → %s: %s', async (payload, field, message) => {
    const response = await call(2, 'POST', '/api/roles', payload);
    expect(response.statusCode).toBe(400);
    expect(json<Body>(response).fields?.[field]).toBe(message);
  });
});

describe('editing a role (spec 1 §2.8)', () => {
  async function ownRole(type: 3 | 5 = 3) {
    const response = await call(2, 'POST', '/api/roles', { name: `Rol ${tag()}`, description: 'Antes', type });
    return json<Body<RoleResponse>>(response).data;
  }

  it('saves the name and description with the spec’s message', async () => {
    const role = await ownRole();
    const name = `Renombrado ${tag()}`;
    const response = await call(2, 'PUT', `/api/roles/${role.id}`, { name, description: 'Después', type: 3 });
    expect(response.statusCode).toBe(200);
    expect(json<Body<RoleResponse>>(response)).toMatchObject({
      message: roleUpdated(name),
      data: { id: role.id, name, description: 'Después', type: 3 },
    });
    const [audit] = await db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'role.updated'), eq(auditLog.entityId, String(role.id))));
    expect(audit).toEqual({
      before: expect.objectContaining({ description: 'Antes' }),
      after: expect.objectContaining({ description: 'Después' }),
    });
  });

  it('never changes the type', async () => {
    const role = await ownRole(5);
    const response = await call(2, 'PUT', `/api/roles/${role.id}`, { name: role.name, description: 'x', type: 3 });
    expect(response.statusCode).toBe(422);
    expect(json<Body>(response)).toMatchObject({ code: 'ROLE_TYPE_IMMUTABLE', message: MESSAGES.roleTypeImmutable });
    const [row] = await db
      .select({ type: roles.type, description: roles.description })
      .from(roles)
      .where(eq(roles.id, role.id));
    expect(row).toEqual({ type: 5, description: 'Antes' });
  });

  it('toggles the status with the spec’s message and an audit row', async () => {
    const role = await ownRole();
    expect(role.version).toBe(1);
    const off = await call(2, 'PATCH', `/api/roles/${role.id}/active`, { active: false, version: role.version });
    expect(off.statusCode).toBe(200);
    expect(json<Body>(off)).toEqual({ data: { isActive: false, version: 2 }, message: MESSAGES.roleStatusChanged });
    expect(json<Body<RoleResponse>>(await call(2, 'GET', `/api/roles/${role.id}`)).data.isActive).toBe(false);
    const audit = await db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'role.status-changed'), eq(auditLog.entityId, String(role.id))));
    expect(audit).toEqual([{ before: { isActive: true }, after: { isActive: false } }]);
  });

  // docs/decisions/016: a toggle from a stale screen is refused, and of two racing from one version one wins.
  it('refuses a stale version with 409 and the Spanish message, changing nothing', async () => {
    const role = await ownRole();
    expect((await call(2, 'PATCH', `/api/roles/${role.id}/active`, { active: false, version: 1 })).statusCode).toBe(
      200,
    );
    // A second screen still showing the role active, at version 1.
    const stale = await call(2, 'PATCH', `/api/roles/${role.id}/active`, { active: false, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(json<Body>(stale)).toMatchObject({ statusCode: 409, code: 'STALE_VERSION', message: MESSAGES.staleVersion });
    const staleOn = await call(2, 'PATCH', `/api/roles/${role.id}/active`, { active: true, version: 1 });
    expect(json<Body>(staleOn)).toMatchObject({ code: 'STALE_VERSION' });
    const [row] = await db
      .select({ isActive: roles.isActive, version: roles.version })
      .from(roles)
      .where(eq(roles.id, role.id));
    expect(row).toEqual({ isActive: false, version: 2 });
    const audit = await db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'role.status-changed'), eq(auditLog.entityId, String(role.id))));
    expect(audit).toHaveLength(1);
  });

  it('refuses a toggle to the value the role already has (the current version, the wrong status)', async () => {
    const role = await ownRole();
    const response = await call(2, 'PATCH', `/api/roles/${role.id}/active`, { active: true, version: role.version });
    expect(response.statusCode).toBe(409);
    expect(json<Body>(response)).toMatchObject({ code: 'INVALID_STATUS', message: MESSAGES.invalidStatus });
  });

  it('of two toggles racing from the same version, exactly one wins', async () => {
    const role = await ownRole();
    const answers = await Promise.all(
      [0, 1].map(() => call(2, 'PATCH', `/api/roles/${role.id}/active`, { active: false, version: role.version })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(json<Body>(answers.find((a) => a.statusCode === 409)!).code).toBe('STALE_VERSION');
    const [row] = await db.select({ version: roles.version }).from(roles).where(eq(roles.id, role.id));
    expect(row!.version).toBe(2);
  });

  it('needs the version the screen read', async () => {
    const role = await ownRole();
    expect((await call(2, 'PATCH', `/api/roles/${role.id}/active`, { active: false })).statusCode).toBe(400);
  });

  it('another type 2’s role is not found, but type 1 sees and edits it', async () => {
    const role = await ownRole();
    const other = await createUser(db, 2);
    const token = await signIn(app, other.email);
    for (const [method, url, payload] of [
      ['GET', `/api/roles/${role.id}`, undefined],
      ['PUT', `/api/roles/${role.id}`, { name: 'Ajeno', type: 3 }],
      ['PATCH', `/api/roles/${role.id}/active`, { active: false, version: role.version }],
    ] as const) {
      const response = await app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const edited = await call(1, 'PUT', `/api/roles/${role.id}`, {
      name: role.name,
      description: 'Por el super',
      type: 3,
    });
    expect(edited.statusCode).toBe(200);
  });
});

// A type 3 user's own roles: known names, types, days and holders.
// A type 3 user of its own: the other tests give the shared actors roles too.
const lister = await createUser(db, 3);
const listerToken = await signIn(app, lister.email);
const asLister = (method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(listerToken), ...(payload ? { payload } : {}) });
const prefix = `Lista ${tag()}`;
const made: RoleResponse[] = [];
for (const [suffix, type] of [
  ['Delta', 4],
  ['alfa', 5],
  ['Charlie', 5],
  ['Bravo', 4],
  ['Eco', 5],
] as const) {
  made.push(json<Body<RoleResponse>>(await asLister('POST', '/api/roles', { name: `${prefix} ${suffix}`, type })).data);
}
const [delta, alfa, charlie, bravo, eco] = made as [
  RoleResponse,
  RoleResponse,
  RoleResponse,
  RoleResponse,
  RoleResponse,
];
await db
  .update(roles)
  .set({ createdAt: new Date('2025-05-01T12:00:00-06:00') })
  .where(inArray(roles.id, [delta.id, alfa.id]));
await db.update(roles).set({ isActive: false }).where(eq(roles.id, eco.id));
// Charlie is held by a user; an archived user's role (Bravo) counts as free.
const holder = await createUser(db, 5, { roleId: charlie.id });
const gone = await createUser(db, 4, { roleId: bravo.id });
await db.update(users).set({ isArchived: true }).where(eq(users.id, gone.id));

describe('the roles list (spec 1 §2.7, §7, §9)', () => {
  const names = async (query: string) => {
    const response = await asLister('GET', `/api/roles?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = json<Paged<RoleResponse>>(response);
    return { names: data.items.map((r) => r.name.replace(`${prefix} `, '')), total: data.total };
  };

  it('lists only the caller’s roles, by name ascending (case-insensitive), paged', async () => {
    expect(await names('')).toEqual({ names: ['alfa', 'Bravo', 'Charlie', 'Delta', 'Eco'], total: 5 });
    expect(await names('pageSize=10&page=2')).toEqual({ names: [], total: 5 });
    expect((await names('sort=name:desc')).names).toEqual(['Eco', 'Delta', 'Charlie', 'Bravo', 'alfa']);
  });

  it('filters by name, repeated type, days, holders and status', async () => {
    expect((await names('name=ALF')).names).toEqual(['alfa']);
    expect((await names('type=4')).names).toEqual(['Bravo', 'Delta']);
    expect((await names('type=4&type=5')).total).toBe(5);
    expect((await names('from=2025-05-01&to=2025-05-01')).names).toEqual(['alfa', 'Delta']);
    expect((await names('from=2025-05-02')).names).toEqual(['Bravo', 'Charlie', 'Eco']);
    expect((await names('assigned=true')).names).toEqual(['Charlie']);
    expect((await names('assigned=false')).names).toEqual(['alfa', 'Bravo', 'Delta', 'Eco']);
    expect((await names('active=true&all=true')).names).toEqual(['alfa', 'Bravo', 'Charlie', 'Delta']);
    expect(holder.type).toBe(5);
  });

  it('refuses an unknown sort field', async () => {
    const response = await asLister('GET', '/api/roles?sort=registerBy:asc');
    expect(response.statusCode).toBe(400);
    expect(json<Body>(response).message).toBe(MESSAGES.sortInvalid);
  });
});
