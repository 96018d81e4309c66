// The API as `npm start` runs it (the esbuild bundle apps/api/dist/server.js, rebuilt when stale — decision 023;
// production SPA build, jobs on, LOG_LEVEL info unless BENCH_LOG_LEVEL), as its
// own process on a free loopback port, against the large database, with the mail catcher and the simulators beside
// it so the jobs find the lender's systems where `npm start` puts them.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../e2e/support/paths';
import { spawnApi, teardown } from '../e2e/support/spawn-api';

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

export function readPeakRss(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = /^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kib ? Number(kib) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * `env`: variables on top of the bench's, and `logName` its log in artifacts/ (the scale-out bench starts several
 * copies with one JWT_SECRET and JOBS on the first only).
 */
export async function startApi(
  databaseUrl: string,
  { env = {}, logName = 'bench-api.log' }: { env?: Record<string, string>; logName?: string } = {},
): Promise<ApiProcess> {
  const workDir = mkdtempSync(join(tmpdir(), 'planpiso-bench-'));
  const cleanups = teardown('bench');
  cleanups.push(() => rmSync(workDir, { recursive: true, force: true }));
  const { stop } = cleanups;
  try {
    // `node --enable-source-maps apps/api/dist/server.js`: the command scripts/start.mjs runs. BENCH_NODE_ARGS adds
    // flags (e.g. `--cpu-prof --cpu-prof-dir=artifacts/profiles` to profile the API under load).
    const bundle = apiBundle();
    if (!existsSync(bundle)) throw new Error(`${bundle} is missing: \`npm run bench\` builds it`);
    const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    const { api, baseUrl, log } = await spawnApi({
      args: [...nodeArgs, '--enable-source-maps', bundle],
      databaseUrl,
      workDir,
      logName,
      env: {
        // The simulators' development secrets are allowed in development mode only (decision 062).
        NODE_ENV: 'development',
        // BENCH_JOBS=off: the lists measured without the background jobs (what those cost them).
        JOBS: process.env.BENCH_JOBS ?? 'on',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'info',
        ...env,
      },
      readyTimeoutMs: 120_000,
      cleanups,
    });
    const pid = api.pid!;
    return { baseUrl, pid, log, peakRss: () => readPeakRss(pid), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
