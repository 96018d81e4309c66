// Issue 30 item 5, the scale-out rows of `npm run bench` (BENCH_ONLY=scaleout): the same GET requests through the
// round-robin proxy (bench/proxy.ts, its own process) with one API process behind it, then two, on the same
// PostgreSQL — as compose.yaml runs them behind Caddy: one JWT_SECRET, the jobs on the first copy only. Per row:
// req/s, p50, p99 (autocannon, 32 connections, load.ts), and the CPU each part spent per answered request (the API
// processes summed, the proxy, PostgreSQL's backends when the bench started the server), the peak RSS of each API
// process and the connections each holds after the load. On a 2-core machine the API copies, PostgreSQL, the proxy
// and autocannon share two cores: the rows say what one and two processes give here, and the CPU per request is the
// figure docs/deploy.md sizes with (it does not shrink or grow with the number of copies, throughput does).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { UserType } from '@planpiso/domain';
import { DEMO_PASSWORD, DEMO_USERS } from '../apps/api/src/seed';
import { REPO_ROOT } from '../e2e/support/paths';
import { startApi, type ApiProcess } from './api-process';
import { LARGE_DATA_DIR } from './large-db';
import { cpuMsOf, loadTest, type LoadResult } from './load';
import { LIST_PATH } from './provisions';

type Row = { metric: string; value: string; target: string; pass: boolean | null };

/** What each process count is asked: a page of the provisions list (SQL + JSON) and the readiness probe (a ping). */
const REQUESTS: { name: string; path: string; as: UserType | null }[] = [
  { name: 'GET /api/provisions page 1 (type 3)', path: LIST_PATH, as: 3 },
  { name: 'GET /api/ready', path: '/api/ready', as: null },
];
export const PROCESS_COUNTS = [1, 2] as const;

export type ScaleOutResult = LoadResult & {
  request: string;
  processes: number;
  /** CPU per answered request (ms): the API processes summed, the proxy, PostgreSQL's backends (null: not ours). */
  apiCpuMsPerRequest: number | null;
  proxyCpuMsPerRequest: number | null;
  postgresCpuMsPerRequest: number | null;
  /** The machine's 1-minute load average as the run started: how much else wanted the two cores. */
  loadAverage: number;
};

export type ScaleOutCopy = { processes: number; peakRssBytes: (number | null)[]; connections: number[] };

export type ScaleOutBench = { results: ScaleOutResult[]; copies: ScaleOutCopy[] };

/** PostgreSQL's processes when the bench started the server itself (data/pg-large): the postmaster's children. */
function postgresPids(): number[] | null {
  if (process.env.DATABASE_URL_LARGE) return null;
  try {
    const postmaster = Number(readFileSync(join(LARGE_DATA_DIR, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((pid) => {
        try {
          // ppid is the 2nd field after the command name.
          const after = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
          return Number(after[1]) === postmaster;
        } catch {
          return false;
        }
      });
    return [postmaster, ...children];
  } catch {
    return null;
  }
}

/** CPU ms used so far by `pids`, summed; null when one cannot be read. */
function cpuOf(pids: number[] | null): number | null {
  if (!pids) return null;
  let total = 0;
  for (const pid of pids) {
    const ms = cpuMsOf(pid);
    if (ms === null) continue; // a backend that ended meanwhile: its time is lost, a small undercount
    total += ms;
  }
  return total;
}

async function startProxy(upstreams: string[]): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/proxy.ts', ...upstreams], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /ready (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the proxy exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      }),
  };
}

async function signIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/identity/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { data?: { accessToken?: string } };
  if (!body.data?.accessToken) throw new Error(`sign-in as ${email}: ${response.status} ${JSON.stringify(body)}`);
  return body.data.accessToken;
}

/** Connections the API copies hold on the database right now, by application_name's process: one figure per copy. */
async function connectionsOf(databaseUrl: string, pids: number[]): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'planpiso-bench' });
  await client.connect();
  try {
    // Each copy's connections come from its own client ports; pg_stat_activity cannot name the process, so count the
    // API's connections as a whole and split them evenly (the copies run the same pools).
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database()
         and application_name like 'planpiso%' and application_name <> 'planpiso-bench'`,
    );
    return pids.map(() => rows[0]!.n / pids.length);
  } finally {
    await client.end();
  }
}

export async function runScaleOutBench({
  databaseUrl,
  step,
}: {
  databaseUrl: string;
  step: <T>(name: string, work: () => Promise<T>) => Promise<T | undefined>;
}): Promise<ScaleOutBench> {
  const bench: ScaleOutBench = { results: [], copies: [] };
  const jwtSecret = randomBytes(32).toString('hex');
  for (const processes of PROCESS_COUNTS) {
    const apis: ApiProcess[] = [];
    let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
    try {
      for (let i = 0; i < processes; i++) {
        apis.push(
          await startApi(databaseUrl, {
            env: { JWT_SECRET: jwtSecret, JOBS: i === 0 ? (process.env.BENCH_JOBS ?? 'on') : 'off' },
            logName: `bench-scaleout-${processes}-${i}.log`,
          }),
        );
      }
      proxy = await startProxy(apis.map((api) => api.baseUrl));
      const tokens = new Map<UserType, string>();
      for (const request of REQUESTS) {
        if (request.as !== null && !tokens.has(request.as)) {
          const email = DEMO_USERS.find((u) => u.type === request.as)!.email;
          tokens.set(request.as, await signIn(proxy.url, email));
        }
      }
      const pgPids = postgresPids();
      for (const request of REQUESTS) {
        await step(`scale-out: ${request.name}, ${processes} API process(es) behind the proxy`, async () => {
          const headers: Record<string, string> =
            request.as === null ? {} : { authorization: `Bearer ${tokens.get(request.as)}` };
          const url = `${proxy!.url}${request.path}`;
          const check = await fetch(url, { headers });
          if (!check.ok) throw new Error(`answered ${check.status}: ${(await check.text()).slice(0, 200)}`);
          const apiPids = apis.map((api) => api.pid);
          const loadAverage = loadavg()[0]!;
          const before = { api: cpuOf(apiPids), proxy: cpuMsOf(proxy!.pid), pg: cpuOf(pgPids) };
          const result = await loadTest(url, { headers });
          const after = { api: cpuOf(apiPids), proxy: cpuMsOf(proxy!.pid), pg: cpuOf(pgPids) };
          const answered = result.requests + 1;
          const per = (a: number | null, b: number | null) => (a === null || b === null ? null : (b - a) / answered);
          bench.results.push({
            ...result,
            request: request.name,
            processes,
            apiCpuMsPerRequest: per(before.api, after.api),
            proxyCpuMsPerRequest: per(before.proxy, after.proxy),
            postgresCpuMsPerRequest: per(before.pg, after.pg),
            loadAverage,
          });
        });
      }
      bench.copies.push({
        processes,
        peakRssBytes: apis.map((api) => api.peakRss()),
        connections: await connectionsOf(
          databaseUrl,
          apis.map((api) => api.pid),
        ),
      });
    } finally {
      await proxy?.stop();
      for (const api of apis) await api.stop();
    }
  }
  return bench;
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const mib = (bytes: number | null) => (bytes === null ? '?' : `${fmt(bytes / 1024 / 1024, 0)} MiB`);

export function scaleOutRows(bench: ScaleOutBench | undefined): Row[] {
  if (!bench) return [];
  const rows: Row[] = [];
  for (const r of bench.results) {
    const ok = r.non2xx === 0 && r.errors === 0 && r.requests > 0;
    const cpu = [
      r.apiCpuMsPerRequest === null ? null : `API ${fmt(r.apiCpuMsPerRequest, 2)}`,
      r.proxyCpuMsPerRequest === null ? null : `proxy ${fmt(r.proxyCpuMsPerRequest, 2)}`,
      r.postgresCpuMsPerRequest === null ? null : `PostgreSQL ${fmt(r.postgresCpuMsPerRequest, 2)}`,
    ].filter(Boolean);
    rows.push({
      metric: `scale-out: ${r.request}, ${r.processes} API process${r.processes > 1 ? 'es' : ''}`,
      value: ok
        ? `${fmt(r.requestsPerSecond, 0)} req/s, p50 ${fmt(r.p50Ms)} ms, p99 ${fmt(r.p99Ms)} ms; ms CPU/req: ${cpu.join(', ')}; load ${fmt(r.loadAverage)}`
        : `${r.requests} answered, ${r.non2xx} non-2xx, ${r.errors} errors`,
      target: '',
      pass: ok ? null : false,
    });
  }
  for (const request of REQUESTS) {
    const one = bench.results.find((r) => r.request === request.name && r.processes === 1);
    const two = bench.results.find((r) => r.request === request.name && r.processes === 2);
    if (one && two && one.requestsPerSecond > 0) {
      rows.push({
        metric: `scale-out: ${request.name}, 2 processes / 1 process throughput`,
        value: `${fmt(two.requestsPerSecond / one.requestsPerSecond, 2)}× (2 cores shared with PostgreSQL, proxy, autocannon)`,
        target: '',
        pass: null,
      });
    }
  }
  for (const copy of bench.copies) {
    rows.push({
      metric: `scale-out: per API process with ${copy.processes} process${copy.processes > 1 ? 'es' : ''}`,
      value: `peak RSS ${copy.peakRssBytes.map(mib).join(' / ')}; ${fmt(copy.connections[0] ?? 0, 1)} database connections each after the load`,
      target: '',
      pass: null,
    });
  }
  return rows;
}
