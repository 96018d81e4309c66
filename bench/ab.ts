// Two or more builds of the API compared back to back on the large data set (decision 050): each build in turn,
// rounds times, GET /api/provisions as types 3 and 5 (and BENCH_AB_PATHS' paths as type 1), with the API's CPU ms
// per request (from /proc: steadier than p99 on a shared machine) beside req/s and p99.
//   BENCH_DURATION=8 npx tsx bench/ab.ts apps/api/dist-before/server.js apps/api/dist/server.js
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { DEMO_PASSWORD, DEMO_USERS } from '../apps/api/src/seed';
import { startApi } from './api-process';
import { LARGE_DATA_DIR, openLargeServer } from './large-db';
import { cpuMsOf, loadTest } from './load';
import { LIST_PATH } from './provisions';

const bundles = process.argv.slice(2);
if (bundles.length === 0) throw new Error('usage: ab.ts <bundle> [<bundle> …]');
const rounds = Number(process.env.BENCH_AB_ROUNDS || 2);
const targets = [
  { type: 3, path: LIST_PATH },
  { type: 5, path: LIST_PATH },
  ...(process.env.BENCH_AB_PATHS?.split(',').map((path) => ({ type: 1, path })) ?? []),
];

/** PostgreSQL's CPU so far (ms): the postmaster of data/pg-large with its live and its exited children. */
function postgresCpuMs(): number {
  const stat = (pid: string) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  const master = pids.find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(LARGE_DATA_DIR);
    } catch {
      return false;
    }
  });
  if (!master) return NaN;
  const m = stat(master);
  let ticks = Number(m[11]) + Number(m[12]) + Number(m[13]) + Number(m[14]);
  for (const pid of pids) {
    try {
      const s = stat(pid);
      if (s[1] === master) ticks += Number(s[11]) + Number(s[12]);
    } catch {
      // gone
    }
  }
  return ticks * 10;
}

/** BENCH_AB_RATE: a fixed rate (req/s) for BENCH_DURATION s instead of the load test: the same requests in the same
 * time for every build, so the CPU per request compares the work (idle costs are the same for all). */
async function fixedRate(url: string, headers: Record<string, string>, rate: number, pid: number) {
  const seconds = Number(process.env.BENCH_DURATION || 8);
  const api0 = cpuMsOf(pid)!;
  const pg0 = postgresCpuMs();
  const r = await autocannon({ url, headers, connections: 8, overallRate: rate, duration: seconds });
  const n = r.requests.total;
  return {
    line: `${(r.requests.total / seconds).toFixed(0).padStart(5)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  API ${((cpuMsOf(pid)! - api0) / n).toFixed(2)} ms CPU/req  PG ${((postgresCpuMs() - pg0) / n).toFixed(2)} ms CPU/req  non2xx ${r.non2xx}`,
  };
}

async function signIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/identity/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { data: { accessToken: string } };
  return body.data.accessToken;
}

const server = await openLargeServer();
try {
  for (let round = 1; round <= rounds; round++) {
    for (const bundle of bundles) {
      process.env.BENCH_API_BUNDLE = bundle;
      const api = await startApi(server.url);
      try {
        for (const target of targets) {
          const email = DEMO_USERS.find((user) => user.type === target.type)!.email;
          const token = await signIn(api.baseUrl, email);
          const rate = Number(process.env.BENCH_AB_RATE || 0);
          if (rate > 0) {
            const headers = { authorization: `Bearer ${token}` };
            await autocannon({ url: `${api.baseUrl}${target.path}`, headers, connections: 8, duration: 2 });
            const { line } = await fixedRate(`${api.baseUrl}${target.path}`, headers, rate, api.pid);
            console.log(
              `round ${round}  ${bundle.padEnd(32)}  type ${target.type} ${target.path.padEnd(36)}  ${line}  load ${loadavg()[0]!.toFixed(1)}`,
            );
            continue;
          }
          const r = await loadTest(`${api.baseUrl}${target.path}`, {
            headers: { authorization: `Bearer ${token}` },
            serverPid: api.pid,
          });
          console.log(
            [
              `round ${round}`,
              bundle.padEnd(32),
              `type ${target.type} ${target.path.padEnd(36)}`,
              `${r.requestsPerSecond.toFixed(0).padStart(5)} req/s`,
              `p50 ${r.p50Ms.toFixed(0).padStart(4)} ms`,
              `p99 ${r.p99Ms.toFixed(0).padStart(4)} ms`,
              `${r.cpuMsPerRequest?.toFixed(2)} ms CPU/req`,
              `non2xx ${r.non2xx}`,
              `load ${loadavg()[0]!.toFixed(1)}`,
            ].join('  '),
          );
        }
      } finally {
        await api.stop();
      }
    }
  }
} finally {
  await server.stop();
}
