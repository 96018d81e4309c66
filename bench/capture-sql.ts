// The SQL one API request runs at steady state, captured rather than copied by hand, so the floor (floor.ts) keeps answering the same
// statements when a repository's query changes. The app is built in this process on the same database (jobs off),
// the caller signs in, and every query the pool sees while the request runs is recorded with its parameters.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { createDb } from '../apps/api/src/db/client';
import { loadConfig } from '../apps/api/src/platform/config';

/** One statement as the pool received it; `name` when it was a named (prepared) statement, run the same way. */
export type CapturedStatement = { text: string; values: unknown[]; rowMode?: 'array'; name?: string };

export async function captureRequestSql(
  databaseUrl: string,
  { email, password, path }: { email: string; password: string; path: (userId: number) => string },
): Promise<CapturedStatement[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'planpiso-capture-'));
  const handle = createDb(databaseUrl, { max: 2 });
  const captured: CapturedStatement[] = [];
  let capturing = false;
  const pool = handle.pool as unknown as { query: (...args: unknown[]) => unknown };
  const query = pool.query.bind(pool);
  pool.query = (...args: unknown[]) => {
    if (capturing) {
      const [config, values] = args as [string | (pg.QueryConfig & { rowMode?: 'array' }), unknown[] | undefined];
      captured.push(
        typeof config === 'string'
          ? { text: config, values: values ?? [] }
          : {
              text: config.text,
              values: config.values ?? values ?? [],
              rowMode: config.rowMode,
              ...(config.name ? { name: config.name } : {}),
            },
      );
    }
    return query(...args);
  };
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    JOBS: 'off',
    LOG_LEVEL: 'warn',
  });
  const app = await buildApp({ config, db: handle.db });
  try {
    const signIn = await app.inject({ method: 'POST', url: '/api/identity/sign-in', payload: { email, password } });
    const token = (signIn.json() as { data?: { accessToken?: string } }).data?.accessToken;
    if (!token) throw new Error(`sign-in as ${email} failed: ${signIn.statusCode} ${signIn.body}`);
    const userId = Number(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub);
    const request = () =>
      app.inject({ method: 'GET', url: path(userId), headers: { authorization: `Bearer ${token}` } });
    // The second request is the one captured: the first also fills what the API keeps between requests (the
    // planner's estimate of a long list's total, decision 050), which the load test's requests then do not run.
    await request();
    capturing = true;
    const answer = await request();
    capturing = false;
    if (answer.statusCode !== 200) throw new Error(`GET ${path(userId)}: ${answer.statusCode} ${answer.body}`);
    if (captured.length === 0) throw new Error(`GET ${path(userId)} ran no SQL through the pool`);
    return captured;
  } finally {
    await app.close();
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
