// The API as its own process beside the mail catcher and the simulators, each on a free loopback port: what the e2e
// stack (stack.ts) and the benchmarks (bench/api-process.ts) both start, with the environment `npm start` gives it.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { simulatorEnvironment, startSimulators } from '../../apps/simulators/src/index';
import { startMailCatcher } from '../../apps/simulators/src/mail/mail-catcher';
import { ARTIFACTS_DIR, REPO_ROOT, WEB_DIST } from './paths';
import { freePort, waitForHttp } from './ports';

type Cleanup = () => Promise<void> | void;

/** Things to undo, last first; `stop` runs them all, logging (never throwing) a failed one, and may run again. */
export function teardown(label: string) {
  const cleanups: Cleanup[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error(`${label} teardown:`, error);
      }
    }
    cleanups.length = 0;
  };
  return { push: (cleanup: Cleanup) => void cleanups.push(cleanup), stop };
}

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

export type SpawnApiOptions = {
  /** Node's arguments: the script and the flags before it. */
  args: string[];
  databaseUrl: string;
  /** Where the API keeps its files (DATA_DIR is its `data`). */
  workDir: string;
  /** The log file's name in artifacts/. */
  logName: string;
  /** Variables of this run on top of the common ones (NODE_ENV, LOG_LEVEL, jobs...). */
  env: Record<string, string>;
  /** How long /api/ready may take before the start fails. */
  readyTimeoutMs: number;
  /** Where the mail catcher, the simulators and the API process are undone. */
  cleanups: { push(cleanup: Cleanup): void };
};

export async function spawnApi({
  args,
  databaseUrl,
  workDir,
  logName,
  env,
  readyTimeoutMs,
  cleanups,
}: SpawnApiOptions) {
  const mail = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  cleanups.push(() => mail.stop());
  // The lender's systems (decision 009), so the screens and jobs that reach them answer as in `npm start`.
  const simulators = await startSimulators({ ports: { crm: 0, vehicles: 0, ax: 0, esign: 0 } });
  cleanups.push(() => simulators.stop());

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const log = join(ARTIFACTS_DIR, logName);
  const out = openSync(log, 'w');
  const api = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
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
      ...env,
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
  await waitForHttp(`${baseUrl}/api/ready`, {
    timeoutMs: readyTimeoutMs,
    stillAlive: () => api.exitCode === null && api.signalCode === null,
  });
  return { api, baseUrl, log, mail, simulators };
}
