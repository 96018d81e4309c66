// Throughput and tail latency of GET /api/ready (one database round trip per request) under autocannon.
import autocannon from 'autocannon';

export type LoadResult = {
  url: string;
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  p99Ms: number;
  p50Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
};

export async function loadTest(url: string, { connections = 10, seconds = 10 } = {}): Promise<LoadResult> {
  const result = await autocannon({ url, connections, duration: seconds });
  return {
    url,
    connections,
    seconds,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    p50Ms: result.latency.p50,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
