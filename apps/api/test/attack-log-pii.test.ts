import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { users } from '../src/db/schema/users';
import { closeTestDb, fakeClock, testConfig, testDb } from './harness';
import { scanLogText } from './support/log-scan';

/**
 * PII in logs (issue 27 item 3, decision 066): the driver's error carries the statement's parameters and the row
 * (drizzle's message ends with "params: ...", PostgreSQL's `detail` shows the key or the failing row), and the error
 * handler logged it whole — a legal representative's name, e-mail, phone and RFC reached the log in a race of the
 * account wizard. Here writes with such a person in their parameters fail every way PostgreSQL refuses them (not
 * null, check, foreign key, unique, a bad value), and the log must name the failure without the person.
 * The whole API suite's log gets the same scan at the end of the run (global-setup.ts).
 */
const PERSON = {
  firstname: 'Patricia',
  lastname: 'Gómez Villarreal',
  email: 'patricia.gomez.pii@prueba.planpiso.mx',
  phone: '8187654321',
  legalId: 'GOVP800101AB1',
};

const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});
const db = testDb();
const app = await buildApp({ config: testConfig(), db, clock: fakeClock(), logger: { level: 'info', stream } });
// Writes that skip every check, as a lost race or a contract's gap does. Outside /api: no session needed.
const person = (values: Partial<typeof users.$inferInsert>) =>
  db.insert(users).values({ ...PERSON, type: 4, ...values } as typeof users.$inferInsert);
app.post('/__probe/not-null', async () => {
  await person({ type: null as unknown as number });
  return {};
});
app.post('/__probe/check', async () => {
  await person({ email: 'PATRICIA.GOMEZ.PII@PRUEBA.PLANPISO.MX' });
  return {};
});
app.post('/__probe/foreign-key', async () => {
  await person({ companyId: 2_147_483_000 });
  return {};
});
app.post('/__probe/unique', async () => {
  await person({});
  await person({});
  return {};
});
app.post('/__probe/bad-value', async () => {
  await db.execute(sql`select ${PERSON.legalId}::int, ${PERSON.email}::int`);
  return {};
});
app.post('/__probe/job-style', async () => {
  // How jobs and services log a failure they survive: { err: { message } }.
  try {
    await person({ type: null as unknown as number });
  } catch (error) {
    app.log.warn({ err: { message: (error as Error).message } }, 'probe: failed, carrying on');
  }
  return {};
});
await app.ready();
afterAll(async () => {
  await app.close();
  await db.delete(users).where(sql`lower(${users.email}) = ${PERSON.email}`);
  await closeTestDb();
});

const logged = () => lines.join('\n');

describe('an error with personal data in its statement', () => {
  it.each([
    ['not-null', 500, '23502'],
    ['check', 500, '23514'],
    ['foreign-key', 409, '23503'],
    ['unique', 409, null],
    ['bad-value', 400, '22P02'],
    ['job-style', 200, null],
  ] as const)('%s: answers %i and logs the failure without the person', async (probe, status, code) => {
    const before = lines.length;
    const response = await app.inject({ method: 'POST', url: `/__probe/${probe}` });
    expect(response.statusCode).toBe(status);
    const mine = lines.slice(before).join('\n');
    if (code) {
      // The failure is still there to read: its PostgreSQL code.
      expect(mine).toContain(`"code":"${code}"`);
    }
    expect(scanLogText(mine)).toEqual([]);
    for (const value of Object.values(PERSON)) expect(mine).not.toContain(value);
  });

  it('the scan knows a phone from an id in a path', () => {
    expect(scanLogText('{"phone":"8187654321"}').map((f) => f.kind)).toEqual(['phone']);
    expect(scanLogText('{"msg":"x","q":"?phone=+528187654321"}').map((f) => f.kind)).toEqual(['phone']);
    expect(scanLogText('{"url":"/api/companies/2147483000/users","msg":"slow request"}')).toEqual([]);
  });

  it('leaves nothing of the person anywhere in this app’s log', () => {
    expect(lines.length).toBeGreaterThan(0);
    expect(scanLogText(logged())).toEqual([]);
    for (const value of [...Object.values(PERSON), 'Patricia']) expect(logged()).not.toContain(value);
  });
});
