// Throughput and latency of one GET under autocannon: a warm-up run first (its figures are dropped), then the
// measured run. BENCH_DURATION (seconds, default 15) and BENCH_WARMUP (default 3) let a busy machine try it short.
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
};

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
  { headers = {}, connections = CONNECTIONS }: { headers?: Record<string, string>; connections?: number } = {},
): Promise<LoadResult> {
  await once(url, headers, connections, WARMUP_SECONDS);
  const result = await once(url, headers, connections, DURATION_SECONDS);
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
  };
}
