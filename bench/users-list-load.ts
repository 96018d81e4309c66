// GET /api/users at 32 connections on the issue-15 dataset (50,000 users): p50/p99 of page 1 and a deep page.
//   npx tsx bench/users-list-load.ts
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { createDb } from '../apps/api/src/db/client';
import { createDatabase, startEmbeddedPostgres } from '../apps/api/src/db/embedded';
import { runMigrations } from '../apps/api/src/db/migrate';
import { hashPassword } from '../apps/api/src/modules/identity/passwords';
import { loadConfig } from '../apps/api/src/platform/config';
import { LOAD } from './explain-lists';

const PASSWORD = 'Prueba#2026a';
const dir = await mkdtemp(join(tmpdir(), 'planpiso-users-load-'));
const server = await startEmbeddedPostgres({
  dataDir: join(dir, 'pg'),
  port: 57_000 + Math.floor(Math.random() * 900),
  persistent: false,
});
try {
  const url = await createDatabase(server.url, 'load');
  await runMigrations(url);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(LOAD);
  await admin.query('insert into credentials (user_id, password_hash, temporary) values (1, $1, false)', [
    await hashPassword(PASSWORD),
  ]);
  await admin.query('vacuum analyze');
  const email = (await admin.query<{ email: string }>('select email from users where id = 1')).rows[0]!.email;
  await admin.end();

  const handle = createDb(url, { max: 10 });
  const config = loadConfig({
    NODE_ENV: 'development',
    JWT_SECRET: 'x'.repeat(40),
    LOG_LEVEL: 'silent',
    JOBS: 'off',
    DATA_DIR: dir,
    WEB_DIST: '/nonexistent',
    IDENTITY_RATE_LIMIT_PER_MINUTE: '100000',
  });
  const app = await buildApp({ config, db: handle.db, logger: false } as Parameters<typeof buildApp>[0]);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const signIn = await fetch(`${base}/api/identity/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const token = ((await signIn.json()) as { data: { accessToken: string } }).data.accessToken;
  // autocannon in its own process, so the load generator does not share the API's event loop.
  for (const path of [
    '/api/ready',
    '/api/users?page=1&pageSize=10',
    '/api/users?page=5000&pageSize=10',
    '/api/users?page=1&pageSize=10&email=ab1',
  ]) {
    const { stdout } = await promisify(execFile)(
      'node_modules/.bin/autocannon',
      ['-c', '32', '-d', '10', '-j', '-H', `authorization=Bearer ${token}`, `${base}${path}`],
      { maxBuffer: 1 << 24 },
    );
    const result = JSON.parse(stdout) as {
      requests: { average: number };
      latency: { p50: number; p99: number };
      non2xx: number;
      errors: number;
    };
    console.log(
      `${path}: ${result.requests.average} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
    );
  }
  await app.close();
  await handle.close();
} finally {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
