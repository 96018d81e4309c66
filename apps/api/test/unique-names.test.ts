import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_MESSAGES } from '@planpiso/domain';
import { buildApp } from '../src/app';
import { agencies, companies } from '../src/db/schema/organisation';
import { roles } from '../src/db/schema/roles';
import { customSigners } from '../src/db/schema/signatures';
import { DEMO_PASSWORD } from '../src/seed';
import { bearer, fakeClock, json, signIn, testConfig, testLogger } from './harness';
import { seededDatabase } from './seeded-database';

// Double submits (issue 14 §2 item 8): names users tell apart are unique where they pick them (decision 021), so
// 20 concurrent creates of one name leave one row: one 201, the rest 409 with the Spanish message.
const seeded = await seededDatabase('unique_names');
const { db } = seeded;
const app = await buildApp({ config: testConfig(), db, clock: fakeClock(), logger: testLogger() });
const LINE = 'LC-10001-01';
let superUser = '';
let admin = '';
let operator = '';
let north = { id: 0, accountId: 0 };
let truck = { id: 0, accountId: 0 };

beforeAll(async () => {
  await app.ready();
  superUser = await signIn(app, 'superusuario@planpiso.mx', DEMO_PASSWORD);
  admin = await signIn(app, 'administrador@planpiso.mx', DEMO_PASSWORD);
  operator = await signIn(app, 'operador@planpiso.mx', DEMO_PASSWORD);
  const rows = await db
    .select({ id: companies.id, accountId: companies.accountId, clientId: companies.clientId })
    .from(companies);
  north = rows.find((c) => c.clientId === '10001')!;
  truck = rows.find((c) => c.accountId === north.accountId && c.id !== north.id)!;
});
afterAll(async () => {
  await app.close();
  await seeded.close();
});

type Answer = { statusCode: number; body: string };
const post = (token: string, url: string, payload: object, key?: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
const statuses = (answers: Answer[]) => answers.map((a) => a.statusCode).sort();
const twenty = (send: () => Promise<Answer>) => Promise.all(Array.from({ length: 20 }, send));
const expectOneCreated = (answers: Answer[], code: string, message: string) => {
  expect(statuses(answers)).toEqual([201, ...Array<number>(19).fill(409)]);
  for (const refused of answers.filter((a) => a.statusCode === 409)) {
    expect(json(refused as never)).toMatchObject({ statusCode: 409, code, message });
  }
};

describe('role names (unique among one registrar’s roles, any case)', () => {
  it('20 concurrent creates of one name: one role, 19 answers of 409', async () => {
    const name = `Rol doble ${randomUUID().slice(0, 6)}`;
    const answers = await twenty(() => post(superUser, '/api/roles', { name, type: 3 }));
    expectOneCreated(answers, 'ROLE_NAME_TAKEN', INPUT_MESSAGES.roleNameTaken);
    const rows = await db
      .select()
      .from(roles)
      .where(sql`lower(${roles.name}) = lower(${name})`);
    expect(rows).toHaveLength(1);
  });

  it('refuses the same name in another case, and renaming onto it; another registrar may use it', async () => {
    const name = `Rol único ${randomUUID().slice(0, 6)}`;
    expect((await post(superUser, '/api/roles', { name, type: 3 })).statusCode).toBe(201);
    const upper = await post(superUser, '/api/roles', { name: name.toUpperCase(), type: 4 });
    expect(upper.statusCode).toBe(409);
    expect(json<{ fields: Record<string, string> }>(upper).fields).toEqual({ name: INPUT_MESSAGES.roleNameTaken });

    const other = json<{ data: { id: number } }>(await post(superUser, '/api/roles', { name: `${name} 2`, type: 3 }));
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/roles/${other.data.id}`,
      headers: bearer(superUser),
      payload: { name, type: 3 },
    });
    expect(renamed.statusCode).toBe(409);

    expect((await post(admin, '/api/roles', { name, type: 3 })).statusCode).toBe(201);
  });

  it('a retried submission with its Idempotency-Key gets the first answer again, not a 409', async () => {
    const name = `Rol reintento ${randomUUID().slice(0, 6)}`;
    const key = randomUUID();
    const first = await post(superUser, '/api/roles', { name, type: 3 }, key);
    const retry = await post(superUser, '/api/roles', { name, type: 3 }, key);
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(first.body);
  });
});

describe('branch names (unique within a company, any case)', () => {
  it('20 concurrent creates of one name in one company: one branch, 19 answers of 409', async () => {
    const name = `Sucursal doble ${randomUUID().slice(0, 6)}`;
    const body = { name, accountId: north.accountId, companyId: north.id };
    const answers = await twenty(() => post(superUser, '/api/agencies', body));
    expectOneCreated(answers, 'BRANCH_NAME_TAKEN', INPUT_MESSAGES.branchNameTaken);
    const rows = await db
      .select()
      .from(agencies)
      .where(and(eq(agencies.companyId, north.id), sql`lower(${agencies.name}) = lower(${name})`));
    expect(rows).toHaveLength(1);
  });

  it('another company may have a branch of the same name; the same company not even in capitals', async () => {
    const name = `Sucursal centro ${randomUUID().slice(0, 6)}`;
    expect(
      (await post(superUser, '/api/agencies', { name, accountId: north.accountId, companyId: north.id })).statusCode,
    ).toBe(201);
    expect(
      (await post(superUser, '/api/agencies', { name, accountId: truck.accountId, companyId: truck.id })).statusCode,
    ).toBe(201);
    const upper = await post(superUser, '/api/agencies', {
      name: name.toUpperCase(),
      accountId: north.accountId,
      companyId: north.id,
    });
    expect(upper.statusCode).toBe(409);
  });
});

describe('custom signer names (unique for one company and credit line, any case)', () => {
  it('20 concurrent creates of one name: one signer, 19 answers of 409', async () => {
    const fullName = `Notario doble ${randomUUID().slice(0, 6)}`;
    const answers = await twenty(() =>
      post(operator, '/api/custom-signers', { fullName, companyId: north.id, creditLine: LINE }),
    );
    expectOneCreated(answers, 'SIGNER_NAME_TAKEN', INPUT_MESSAGES.signerNameTaken);
    const rows = await db
      .select()
      .from(customSigners)
      .where(sql`lower(${customSigners.fullName}) = lower(${fullName})`);
    expect(rows).toHaveLength(1);
  });
});
