// One whole PlanPiso stack on free ports, for the e2e run and the benchmarks: an embedded PostgreSQL in a temp
// dir (migrated and seeded with the demo data), the mail catcher, and the API process serving the built SPA.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, startEmbeddedPostgres } from '../../apps/api/src/db/embedded';
import { runMigrations } from '../../apps/api/src/db/migrate';
import { seedDemoAt } from './db';
import { simulatorEnvironment, startSimulators } from '../../apps/simulators/src/index';
import { startMailCatcher } from '../../apps/simulators/src/mail/mail-catcher';
import { ARTIFACTS_DIR, REPO_ROOT, WEB_DIST } from './paths';
import { freePort, waitForHttp } from './ports';

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

function waitExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export async function startStack({ seed = true, logLevel = 'info', name = 'e2e' }: StackOptions = {}): Promise<Stack> {
  const workDir = mkdtempSync(join(tmpdir(), `planpiso-${name}-`));
  const cleanups: Array<() => Promise<void> | void> = [() => rmSync(workDir, { recursive: true, force: true })];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error('stack teardown:', error);
      }
    }
    cleanups.length = 0;
  };

  try {
    const pg = await startEmbeddedPostgres({ dataDir: join(workDir, 'pg'), port: await freePort(), persistent: false });
    cleanups.push(() => pg.stop());
    const databaseUrl = await createDatabase(pg.url, 'planpiso_e2e');
    await runMigrations(databaseUrl);
    if (seed) await seedDemoAt(databaseUrl);

    const mail = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
    cleanups.push(() => mail.stop());
    const mailUrl = `http://127.0.0.1:${mail.httpPort}`;
    // The lender's systems (decision 009), so the screens that reach them answer as in `npm start`.
    const simulators = await startSimulators({ ports: { crm: 0, vehicles: 0, ax: 0, esign: 0 } });
    cleanups.push(() => simulators.stop());

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    const apiLog = join(ARTIFACTS_DIR, `${name}-api.log`);
    const log = openSync(apiLog, 'w');
    const api = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', log, log],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        DATA_DIR: join(workDir, 'data'),
        JWT_SECRET: randomBytes(32).toString('hex'),
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(mail.smtpPort),
        SIMULATORS_PORT: String(mail.httpPort),
        APP_URL: baseUrl,
        WEB_DIST,
        SEED_DEMO: '0',
        LOG_LEVEL: logLevel,
        // Idle workers look for work every second (pg-boss's floor for our whole-second setting; default 2 s): the
        // journeys wait on the jobs' results (validation, signing), so each hop between jobs is a shorter wait.
        JOBS_POLL_SECONDS: '1',
        ...simulatorEnvironment(simulators),
      },
    });
    cleanups.push(async () => {
      api.kill('SIGINT');
      if (!(await waitExit(api, 15_000))) {
        api.kill('SIGKILL');
        await waitExit(api, 5_000);
      }
    });
    // Two minutes on a quiet machine would mean a hang, but at a load of 35 (another npm test beside this one) the API
    // took 80 s to answer its first request: wait three minutes, still failing a process that died at once.
    await waitForHttp(`${baseUrl}/api/ready`, {
      timeoutMs: 180_000,
      stillAlive: () => api.exitCode === null && api.signalCode === null,
    });

    return {
      baseUrl,
      mailUrl,
      databaseUrl,
      apiLog,
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
