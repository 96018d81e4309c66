import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { SessionUser } from '@planpiso/domain';
import { buildApp } from '../src/app';
import { createDb } from '../src/db/client';
import { createDatabase } from '../src/db/embedded';
import { runMigrations } from '../src/db/migrate';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../src/seed';
import { SEED_USERS } from '../src/seed/users';
import { users } from '../src/db/schema/users';
import {
  TEST_JWT_SECRET,
  bearer,
  closeTestDb,
  json,
  readMail,
  signIn,
  signInRaw,
  testConfig,
  testLogger,
  testDb,
} from './harness';

const exec = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

afterAll(() => closeTestDb());

describe('demo seed', () => {
  const adminUrl = new URL(inject('databaseUrl'));
  adminUrl.pathname = '/postgres';
  const name = `planpiso_seed_${process.pid}`;

  it('creates one user per type with the demo password and changes nothing when run again', async () => {
    const url = await createDatabase(adminUrl.toString(), name);
    await runMigrations(url);
    const handle = createDb(url, { max: 2 });
    const app = await buildApp({ config: testConfig(), db: handle.db, logger: testLogger() });
    try {
      const snapshot = async () => {
        const tables = [
          'users',
          'roles',
          'accounts',
          'companies',
          'agencies',
          'user_companies',
          'user_agencies',
          'account_operators',
          'credentials',
        ];
        const result: Record<string, unknown> = {};
        for (const table of tables) {
          const rows = await handle.pool.query(`select * from ${table} order by 1, 2`);
          result[table] = rows.rows;
        }
        return result;
      };
      await seedDemo(handle.db);
      const first = await snapshot();
      await seedDemo(handle.db);
      expect(await snapshot()).toEqual(first);
      expect((await handle.db.select({ n: count() }).from(users))[0]!.n).toBe(DEMO_USERS.length + SEED_USERS.length);

      for (const demo of DEMO_USERS) {
        const token = await signIn(app, demo.email, DEMO_PASSWORD);
        const { data } = json<{ data: { user: SessionUser } }>(
          await app.inject({ method: 'POST', url: '/api/auth/login', headers: bearer(token) }),
        );
        expect(data.user.type).toBe(demo.type);
      }
      const representative = await signIn(app, 'representante@autosdelnorte.mx', DEMO_PASSWORD);
      const { data } = json<{ data: { user: SessionUser } }>(
        await app.inject({ method: 'POST', url: '/api/auth/login', headers: bearer(representative) }),
      );
      expect(data.user.account?.name).toBe('Grupo Automotriz del Norte');
      expect(data.user.companies.map((c) => c.name)).toEqual(['Autos del Norte', 'Camiones del Norte']);
      expect(data.user.company).toMatchObject({ name: 'Autos del Norte', clientId: '10001' });

      const agent = await signIn(app, 'agencia@autosdelnorte.mx', DEMO_PASSWORD);
      const agentUser = json<{ data: { user: SessionUser } }>(
        await app.inject({ method: 'POST', url: '/api/auth/login', headers: bearer(agent) }),
      ).data.user;
      expect(agentUser.agency?.name).toBe('Sucursal Monterrey Centro');
    } finally {
      await app.close();
      await handle.close();
      const admin = new pg.Client({ connectionString: adminUrl.toString() });
      await admin.connect();
      await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
      await admin.end();
    }
  });
});

// Each run starts a node process that compiles the CLI (tsx): seconds on a quiet machine, 10–20 s each beside another
// test run, and the second test makes three.
describe('npm run create-superuser', { timeout: 120_000 }, () => {
  const run = (args: string[]) =>
    exec(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/create-superuser.ts', ...args], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: inject('databaseUrl'),
        JWT_SECRET: TEST_JWT_SECRET,
        SMTP_PORT: String(inject('smtpPort')),
        SMTP_HOST: '127.0.0.1',
      },
    });

  it('creates a type 1 user with a mailed, printed temporary password', async () => {
    const email = `root-${Date.now()}@prueba.planpiso.mx`;
    const { stdout } = await run(['--email', email.toUpperCase()]);
    const password = /Contraseña temporal: (\S+)/.exec(stdout)?.[1];
    expect(password).toBeTruthy();
    expect(stdout).toContain(`Se envió por correo a ${email}`);
    const [mail] = await readMail(email);
    expect(mail!.text).toContain(password!);

    const [user] = await testDb().select({ type: users.type }).from(users).where(eq(users.email, email));
    expect(user!.type).toBe(1);
    const app = await buildApp({ config: testConfig(), db: testDb(), logger: testLogger() });
    try {
      const challenge = json<{ data: { challenge?: string } }>(await signInRaw(app, email, password!));
      expect(challenge.data.challenge).toBe('NEW_PASSWORD_REQUIRED');
    } finally {
      await app.close();
    }
  });

  it('sets a given password and refuses a second user with the same e-mail', async () => {
    const email = `root-pw-${Date.now()}@prueba.planpiso.mx`;
    await run(['--email', email, '--password', 'Raiz#2026a']);
    const app = await buildApp({ config: testConfig(), db: testDb(), logger: testLogger() });
    try {
      expect((await signInRaw(app, email, 'Raiz#2026a')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
    await expect(run(['--email', email])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Ya existe'),
    });
    await expect(run(['--email', 'no-es-correo'])).rejects.toMatchObject({ code: 2 });
  });
});
