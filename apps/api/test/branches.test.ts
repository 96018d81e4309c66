import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  ORGANISATION_MESSAGES,
  branchSaved,
  branchUpdated,
  type BranchResponse,
  type ErrorResponse,
} from '@planpiso/domain';
import { buildApp } from '../src/app';
import { auditLog } from '../src/db/schema/audit';
import { accounts, companies } from '../src/db/schema/organisation';
import { users } from '../src/db/schema/users';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed';
import { bearer, fakeClock, json, signIn, testConfig, testLogger } from './harness';
import { seededDatabase } from './seeded-database';

// Branches (spec 2 "Branches", §5–§8) on the demo population: Grupo Automotriz del Norte (Autos del Norte,
// Camiones del Norte) and Grupo Automotriz del Bajío, both operated by the demo operator.

const seeded = await seededDatabase('branches');
const app = await buildApp({ config: testConfig(), db: seeded.db, clock: fakeClock(), logger: testLogger() });
const tokens = new Map<number, string>();
const place = { north: 0, trucks: 0, northAccount: 0, bajio: 0, bajioAccount: 0 };
let agentId = 0;

beforeAll(async () => {
  await app.ready();
  for (const user of DEMO_USERS) tokens.set(user.type, await signIn(app, user.email, DEMO_PASSWORD));
  const rows = await seeded.db.select().from(companies);
  const byClient = (clientId: string) => rows.find((c) => c.clientId === clientId)!;
  place.north = byClient('10001').id;
  place.northAccount = byClient('10001').accountId;
  place.trucks = byClient('10002').id;
  place.bajio = byClient('10003').id;
  place.bajioAccount = byClient('10003').accountId;
  const [agent] = await seeded.db.select().from(users).where(eq(users.email, 'agencia@autosdelnorte.mx'));
  agentId = agent!.id;
});
afterAll(async () => {
  await app.close();
  await seeded.close();
});

const call = (type: number, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: bearer(tokens.get(type)!) });

async function create(type: number, name: string, companyId = place.north, accountId = place.northAccount) {
  const response = await call(type, 'POST', '/api/agencies', { name, address: 'Av. Juárez 10', accountId, companyId });
  return response;
}

describe('creating and editing', () => {
  it('type 3 creates a branch of its account with the spec’s message and an audit row', async () => {
    const response = await create(3, 'Sucursal San Pedro');
    expect(response.statusCode).toBe(201);
    const body = json<{ data: BranchResponse; message: string }>(response);
    expect(body.message).toBe(branchSaved('Sucursal San Pedro'));
    expect(body.data).toMatchObject({
      name: 'Sucursal San Pedro',
      address: 'Av. Juárez 10',
      account: { id: place.northAccount },
      company: { id: place.north, name: 'Autos del Norte' },
      isActive: true,
    });
    expect(body.data.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const audit = await seeded.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'branch.created'), eq(auditLog.entityId, String(body.data.id))));
    expect(audit).toHaveLength(1);
  });

  it('refuses the form’s bad input in Spanish, and a company of another account', async () => {
    const empty = await call(3, 'POST', '/api/agencies', {
      name: '',
      accountId: place.northAccount,
      companyId: place.north,
    });
    expect(empty.statusCode).toBe(400);
    expect(json<ErrorResponse>(empty).message).toBe(MESSAGES.required);
    const long = await call(3, 'POST', '/api/agencies', {
      name: 'Sucursal',
      address: 'x'.repeat(301),
      accountId: place.northAccount,
      companyId: place.north,
    });
    expect(json<ErrorResponse>(long).message).toBe('Máximo 300 caracteres');
    const mixed = await create(3, 'Mezcla', place.bajio, place.northAccount);
    expect(mixed.statusCode).toBe(422);
    expect(json<ErrorResponse>(mixed).message).toBe(ORGANISATION_MESSAGES.branchCompanyMismatch);
  });

  it('updates with its message; the legal representative may not create, edit or toggle', async () => {
    const { data } = json<{ data: BranchResponse }>(await create(3, 'Sucursal Apodaca'));
    const edited = await call(3, 'PUT', `/api/agencies/${data.id}`, {
      name: 'Sucursal Apodaca Centro',
      address: '',
      accountId: place.northAccount,
      companyId: place.trucks,
    });
    expect(edited.statusCode).toBe(200);
    expect(json(edited)).toMatchObject({
      message: branchUpdated('Sucursal Apodaca Centro'),
      data: { company: { name: 'Camiones del Norte' } },
    });
    expect((await create(4, 'Intento')).statusCode).toBe(403);
    expect((await call(4, 'PATCH', `/api/agencies/${data.id}/active`, { active: false })).statusCode).toBe(403);
  });

  it('toggles the status and answers the value it now has', async () => {
    const { data } = json<{ data: BranchResponse }>(await create(3, 'Sucursal Escobedo'));
    const off = await call(3, 'PATCH', `/api/agencies/${data.id}/active`, { active: false });
    expect(json(off)).toMatchObject({ data: { isActive: false }, message: ORGANISATION_MESSAGES.branchStatusChanged });
    expect(json<{ data: BranchResponse }>(await call(3, 'GET', `/api/agencies/${data.id}`)).data.isActive).toBe(false);
  });
});

describe('scope', () => {
  it('a legal representative sees every branch of its own account, not only its active company’s (spec 2 §6)', async () => {
    const trucks = json<{ data: BranchResponse }>(await create(3, 'Sucursal Camiones Saltillo', place.trucks)).data;
    const bajio = json<{ data: BranchResponse }>(
      await create(3, 'Sucursal Celaya', place.bajio, place.bajioAccount),
    ).data;
    // The demo legal representative works for Autos del Norte (its active company); the branch is Camiones del Norte's.
    const list = json<{ data: { items: { id: number; companyId: number; accountId: number }[] } }>(
      await call(4, 'GET', '/api/agencies?all=true'),
    ).data.items;
    expect(list.map((b) => b.id)).toContain(trucks.id);
    expect(list.some((b) => b.companyId === place.north)).toBe(true);
    expect(list.every((b) => b.accountId === place.northAccount)).toBe(true);
    expect(list.map((b) => b.id)).not.toContain(bajio.id);
    expect((await call(4, 'GET', `/api/agencies/${trucks.id}`)).statusCode).toBe(200);
    expect((await call(4, 'GET', `/api/agencies/${bajio.id}`)).statusCode).toBe(404);
    // The user form narrows to the active company itself.
    const own = json<{ data: { items: { companyId: number }[] } }>(
      await call(4, 'GET', `/api/agencies?all=true&company=${place.north}`),
    ).data.items;
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((b) => b.companyId === place.north)).toBe(true);
  });

  it('a branch outside the caller’s accounts is not found', async () => {
    // An account nobody operates, with a company and a branch made by the super user.
    const [other] = await seeded.db.insert(accounts).values({ name: 'Cuenta ajena', type: 2 }).returning();
    const [company] = await seeded.db
      .insert(companies)
      .values({ accountId: other!.id, name: 'Ajena', clientId: 'AJ-1' })
      .returning();
    const made = await create(1, 'Sucursal ajena', company!.id, other!.id);
    expect(made.statusCode).toBe(201);
    const id = json<{ data: BranchResponse }>(made).data.id;
    expect((await call(3, 'GET', `/api/agencies/${id}`)).statusCode).toBe(404);
    expect((await call(3, 'PATCH', `/api/agencies/${id}/active`, { active: false })).statusCode).toBe(404);
    expect((await call(4, 'GET', `/api/agencies/${id}/users`)).statusCode).toBe(404);
    // Nor can type 3 create a branch there.
    expect((await create(3, 'Intrusa', company!.id, other!.id)).statusCode).toBe(404);
    // Nor does an administrator see it: no operator it registered has the account (decision 014).
    expect((await call(2, 'GET', `/api/agencies/${id}`)).statusCode).toBe(404);
  });

  it('filters by the operator the branch’s account is assigned to (spec 2 §7 `assigned`)', async () => {
    const names = async (query: string) =>
      json<{ data: { items: BranchResponse[] } }>(
        await call(1, 'GET', `/api/agencies?all=true${query}`),
      ).data.items.map((b) => b.name);
    const [operator] = await seeded.db.select().from(users).where(eq(users.email, 'operador@planpiso.mx'));
    const assigned = await names(`&assigned=${operator!.id}`);
    expect(assigned).toEqual(expect.arrayContaining(['Sucursal León', 'Sucursal Monterrey Centro']));
    expect(assigned).not.toContain('Sucursal ajena');
    expect(await names('')).toContain('Sucursal ajena');
  });
});

describe('assigned users', () => {
  it('assigns a dealer of the account, lists it by e-mail, refuses a second time, and removes it', async () => {
    const { data } = json<{ data: BranchResponse }>(await create(3, 'Sucursal Guadalupe'));
    const assigned = await call(3, 'POST', `/api/agencies/${data.id}/users`, { userId: agentId });
    expect(json(assigned)).toMatchObject({ message: ORGANISATION_MESSAGES.userAssigned });
    const again = await call(3, 'POST', `/api/agencies/${data.id}/users`, { userId: agentId });
    expect(again.statusCode).toBe(409);
    const listed = json<{ data: { items: { email: string }[]; total: number } }>(
      await call(3, 'GET', `/api/agencies/${data.id}/users`),
    ).data;
    expect(listed.items.map((u) => u.email)).toEqual(['agencia@autosdelnorte.mx']);
    const removed = await call(3, 'PATCH', `/api/agencies/${data.id}/users`, { userId: agentId });
    expect(json(removed)).toMatchObject({ message: ORGANISATION_MESSAGES.userRemoved });
    expect((await call(3, 'PATCH', `/api/agencies/${data.id}/users`, { userId: agentId })).statusCode).toBe(404);
  });

  it('refuses a user who is not a dealer of the branch’s account', async () => {
    const { data } = json<{ data: BranchResponse }>(await create(3, 'Sucursal Santa Catarina'));
    const [operator] = await seeded.db.select().from(users).where(eq(users.email, 'operador@planpiso.mx'));
    const response = await call(3, 'POST', `/api/agencies/${data.id}/users`, { userId: operator!.id });
    expect(response.statusCode).toBe(422);
    expect(json<ErrorResponse>(response).message).toBe(ORGANISATION_MESSAGES.userNotAssignable);
  });
});
