import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORGANISATION_MESSAGES,
  type AccountDetail,
  type AccountLookupItem,
  type ErrorResponse,
} from '@planpiso/domain';
import { buildApp } from '../src/app';
import { accountOperators } from '../src/db/schema/assignments';
import { accounts } from '../src/db/schema/organisation';
import { users } from '../src/db/schema/users';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed';
import { bearer, createUser, fakeClock, json, signIn, testConfig, testLogger } from './harness';
import { seededDatabase } from './seeded-database';

// Accounts (spec 2 "Accounts", §4, §6) on the demo population: two dealer groups operated by the demo operator.

const seeded = await seededDatabase('accounts');
const app = await buildApp({ config: testConfig(), db: seeded.db, clock: fakeClock(), logger: testLogger() });
const tokens = new Map<number, string>();
let north = 0;
let operatorId = 0;

beforeAll(async () => {
  await app.ready();
  for (const user of DEMO_USERS) tokens.set(user.type, await signIn(app, user.email, DEMO_PASSWORD));
  const [row] = await seeded.db.select().from(accounts).where(eq(accounts.name, 'Grupo Automotriz del Norte'));
  north = row!.id;
  const [operator] = await seeded.db.select().from(users).where(eq(users.email, 'operador@planpiso.mx'));
  operatorId = operator!.id;
});
afterAll(async () => {
  await app.close();
  await seeded.close();
});

const call = (type: number, method: 'GET' | 'PATCH', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: bearer(tokens.get(type)!) });
const list = async (type: number, query = '') =>
  json<{ data: { items: AccountLookupItem[]; total: number } }>(await call(type, 'GET', `/api/accounts${query}`)).data;

describe('the list', () => {
  it('shows each account’s operator and created day, and filters by type, operator and name', async () => {
    const page = await list(1);
    const account = page.items.find((a) => a.id === north)!;
    expect(account.operator).toEqual({ id: operatorId, name: 'Olga Operadora' });
    expect(account.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await list(1, '?type=2')).items.every((a) => a.type === 2)).toBe(true);
    expect((await list(1, `?assigned=${operatorId}`)).items.map((a) => a.id)).toContain(north);
    expect((await list(1, '?name=bajío')).items.map((a) => a.name)).toEqual(['Grupo Automotriz del Bajío']);
  });
});

describe('scope (spec 2 §6, decision 014)', () => {
  it('an administrator sees the accounts of the operators it registered; the super user every account', async () => {
    // An account handed to an operator someone else registered.
    const stranger = await createUser(seeded.db, 3);
    const [account] = await seeded.db
      .insert(accounts)
      .values({ name: 'Cuenta de otro operador', type: 2 })
      .returning({ id: accounts.id });
    await seeded.db.insert(accountOperators).values({ accountId: account!.id, userId: stranger.id });

    expect((await list(2)).items.map((a) => a.name)).not.toContain('Cuenta de otro operador');
    expect((await call(2, 'GET', `/api/accounts/${account!.id}`)).statusCode).toBe(404);
    expect((await list(2)).items.map((a) => a.id)).toContain(north);
    expect((await call(1, 'GET', `/api/accounts/${account!.id}`)).statusCode).toBe(200);
    expect((await call(3, 'GET', `/api/accounts/${account!.id}`)).statusCode).toBe(404);
  });
});

describe('view, status and archive', () => {
  it('the view shows the companies and their legal representatives', async () => {
    const detail = json<{ data: AccountDetail }>(await call(2, 'GET', `/api/accounts/${north}`)).data;
    expect(detail.companies.map((c) => c.clientId)).toEqual(['10001', '10002']);
    expect(detail.companies[0]!.legals.map((l) => l.email)).toContain('representante@autosdelnorte.mx');
  });

  it('the operator toggles the status with the spec’s message; others may not', async () => {
    const off = await call(3, 'PATCH', `/api/accounts/${north}/active`, { active: false });
    expect(json(off)).toMatchObject({ data: { isActive: false }, message: ORGANISATION_MESSAGES.accountStatusChanged });
    await call(3, 'PATCH', `/api/accounts/${north}/active`, { active: true });
    expect((await call(1, 'PATCH', `/api/accounts/${north}/active`, { active: false })).statusCode).toBe(403);
  });

  it('an archived account leaves the list and answers 404', async () => {
    const [spare] = await seeded.db.insert(accounts).values({ name: 'Cuenta por archivar', type: 2 }).returning();
    await app.inject({
      method: 'PATCH',
      url: `/api/accounts/${spare!.id}/assign`,
      payload: { userId: operatorId },
      headers: bearer(tokens.get(1)!),
    });
    const archived = await call(3, 'PATCH', `/api/accounts/${spare!.id}/archive`, { archive: true });
    expect(json(archived)).toMatchObject({ message: ORGANISATION_MESSAGES.accountArchived });
    expect((await list(3)).items.map((a) => a.id)).not.toContain(spare!.id);
    expect((await call(3, 'GET', `/api/accounts/${spare!.id}`)).statusCode).toBe(404);
  });
});

describe('changing the operator (type 1)', () => {
  it('hands the account to another active operator, with the spec’s message', async () => {
    const other = await createUser(seeded.db, 3);
    const response = await call(1, 'PATCH', `/api/accounts/${north}/assign`, { userId: other.id });
    expect(json(response)).toMatchObject({ message: ORGANISATION_MESSAGES.accountOperatorChanged });
    expect((await list(1)).items.find((a) => a.id === north)?.operator?.id).toBe(other.id);
    // The demo operator no longer reaches it; put it back.
    expect((await call(3, 'GET', `/api/accounts/${north}`)).statusCode).toBe(404);
    await call(1, 'PATCH', `/api/accounts/${north}/assign`, { userId: operatorId });
    expect((await call(3, 'GET', `/api/accounts/${north}`)).statusCode).toBe(200);
  });

  it('refuses someone who is not an active type 3, and callers other than type 1', async () => {
    const dealer = await createUser(seeded.db, 5);
    const response = await call(1, 'PATCH', `/api/accounts/${north}/assign`, { userId: dealer.id });
    expect(response.statusCode).toBe(422);
    expect(json<ErrorResponse>(response).message).toBe(ORGANISATION_MESSAGES.operatorInvalid);
    expect((await call(2, 'PATCH', `/api/accounts/${north}/assign`, { userId: operatorId })).statusCode).toBe(403);
  });
});
