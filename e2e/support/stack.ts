// One whole PlanPiso stack on free ports, for the e2e run and the benchmarks: an embedded PostgreSQL in a temp
// dir (migrated and seeded with the demo data), the mail catcher, and the API process serving the built SPA.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, startEmbeddedPostgres } from '../../apps/api/src/db/embedded';
import { runMigrations } from '../../apps/api/src/db/migrate';
import { seedDemoAt } from './db';
import { freePort } from './ports';
import { spawnApi, teardown } from './spawn-api';

export type Stack = {
  baseUrl: string;
  mailUrl: string;
  databaseUrl: string;
  apiLog: string;
  /** Environment for the spec processes (read back by env.ts). */
  testEnv: Record<string, string>;
  stop(): Promise<void>;
};

export type StackOptions = {
  /** Seed the demo users (default true). */
  seed?: boolean;
  /** The API's LOG_LEVEL (default 'info', written to artifacts/<name>-api.log). */
  logLevel?: string;
  /** Names the API log file. */
  name?: string;
};

export async function startStack({ seed = true, logLevel = 'info', name = 'e2e' }: StackOptions = {}): Promise<Stack> {
  const workDir = mkdtempSync(join(tmpdir(), `planpiso-${name}-`));
  const cleanups = teardown('stack');
  cleanups.push(() => rmSync(workDir, { recursive: true, force: true }));
  const { stop } = cleanups;

  try {
    const pg = await startEmbeddedPostgres({ dataDir: join(workDir, 'pg'), port: await freePort(), persistent: false });
    cleanups.push(() => pg.stop());
    const databaseUrl = await createDatabase(pg.url, 'planpiso_e2e');
    await runMigrations(databaseUrl);
    if (seed) await seedDemoAt(databaseUrl);

    const apiLog = `${name}-api.log`;
    // Two minutes on a quiet machine would mean a hang, but at a load of 35 (another npm test beside this one) the API
    // took 80 s to answer its first request: wait three minutes, still failing a process that died at once.
    const { baseUrl, log, mail, simulators } = await spawnApi({
      // The bundle `npm start` runs (scripts/test-e2e.mjs builds it when stale): under tsx the start compiled the
      // sources first, ~7 s of CPU.
      args: ['--enable-source-maps', 'apps/api/dist/server.js'],
      databaseUrl,
      workDir,
      logName: apiLog,
      env: {
        NODE_ENV: 'test',
        LOG_LEVEL: logLevel,
        // Idle workers look for work every second (pg-boss's floor for our whole-second setting; default 2 s): the
        // journeys wait on the jobs' results (validation, signing), so each hop between jobs is a shorter wait.
        JOBS_POLL_SECONDS: '1',
        // The journeys make days pass (a sale's grace period) through the API's movable clock (support/clock.ts).
        TEST_CLOCK: '1',
      },
      readyTimeoutMs: 180_000,
      cleanups,
    });
    const mailUrl = `http://127.0.0.1:${mail.httpPort}`;

    return {
      baseUrl,
      mailUrl,
      databaseUrl,
      apiLog: log,
      testEnv: {
        E2E_BASE_URL: baseUrl,
        E2E_MAIL_URL: mailUrl,
        E2E_DATABASE_URL: databaseUrl,
        E2E_CRM_URL: simulators.urls.crm,
        E2E_CRM_TOKEN: simulators.tokens.crm,
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
