// The API as `npm start` runs it (the esbuild bundle apps/api/dist/server.js, rebuilt when stale — decision 023;
// production SPA build, jobs on, LOG_LEVEL info unless BENCH_LOG_LEVEL), as its
// own process on a free loopback port, against the large database, with the mail catcher and the simulators beside
// it so the jobs find the lender's systems where `npm start` puts them.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simulatorEnvironment, startSimulators } from '../apps/simulators/src/index';
import { startMailCatcher } from '../apps/simulators/src/mail/mail-catcher';
import { ARTIFACTS_DIR, REPO_ROOT, WEB_DIST } from '../e2e/support/paths';
import { freePort, waitForHttp } from '../e2e/support/ports';

/**
 * What scripts/build-api.mjs writes and scripts/start.mjs runs; BENCH_API_BUNDLE another build of it (bench/ab.ts
 * compares two builds back to back).
 */
const apiBundle = () => process.env.BENCH_API_BUNDLE || join(REPO_ROOT, 'apps', 'api', 'dist', 'server.js');

export type ApiProcess = {
  baseUrl: string;
  pid: number;
  log: string;
  /** Peak resident set size so far (VmHWM of /proc/<pid>/status), in bytes; null where /proc is missing. */
  peakRss(): number | null;
  stop(): Promise<void>;
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

export function readPeakRss(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = /^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kib ? Number(kib) * 1024 : null;
  } catch {
    return null;
  }
}

export async function startApi(databaseUrl: string): Promise<ApiProcess> {
  const workDir = mkdtempSync(join(tmpdir(), 'planpiso-bench-'));
  const cleanups: Array<() => Promise<void> | void> = [() => rmSync(workDir, { recursive: true, force: true })];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error('bench teardown:', error);
      }
    }
    cleanups.length = 0;
  };
  try {
    const mail = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
    cleanups.push(() => mail.stop());
    const simulators = await startSimulators({ ports: { crm: 0, vehicles: 0, ax: 0, esign: 0 } });
    cleanups.push(() => simulators.stop());

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    const log = join(ARTIFACTS_DIR, 'bench-api.log');
    const out = openSync(log, 'w');
    // `node --enable-source-maps apps/api/dist/server.js`: the command scripts/start.mjs runs. BENCH_NODE_ARGS adds
    // flags (e.g. `--cpu-prof --cpu-prof-dir=artifacts/profiles` to profile the API under load).
    const bundle = apiBundle();
    if (!existsSync(bundle)) throw new Error(`${bundle} is missing: \`npm run bench\` builds it`);
    const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    const api = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', bundle], {
      cwd: REPO_ROOT,
      stdio: ['ignore', out, out],
      env: {
        ...process.env,
        // The simulators' development secrets are allowed in development mode only (decision 062).
        NODE_ENV: 'development',
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
        JOBS: 'on',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'info',
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
      timeoutMs: 120_000,
      stillAlive: () => api.exitCode === null && api.signalCode === null,
    });
    const pid = api.pid!;
    return { baseUrl, pid, log, peakRss: () => readPeakRss(pid), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
