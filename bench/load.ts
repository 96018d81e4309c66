// Throughput and latency of one GET under autocannon: a warm-up run first (its figures are dropped), then the
// measured run. BENCH_DURATION (seconds, default 15) and BENCH_WARMUP (default 3) let a busy machine try it short.
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export type LoadResult = {
  url: string;
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  /**
   * CPU time (user + system) the server process spent per answered request during the measured run, in ms; null
   * when not asked for or /proc is missing. Less at the mercy of a shared machine than req/s: other processes
   * taking the cores slow the server down but do not make its work per request bigger.
   */
  cpuMsPerRequest: number | null;
  /** The same for the database server (its postmaster and every backend), when its pid is known (`databasePid`). */
  dbCpuMsPerRequest: number | null;
};

/** CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat; null where /proc is missing. */
export function cpuMsOf(pid: number): number | null {
  try {
    // The fields after the command name (which may hold spaces, so cut after its closing parenthesis).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are the 14th and 15th fields of the whole line: the 12th and 13th after the name.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
/**
 * CPU time a PostgreSQL server has used so far, in ms: the postmaster, its live backends, and the backends that have
 * exited (the postmaster's cutime/cstime). Null where /proc is missing.
 */
export function serverTreeCpuMs(postmasterPid: number): number | null {
  try {
    const fieldsOf = (pid: number) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const own = fieldsOf(postmasterPid);
    // After the name: state, ppid, …; utime, stime, cutime, cstime are the 12th–15th.
    let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const fields = fieldsOf(Number(entry));
        if (Number(fields[1]) === postmasterPid) ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // The process ended while the list was read.
      }
    }
    return (ticks * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** USER_HZ: 100 on every Linux we run on (getconf CLK_TCK). */
const CLOCK_TICKS = 100;

export const CONNECTIONS = 32;
const seconds = (name: string, fallback: number) => {
  const value = Number(process.env[name] || fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number of seconds`);
  return value;
};
export const DURATION_SECONDS = seconds('BENCH_DURATION', 15);
export const WARMUP_SECONDS = seconds('BENCH_WARMUP', 3);

async function once(url: string, headers: Record<string, string>, connections: number, duration: number) {
  const result = await autocannon({ url, headers, connections, duration, timeout: 10 });
  // autocannon walks away from the requests still in flight, but the server works them off all the same: one more
  // request, queued behind them (the pool serves in order), comes back once they are done, so the next run starts
  // on an idle server instead of another run's backlog.
  await fetch(url, { headers, signal: AbortSignal.timeout(60_000) }).then((r) => r.arrayBuffer());
  return result;
}

export async function loadTest(
  url: string,
  {
    headers = {},
    connections = CONNECTIONS,
    serverPid,
    databasePid,
  }: { headers?: Record<string, string>; connections?: number; serverPid?: number; databasePid?: number } = {},
): Promise<LoadResult> {
  await once(url, headers, connections, WARMUP_SECONDS);
  const cpuBefore = serverPid === undefined ? null : cpuMsOf(serverPid);
  const dbBefore = databasePid === undefined ? null : serverTreeCpuMs(databasePid);
  const result = await once(url, headers, connections, DURATION_SECONDS);
  const cpuAfter = serverPid === undefined ? null : cpuMsOf(serverPid);
  const dbAfter = databasePid === undefined ? null : serverTreeCpuMs(databasePid);
  // The run's requests and the one `once` sent after it to wait for the backlog.
  const answered = result.requests.total + 1;
  return {
    url,
    connections,
    seconds: DURATION_SECONDS,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuMsPerRequest: cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / answered,
    dbCpuMsPerRequest: dbBefore === null || dbAfter === null ? null : (dbAfter - dbBefore) / answered,
  };
}
