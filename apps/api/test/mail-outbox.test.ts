import { createServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@planpiso/domain';
import { startMailCatcher, type MailCatcher } from '../../simulators/src/mail/mail-catcher';
import { buildApp } from '../src/app';
import { roles } from '../src/db/schema/roles';
import { users } from '../src/db/schema/users';
import { sendMail } from '../src/jobs/send-mail';
import { createMailer, MAIL_IN_TRANSACTION } from '../src/platform/mail';
import { transaction } from '../src/platform/transaction';
import { eventually } from './financing-fixtures';
import { bearer, createUser, fakeClock, json, signIn, testConfig, testLogger, type CaughtMail } from './harness';
import { seededDatabase } from './seeded-database';

// Decision 017: no SMTP inside a transaction. Mail is a job queued in the business transaction, so a relay that is
// down neither refuses nor undoes the business write; the job is retried and the mail arrives once the relay is
// back. On a database of its own, with the app working its own queues (JOBS=on), so that no other file's mail
// worker delivers this mail behind the test's back.

/** A port nothing listens on yet: the relay is down. */
async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });
}

const seeded = await seededDatabase('outbox');
const smtpPort = await freePort();
const config = testConfig({ SMTP_PORT: String(smtpPort), JOBS: 'on', JOBS_POLL_SECONDS: '1' });
const app = await buildApp({ config, db: seeded.db, clock: fakeClock(), logger: testLogger() });
await app.ready();
let relay: MailCatcher | undefined;
afterAll(async () => {
  await app.close();
  await relay?.stop();
  await seeded.close();
});

const superUser = await createUser(seeded.db, 1);
const [adminRole] = await seeded.db
  .insert(roles)
  .values({ name: `Rol buzón ${Date.now()}`, type: 2, registerBy: superUser.id, isActive: true })
  .returning({ id: roles.id });

type MailJob = { state: string; retryCount: number };
const mailJobsTo = async (to: string) =>
  (
    await seeded.db.execute<MailJob>(sql`
      select state::text as state, retry_count as "retryCount" from pgboss.job
      where name = ${sendMail.name} and data->>'to' = ${to}`)
  ).rows;

async function caught(to: string): Promise<CaughtMail[]> {
  const response = await fetch(`http://127.0.0.1:${relay!.httpPort}/mail/api/messages?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { data: CaughtMail[] }).data;
}

describe('mail while the relay is down (decision 017)', () => {
  it('saves the user at once, retries the mail, and delivers it once the relay is back', async () => {
    const email = `buzon-${Date.now()}@prueba.planpiso.mx`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(await signIn(app, superUser.email)),
      payload: { firstname: 'Berta', lastname: 'Buzón', email, phone: '', additionalEmails: '', roleId: adminRole!.id },
    });
    expect(response.statusCode).toBe(201);
    const [saved] = await seeded.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(saved?.id).toBe(json<{ data: { id: number } }>(response).data.id);

    // The worker tried the relay, failed, and pg-boss holds the job for another try.
    const retrying = await eventually(async () => {
      const [job] = await mailJobsTo(email);
      return job && job.state === 'retry' && job.retryCount >= 1 && job;
    });
    expect(retrying).toBeTruthy();

    relay = await startMailCatcher({ smtpPort, httpPort: 0 });
    const [mail] = await eventually(async () => {
      const mails = await caught(email);
      return mails.length > 0 && mails;
    }, 25_000);
    expect(mail!.subject).toBe(MESSAGES.mailTemporaryPasswordSubject);
    expect(mail!.text).toContain('Contraseña temporal:');
    // Sent, so deleted: the temporary password does not stay in the job table.
    await eventually(async () => (await mailJobsTo(email)).length === 0);
  });

  it('queues nothing when the business write is refused', async () => {
    const email = `rechazo-${Date.now()}@prueba.planpiso.mx`;
    const response = await app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(await signIn(app, superUser.email)),
      // A role the form may not use: the whole transaction, with its mail, rolls back.
      payload: { firstname: 'Ana', lastname: 'Nadie', email, phone: '', additionalEmails: '', roleId: 999_999 },
    });
    expect(response.statusCode).toBe(422);
    expect(await mailJobsTo(email)).toEqual([]);
  });
});

describe('the mailer inside a transaction', () => {
  it('refuses to talk SMTP while a transaction is open, and talks once it has committed', async () => {
    const mailer = createMailer(testConfig());
    const message = { to: 'guardia@prueba.planpiso.mx', subject: 'Prueba', text: 'Hola' };
    await expect(transaction(seeded.db, () => mailer.send(message))).rejects.toThrow(MAIL_IN_TRANSACTION);
    await expect(transaction(seeded.db, async () => undefined).then(() => mailer.send(message))).resolves.toBe(
      undefined,
    );
    await mailer.close();
  });
});
