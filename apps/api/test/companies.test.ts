import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANISATION_MESSAGES, type CompanyListItem, type CompanyUser, type ErrorResponse } from '@planpiso/domain';
import { buildApp } from '../src/app';
import { exceptions } from '../src/db/schema/exceptions';
import { companies } from '../src/db/schema/organisation';
import { roles } from '../src/db/schema/roles';
import { users } from '../src/db/schema/users';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed';
import { bearer, createUser, fakeClock, json, signIn, testConfig, testLogger } from './harness';
import { seededDatabase } from './seeded-database';

// Companies (spec 2 "Companies", §7) on the demo population.

const seeded = await seededDatabase('companies');
const app = await buildApp({ config: testConfig(), db: seeded.db, clock: fakeClock(), logger: testLogger() });
const tokens = new Map<number, string>();
let trucks = 0;
let operatorId = 0;
let dealerRole = 0;

beforeAll(async () => {
  await app.ready();
  for (const user of DEMO_USERS) tokens.set(user.type, await signIn(app, user.email, DEMO_PASSWORD));
  const [row] = await seeded.db.select().from(companies).where(eq(companies.clientId, '10002'));
  trucks = row!.id;
  const [operator] = await seeded.db.select().from(users).where(eq(users.email, 'operador@planpiso.mx'));
  operatorId = operator!.id;
  const [role] = await seeded.db.select().from(roles).where(eq(roles.name, 'Gerente de Agencia'));
  dealerRole = role!.id;
});
afterAll(async () => {
  await app.close();
  await seeded.close();
});

const call = (type: number, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: bearer(tokens.get(type)!) });

describe('the list', () => {
  it('lists the companies of the operator’s accounts with their account and day; filters by name', async () => {
    const page = json<{ data: { items: CompanyListItem[]; total: number } }>(
      await call(3, 'GET', '/api/companies'),
    ).data;
    expect(page.items.map((c) => c.clientId).sort()).toEqual(['10001', '10002', '10003']);
    expect(page.items.find((c) => c.clientId === '10002')).toMatchObject({
      account: { name: 'Grupo Automotriz del Norte' },
    });
    const named = json<{ data: { items: CompanyListItem[] } }>(
      await call(3, 'GET', '/api/companies?name=camiones'),
    ).data;
    expect(named.items.map((c) => c.name)).toEqual(['Camiones del Norte']);
    expect((await call(5, 'GET', '/api/companies')).statusCode).toBe(403);
  });
});

describe('assigned users', () => {
  // A dealer user belongs to the company's account (decision 024).
  const ofTrucksAccount = async () => ({
    accountId: (await seeded.db.select().from(companies).where(eq(companies.id, trucks)))[0]!.accountId,
  });

  it('assigns a dealer the caller registered with a type 4/5 role, lists it, and removes it', async () => {
    const dealer = await createUser(seeded.db, 5, await ofTrucksAccount());
    await seeded.db.update(users).set({ registerBy: operatorId }).where(eq(users.id, dealer.id));
    const assigned = await call(3, 'POST', `/api/companies/${trucks}/users`, { userId: dealer.id, roleId: dealerRole });
    expect(json(assigned)).toMatchObject({ message: ORGANISATION_MESSAGES.userAssigned });
    const listed = json<{ data: { items: CompanyUser[] } }>(
      await call(3, 'GET', `/api/companies/${trucks}/users`),
    ).data;
    expect(listed.items.find((u) => u.id === dealer.id)).toMatchObject({
      isDefault: false,
      role: 'Gerente de Agencia',
    });
    expect(
      (await call(3, 'POST', `/api/companies/${trucks}/users`, { userId: dealer.id, roleId: dealerRole })).statusCode,
    ).toBe(409);
    const removed = await call(3, 'PATCH', `/api/companies/${trucks}/users`, { userId: dealer.id });
    expect(json(removed)).toMatchObject({ message: ORGANISATION_MESSAGES.userRemoved });
  });

  it('refuses someone else’s user, a lender role, and removing a default assignment', async () => {
    const stranger = await createUser(seeded.db, 5, await ofTrucksAccount());
    const foreign = await call(3, 'POST', `/api/companies/${trucks}/users`, {
      userId: stranger.id,
      roleId: dealerRole,
    });
    expect(json<ErrorResponse>(foreign).message).toBe(ORGANISATION_MESSAGES.companyUserNotAssignable);
    const mine = await createUser(seeded.db, 4, await ofTrucksAccount());
    await seeded.db.update(users).set({ registerBy: operatorId }).where(eq(users.id, mine.id));
    const [lenderRole] = await seeded.db.select().from(roles).where(eq(roles.name, 'Operador Comercial'));
    const wrongRole = await call(3, 'POST', `/api/companies/${trucks}/users`, {
      userId: mine.id,
      roleId: lenderRole!.id,
    });
    expect(json<ErrorResponse>(wrongRole).message).toBe(ORGANISATION_MESSAGES.companyRoleInvalid);
    const [representative] = await seeded.db
      .select()
      .from(users)
      .where(eq(users.email, 'representante@autosdelnorte.mx'));
    const keep = await call(3, 'PATCH', `/api/companies/${trucks}/users`, { userId: representative!.id });
    expect(keep.statusCode).toBe(409);
    expect(json<ErrorResponse>(keep).message).toBe(ORGANISATION_MESSAGES.defaultAssignment);
  });
});

describe('branches and users of a company', () => {
  it('lists its branches, and its users with the branches each is assigned to, within the caller’s scope', async () => {
    const [north] = await seeded.db.select().from(companies).where(eq(companies.clientId, '10001'));
    const [bajio] = await seeded.db.select().from(companies).where(eq(companies.clientId, '10003'));
    for (const type of [3, 5]) {
      const branches = json<{ data: { name: string }[] }>(
        await call(type, 'GET', `/api/companies/${north!.id}/agencies`),
      ).data;
      expect(branches.map((b) => b.name)).toContain('Sucursal Monterrey Centro');
    }
    const people = json<{ data: { email: string; agencies: { name: string }[] }[] }>(
      await call(3, 'GET', `/api/companies/${north!.id}/users-agencies`),
    ).data;
    expect(people.find((p) => p.email === 'agencia@autosdelnorte.mx')?.agencies.map((a) => a.name)).toEqual([
      'Sucursal Monterrey Centro',
    ]);
    expect(people.map((p) => p.email)).toEqual([...people.map((p) => p.email)].sort());
    // A dealer of another account does not reach the company.
    expect((await call(5, 'GET', `/api/companies/${bajio!.id}/agencies`)).statusCode).toBe(404);
    expect((await call(5, 'GET', `/api/companies/${bajio!.id}/users-agencies`)).statusCode).toBe(404);
  });
});

describe('the last exception of a company', () => {
  it('is null until the company asks for one, then the newest, within the caller’s scope', async () => {
    const [north] = await seeded.db.select().from(companies).where(eq(companies.clientId, '10001'));
    const [bajio] = await seeded.db.select().from(companies).where(eq(companies.clientId, '10003'));
    const url = `/api/companies/${north!.id}/last-exception`;
    expect(json<{ data: unknown }>(await call(5, 'GET', url)).data).toBeNull();
    await seeded.db.insert(exceptions).values([
      {
        folio: 'EXC-T-1',
        accountId: north!.accountId,
        companyId: north!.id,
        comment: 'Saldo pendiente por conciliar',
        status: 3,
        createdAt: new Date('2026-10-01T16:00:00Z'),
      },
      {
        folio: 'EXC-T-2',
        accountId: north!.accountId,
        companyId: north!.id,
        comment: 'Auditoría en curso',
        status: 2,
        isApproved: true,
        createdAt: new Date('2026-11-02T16:00:00Z'),
      },
    ]);
    const latest = json<{ data: { folio: string; status: number } }>(await call(3, 'GET', url)).data;
    expect(latest).toMatchObject({ folio: 'EXC-T-2', status: 2 });
    expect((await call(5, 'GET', `/api/companies/${bajio!.id}/last-exception`)).statusCode).toBe(404);
  });
});
