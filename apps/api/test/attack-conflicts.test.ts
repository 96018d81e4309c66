import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES, ORGANISATION_MESSAGES, type AccountDetail, type ErrorResponse } from '@planpiso/domain';
import { buildApp } from '../src/app';
import { audits } from '../src/db/schema/audits';
import { users } from '../src/db/schema/users';
import { DEMO_PASSWORD } from '../src/seed';
import { bearer, fakeClock, json, signIn, testConfig, testLogger } from './harness';
import { seededDatabase } from './seeded-database';
import { accountBodies, keptCompany } from './support/account-bodies';

/**
 * Answers of 500 the probe found where a 409 belongs (issue 27 items 10 and 11, decision 067):
 * - PUT /api/accounts/{id} dropping a company that has audits (or anything else that references it): the foreign
 *   key refused the delete. Whatever references a company holds it, read from the schema's foreign keys.
 * - Concurrent wizard saves with one legal representative's e-mail: the losers hit users_email_unique. Every unique
 *   violation is a 409 in Spanish, answered by the error handler for every module.
 */
const seeded = await seededDatabase('conflicts');
const app = await buildApp({ config: testConfig(), db: seeded.db, clock: fakeClock(), logger: testLogger() });
await app.ready();
const operator = await signIn(app, 'operador@planpiso.mx', DEMO_PASSWORD);
afterAll(async () => {
  await app.close();
  await seeded.close();
});

const tag = Date.now().toString(36);
const bodies = accountBodies(tag);
const legal = bodies.legal;
const company = (clientId: string, name: string, person = legal(`Rep${clientId}`, clientId)) =>
  bodies.company(clientId, name, person);
const post = (payload: object) =>
  app.inject({ method: 'POST', url: '/api/accounts', payload, headers: bearer(operator) });
const put = (id: number, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/accounts/${id}`, payload, headers: bearer(operator) });

/** A Holding with three companies (it needs at least two, so one can go). */
async function holding(name: string, clients: [string, string, string]) {
  const response = await post({
    name: `${name} ${tag}`,
    email: `${name.toLowerCase()}.${tag}@prueba.planpiso.mx`,
    type: 1,
    companies: clients.map((clientId, i) => company(clientId, `${name} ${i}`)),
  });
  expect(response.statusCode).toBe(201);
  return json<{ data: AccountDetail }>(response).data;
}

describe('dropping a company that something references (item 10)', () => {
  it('answers 409 companyInUse when the company has an audit, and removes nothing', async () => {
    const account = await holding('Auditada', ['10004', '10005', '10006']);
    const audited = account.companies[1]!;
    await seeded.db.insert(audits).values({
      auditor: 'Auditor de prueba',
      accountId: account.id,
      companyId: audited.id,
      initialDate: '2030-01-01',
      endDate: '2030-01-02',
    });
    const response = await put(account.id, {
      companies: [keptCompany(account.companies[0]!), keptCompany(account.companies[2]!)],
    });
    expect(response.statusCode).toBe(409);
    expect(json<ErrorResponse>(response).message).toBe(ORGANISATION_MESSAGES.companyInUse);
    const after = await seeded.db.execute<{ n: number }>(
      sql`select count(*)::int as n from companies where id = ${audited.id}`,
    );
    expect(after.rows[0]!.n).toBe(1);
  });

  it('counts a table added after the check was written (read from the foreign keys)', async () => {
    const account = await holding('Referida', ['10007', '10008', '10009']);
    const referenced = account.companies[1]!;
    await seeded.db.execute(
      sql`create table attack_company_refs (id serial primary key, company_id integer not null references companies(id))`,
    );
    try {
      await seeded.db.execute(sql`insert into attack_company_refs (company_id) values (${referenced.id})`);
      const response = await put(account.id, {
        companies: [keptCompany(account.companies[0]!), keptCompany(account.companies[2]!)],
      });
      expect(response.statusCode).toBe(409);
      expect(json<ErrorResponse>(response).message).toBe(ORGANISATION_MESSAGES.companyInUse);
    } finally {
      await seeded.db.execute(sql`drop table attack_company_refs`);
    }
    // Nothing references it any more: now it goes.
    const response = await put(account.id, {
      companies: [keptCompany(account.companies[0]!), keptCompany(account.companies[2]!)],
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('unique violations (item 11)', () => {
  it('answers concurrent wizard saves with one legal e-mail with one 201 and 409s, never a 500', async () => {
    const email = `carrera.${tag}@prueba.planpiso.mx`;
    const clients = ['10010', '10011', '10012', '10013'];
    // The race made certain: every save passes its e-mail check, then waits at its first insert (accounts) until
    // the test lets them all go at once; the first to insert the legal representative wins, the rest meet the
    // unique index.
    const gate = new pg.Client({ connectionString: seeded.url });
    await gate.connect();
    let responses: Awaited<ReturnType<typeof post>>[];
    try {
      await gate.query('begin');
      await gate.query('lock table accounts in share mode');
      const saves = Promise.all(
        clients.map((clientId, i) =>
          post({
            name: `Carrera ${i} ${tag}`,
            email: `carrera${i}.${tag}@prueba.planpiso.mx`,
            type: 2,
            companies: [company(clientId, `Carrera ${i}`, legal('Carrera', clientId, email))],
          }),
        ),
      );
      const deadline = Date.now() + 20_000;
      for (;;) {
        const waiting = await gate.query<{ n: number }>(
          `select count(*)::int as n from pg_locks where relation = 'accounts'::regclass and not granted`,
        );
        if (waiting.rows[0]!.n >= clients.length) break;
        if (Date.now() > deadline) throw new Error(`only ${waiting.rows[0]!.n} saves reached the insert`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await gate.query('commit');
      responses = await saves;
    } finally {
      await gate.end();
    }
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(json<ErrorResponse>(response)).toMatchObject({
        code: 'CONFLICT',
        message: ORGANISATION_MESSAGES.legalEmailTaken,
      });
    }
  });

  it('answers a unique violation no service checked for with a 409 in Spanish, in the error handler', async () => {
    const probe = await buildApp({ config: testConfig(), db: seeded.db, clock: fakeClock(), logger: testLogger() });
    // A write that skips every check, as a lost race does.
    probe.post('/__probe/duplicate', async () => {
      await seeded.db
        .insert(users)
        .values({ email: 'superusuario@planpiso.mx', firstname: 'X', lastname: 'Y', type: 5 });
      return { data: null };
    });
    probe.post('/__probe/duplicate-folio', async () => {
      const [audit] = await seeded.db.select({ folio: audits.folio }).from(audits).limit(1);
      await seeded.db.insert(audits).values({
        folio: audit!.folio,
        auditor: 'X',
        accountId: 1,
        companyId: 1,
        initialDate: '2030-01-01',
        endDate: '2030-01-01',
      });
      return { data: null };
    });
    await probe.ready();
    try {
      const email = await probe.inject({ method: 'POST', url: '/__probe/duplicate' });
      expect(email.statusCode).toBe(409);
      expect(json<ErrorResponse>(email)).toMatchObject({ code: 'EMAIL_TAKEN', message: MESSAGES.emailTaken });
      const folio = await probe.inject({ method: 'POST', url: '/__probe/duplicate-folio' });
      expect(folio.statusCode).toBe(409);
      expect(json<ErrorResponse>(folio)).toMatchObject({ code: 'CONFLICT', message: MESSAGES.duplicateRecord });
    } finally {
      await probe.close();
    }
  });
});
