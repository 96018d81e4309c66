import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import type { UserType } from '@planpiso/domain';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { createDb, type Db } from '../src/db/client';
import { createJobRunner } from '../src/jobs/runner';
import { passwordResetCode, passwordResetCodeJob } from '../src/jobs/password-reset-code';
import { sendMail, sendMailJob } from '../src/jobs/send-mail';
import { createMailer } from '../src/platform/mail';
import { userAgencies, userCompanies } from '../src/db/schema/assignments';
import { credentials } from '../src/db/schema/identity';
import { accounts, agencies, companies } from '../src/db/schema/organisation';
import { users } from '../src/db/schema/users';
import { loadConfig, type Config } from '../src/platform/config';
import type { Clock } from '../src/platform/clock';
import { hashPassword } from '../src/modules/identity/passwords';
import { simulatorEnvironment } from '../../simulators/src/index';
import { testLogger } from './support/test-log';

export { testLogger };

export const TEST_JWT_SECRET = 'test-secret-for-planpiso-api-tests-only-0123456789';
/** Satisfies both password patterns (spec 1 §5). */
export const TEST_PASSWORD = 'Prueba#2026a';

export type FakeClock = Clock & { advance(ms: number): void; set(date: Date): void };

/** A clock that only moves when told to (lockouts, expiries) — no sleeping in tests. */
export function fakeClock(start = new Date()): FakeClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    // Development mode (decision 062); the simulators' secrets are passed explicitly all the same (simulatorEnv).
    NODE_ENV: 'test',
    JWT_SECRET: TEST_JWT_SECRET,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(inject('smtpPort')),
    WEB_DIST: '/nonexistent/planpiso-web-dist',
    APP_URL: 'http://localhost:8080',
    // Tests from every file share 127.0.0.1; only the deliberate rate-limit test lowers this.
    IDENTITY_RATE_LIMIT_PER_MINUTE: '100000',
    LOG_LEVEL: 'silent',
    // Tests that need the workers start them themselves (test/jobs.test.ts); mail has its own (mailWorker below).
    JOBS: 'off',
    JOBS_POLL_SECONDS: '1',
    ...simulatorEnv(),
    ...env,
  });
}

/** Points the adapters at the run's simulators (global-setup.ts), with short waits so failure tests stay quick. */
export function simulatorEnv(): Record<string, string> {
  return {
    ...simulatorEnvironment({
      urls: inject('simulatorUrls'),
      tokens: inject('simulatorTokens'),
      esignWebhookSecret: inject('simulatorWebhookSecret'),
    }),
    EXTERNAL_RETRY_DELAY_MS: '20',
  };
}

let sharedDb: ReturnType<typeof createDb> | undefined;
/** One pool per test file (worker), on the run's throwaway database. */
export function testDb(): Db {
  sharedDb ??= createDb(inject('databaseUrl'), { max: 5 });
  return sharedDb.db;
}

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  clock: FakeClock;
  close(): Promise<void>;
};

export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    db?: Db;
    clock?: FakeClock;
    /** Hooks a test adds before the app is ready (a fault to inject, say). */
    beforeReady?: (app: FastifyInstance) => void;
  } = {},
) {
  const clock = options.clock ?? fakeClock();
  const db = options.db ?? testDb();
  const app = await buildApp({ config: testConfig(options.env), db, clock, logger: testLogger() });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    db,
    clock,
    close: async () => {
      await app.close();
    },
  } satisfies TestApp;
}

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

export async function closeTestDb(): Promise<void> {
  await sharedDb?.close();
  sharedDb = undefined;
}

const unique = () => randomUUID().slice(0, 8);

/** An account with two companies and a branch of the first, with unique names (files run in parallel). */
export async function createOrganisation(db: Db) {
  const tag = unique();
  const [account] = await db
    .insert(accounts)
    .values({ name: `Cuenta ${tag}`, type: 1 })
    .returning({ id: accounts.id, name: accounts.name });
  const made = await db
    .insert(companies)
    .values([
      { accountId: account!.id, name: `Alfa ${tag}`, clientId: `A-${tag}` },
      { accountId: account!.id, name: `Beta ${tag}`, clientId: `B-${tag}` },
    ])
    .returning({ id: companies.id, name: companies.name, clientId: companies.clientId });
  const [agency] = await db
    .insert(agencies)
    .values({ accountId: account!.id, companyId: made[0]!.id, name: `Sucursal ${tag}` })
    .returning({ id: agencies.id, name: agencies.name });
  return { account: account!, companies: made, agency: agency! };
}

export type CreateUserOptions = {
  email?: string;
  password?: string | null;
  temporary?: boolean;
  temporaryExpiresAt?: Date;
  isActive?: boolean;
  accountId?: number | null;
  companyId?: number | null;
  agencyId?: number | null;
  roleId?: number | null;
  /** Assigned companies (dealers). */
  companies?: number[];
  agencies?: number[];
};

export type TestUser = { id: number; email: string; password: string; type: UserType };

/**
 * One argon2 hash per password for the whole process (each is ~50 ms of CPU, and a run creates a few thousand test
 * users): the hash is a real one with the production parameters, so sign-in verifies it exactly as it would.
 */
const testHashes = new Map<string, Promise<string>>();
const testPasswordHash = (password: string) => {
  let hashed = testHashes.get(password);
  if (!hashed) testHashes.set(password, (hashed = hashPassword(password)));
  return hashed;
};

/** A user of the given type with a known password (TEST_PASSWORD unless told otherwise). */
export async function createUser(db: Db, type: UserType, options: CreateUserOptions = {}): Promise<TestUser> {
  const email = (options.email ?? `u${type}-${unique()}@prueba.planpiso.mx`).toLowerCase();
  const password = options.password === undefined ? TEST_PASSWORD : options.password;
  const [user] = await db
    .insert(users)
    .values({
      email,
      firstname: `Nombre${type}`,
      lastname: `Apellido${type}`,
      type,
      isActive: options.isActive ?? true,
      accountId: options.accountId ?? null,
      companyId: options.companyId ?? null,
      agencyId: options.agencyId ?? null,
      roleId: options.roleId ?? null,
    })
    .returning({ id: users.id });
  if (password !== null) {
    await db.insert(credentials).values({
      userId: user!.id,
      passwordHash: await testPasswordHash(password),
      temporary: options.temporary ?? false,
      temporaryExpiresAt: options.temporary ? (options.temporaryExpiresAt ?? new Date(Date.now() + 7 * DAY)) : null,
    });
  }
  // Assignments carry the account of what they assign (decision 024); a dealer given companies but no account
  // takes the first company's.
  let accountId = options.accountId ?? null;
  for (const companyId of options.companies ?? []) {
    const [company] = await db
      .select({ accountId: companies.accountId })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (accountId === null) {
      accountId = company!.accountId;
      await db.update(users).set({ accountId }).where(eq(users.id, user!.id));
    }
    await db.insert(userCompanies).values({ userId: user!.id, companyId, accountId: company!.accountId });
  }
  for (const agencyId of options.agencies ?? []) {
    const [agency] = await db.select({ accountId: agencies.accountId }).from(agencies).where(eq(agencies.id, agencyId));
    if (accountId === null) {
      accountId = agency!.accountId;
      await db.update(users).set({ accountId }).where(eq(users.id, user!.id));
    }
    await db.insert(userAgencies).values({ userId: user!.id, agencyId, accountId: agency!.accountId });
  }
  return { id: user!.id, email, password: password ?? '', type };
}

export async function setUserActive(db: Db, id: number, isActive: boolean): Promise<void> {
  await db.update(users).set({ isActive }).where(eq(users.id, id));
}

export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return JSON.parse(response.body) as T;
}

export async function signInRaw(app: FastifyInstance, email: string, password: string, remoteAddress?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/identity/sign-in',
    payload: { email, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** Signs in and returns the access token (fails the test if sign-in does not give tokens). */
export async function signIn(app: FastifyInstance, email: string, password: string = TEST_PASSWORD): Promise<string> {
  const response = await signInRaw(app, email, password);
  const body = json<{ data?: { accessToken?: string } }>(response);
  if (response.statusCode !== 200 || !body.data?.accessToken) {
    throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  }
  return body.data.accessToken;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type CaughtMail = { id: string; from: string; to: string[]; subject: string; text: string; html: string };

/**
 * How many mails to `to` wait in the queues of `db` (not sent yet, nor given up on): in the send-mail queue, or
 * still a forgot-password request whose code is not made yet (decision 022).
 */
async function queuedMail(db: Db, to: string): Promise<number> {
  // Two statements: PostgreSQL resolves every table of a statement before running it, so a CASE cannot skip a
  // pgboss.job that does not exist yet (no job was ever queued in this database).
  const exists = await db.execute<{ present: boolean }>(sql`select to_regclass('pgboss.job') is not null as present`);
  if (!exists.rows[0]!.present) return 0;
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from pgboss.job
    where state in ('created', 'retry', 'active') and (
      (name = ${sendMail.name} and lower(data->>'to') = lower(${to}))
      or (name = ${passwordResetCode.name} and lower(data->>'email') = lower(${to})))`);
  return result.rows[0]!.n;
}

/**
 * Sends the mail queued for `to` in `db` into the run's mail catcher: apps under test only send jobs (JOBS=off)
 * and mail is a job (decision 017), so a pg-boss worker of the send-mail queue runs until that mail has gone.
 * test/mail-outbox.test.ts covers a relay that is down, with the app's own workers.
 */
async function deliverMail(db: Db, to: string, app?: FastifyInstance, timeoutMs = 20_000): Promise<void> {
  if ((await queuedMail(db, to)) === 0) return;
  const config = testConfig();
  const mailer = createMailer(config);
  const worker = createJobRunner({ db, config: config.jobs, log: silent });
  // Forgot-password codes are made by a job of the app's identity service (its clock and secret).
  const jobs = app ? [sendMailJob(mailer), passwordResetCodeJob(app.services.identity)] : [sendMailJob(mailer)];
  try {
    await worker.start(jobs, { work: true });
    const deadline = Date.now() + timeoutMs;
    while ((await queuedMail(db, to)) > 0) {
      if (Date.now() > deadline) throw new Error(`mail to ${to} still queued after ${timeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await worker.stop();
    await mailer.close();
  }
}

/** What the mail catcher holds for `to`, newest first, once the mail queued for it (in the app's database) is sent. */
export async function readMail(to: string, app?: FastifyInstance): Promise<CaughtMail[]> {
  await deliverMail(app?.deps.db ?? testDb(), to, app);
  const response = await fetch(
    `http://127.0.0.1:${inject('mailHttpPort')}/mail/api/messages?to=${encodeURIComponent(to)}`,
  );
  return ((await response.json()) as { data: CaughtMail[] }).data;
}

/** The refresh cookie's value from a response, if it set one. */
export function refreshCookie(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((c) => c.name === 'pp_refresh')?.value;
}
