import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { IDENTITY_ERROR, MESSAGES } from '@planpiso/domain';
import { resetCodeCleanupJob } from '../src/jobs/reset-code-cleanup';
import { buildTestApp, createUser, json, readMail, signInRaw } from './harness';

/**
 * Issue 27 §5 (decision 064): strangers flooding wrong reset codes from several addresses must not take away the
 * code the owner received. Wrong codes count per address and per account separately: the flooding addresses are
 * blocked, the owner's right code from the address that asked for it still works.
 */
const t = await buildTestApp();
const { app } = t;
afterAll(() => t.close());

type ErrorBody = { statusCode: number; code: string; message: string };
const NEW_PASSWORD = 'Nueva#Clave9';
const OWNER = '10.27.5.1';
const strangers = ['10.27.5.11', '10.27.5.12', '10.27.5.13'];

const post = (url: string, payload: object, remoteAddress: string) =>
  app.inject({ method: 'POST', url, payload, remoteAddress });
const confirmFrom = (remoteAddress: string, email: string, code: string) =>
  post('/api/identity/confirm-forgot-password', { email, code, newPassword: NEW_PASSWORD }, remoteAddress);
const otherCode = (code: string, n: number) => String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0');

describe('a wrong-code flood from other addresses (issue 27 §5)', () => {
  it('blocks the flooding addresses and leaves the owner’s code working from the owner’s address', async () => {
    const user = await createUser(t.db, 4);
    expect((await post('/api/identity/forgot-password', { email: user.email }, OWNER)).statusCode).toBe(200);
    const [mail] = await readMail(user.email, app);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')![1]!;

    // Ten wrong codes from two addresses: each hears a mismatch, then each is blocked.
    let n = 0;
    for (const stranger of strangers.slice(0, 2)) {
      for (let i = 0; i < 5; i++) {
        const wrong = await confirmFrom(stranger, user.email, otherCode(code, n++));
        expect(json<ErrorBody>(wrong).code).toBe(IDENTITY_ERROR.CodeMismatch);
      }
      const blocked = await confirmFrom(stranger, user.email, otherCode(code, n++));
      expect(blocked.statusCode).toBe(429);
      expect(json<ErrorBody>(blocked)).toMatchObject({
        code: IDENTITY_ERROR.LimitExceeded,
        message: MESSAGES.limitExceeded,
      });
    }
    // A third address, fresh, is blocked too: the account's budget for strangers is spent — even with the right code.
    const third = await confirmFrom(strangers[2]!, user.email, code);
    expect(third.statusCode, third.body).toBe(429);

    // The owner, from the address that asked for the code, still resets with it.
    const ok = await confirmFrom(OWNER, user.email, code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await signInRaw(app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers an unknown e-mail exactly as a known one under the same flood', async () => {
    const known = await createUser(t.db, 4);
    const unknown = `nadie-${known.id}@prueba.planpiso.mx`;
    for (const email of [known.email, unknown]) {
      expect((await post('/api/identity/forgot-password', { email }, OWNER)).statusCode).toBe(200);
    }
    await readMail(known.email, app);
    await readMail(unknown, app);
    const bodies = async (email: string) => {
      const seen: string[] = [];
      for (const stranger of strangers.slice(0, 2)) {
        for (let i = 0; i < 6; i++) seen.push((await confirmFrom(stranger, email, '000000')).body);
      }
      seen.push((await confirmFrom(strangers[2]!, email, '000000')).body);
      return seen;
    };
    const [a, b] = [await bodies(known.email), await bodies(unknown)];
    expect(b).toEqual(a);
    expect((JSON.parse(a.at(-1)!) as ErrorBody).code).toBe(IDENTITY_ERROR.LimitExceeded);
  });

  it('purges the records of a flood once they decide nothing; live ones stay, and the owner asks again afresh', async () => {
    const [spent, live] = [await createUser(t.db, 4), await createUser(t.db, 4)];
    for (const user of [spent, live]) {
      expect((await post('/api/identity/forgot-password', { email: user.email }, OWNER)).statusCode).toBe(200);
      await readMail(user.email, app);
      for (let i = 0; i < 3; i++) await confirmFrom(strangers[0]!, user.email, '000000');
    }
    const rowsOf = async (user: { id: number; email: string }) => {
      const result = await t.db.execute<{ guards: number; failures: number; codes: number }>(sql`
        select (select count(*)::int from reset_code_guards where email = lower(${user.email})) as guards,
               (select count(*)::int from reset_code_failures where lower(email) = lower(${user.email})) as failures,
               (select count(*)::int from reset_codes where user_id = ${user.id}) as codes`);
      return result.rows[0]!;
    };
    expect(await rowsOf(spent)).toEqual({ guards: 1, failures: 1, codes: 1 });
    // Two hours pass for the first e-mail's records: its windows end and its code expires.
    const hoursAgo = (h: number) => new Date(t.clock.now().getTime() - h * 3_600_000);
    await t.db.execute(sql`update reset_code_guards set failures_window_ends_at = ${hoursAgo(1)},
      requests_window_ends_at = ${hoursAgo(1)}, requested_at = ${hoursAgo(2)} where email = lower(${spent.email})`);
    await t.db.execute(
      sql`update reset_code_failures set window_ends_at = ${hoursAgo(1)} where lower(email) = lower(${spent.email})`,
    );
    await t.db.execute(sql`update reset_codes set expires_at = ${hoursAgo(1)} where user_id = ${spent.id}`);

    const job = resetCodeCleanupJob({
      db: t.db,
      clock: t.clock,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    await job.handle({});
    expect(await rowsOf(spent)).toEqual({ guards: 0, failures: 0, codes: 0 });
    expect(await rowsOf(live)).toEqual({ guards: 1, failures: 1, codes: 1 });

    // Purged, the e-mail starts afresh: a new code, typed from the owner's address, resets the password.
    expect((await post('/api/identity/forgot-password', { email: spent.email }, OWNER)).statusCode).toBe(200);
    const [mail] = await readMail(spent.email, app);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')![1]!;
    expect((await confirmFrom(OWNER, spent.email, code)).statusCode).toBe(200);
  });
});
