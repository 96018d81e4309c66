// Issue 29's scale rule: "the register and the portfolio view answer in p99 ≤ 100 ms at 32 connections on the large
// data set with 200,000 financed units". One row per request under autocannon (load.ts): the register's first page,
// a filtered page and a sorted page, as the lender (type 1), its operator (type 3) and the dealer (type 5); the
// portfolio view as types 1 and 3; the dealer's summary as type 5.
import type { UserType } from '@planpiso/domain';
import { loadTest, type LoadResult } from './load';

type Session = { token: string; userId: number; email: string };
type Row = { metric: string; value: string; target: string; pass: boolean | null };

export const REGISTER_TARGET_P99_MS = 100;

const REQUESTS: { name: string; path: string; types: UserType[] }[] = [
  { name: 'register, first page', path: '/api/financed-units?page=1&pageSize=10', types: [1, 3, 5] },
  {
    name: 'register, filtered (status Vendida)',
    path: '/api/financed-units?page=1&pageSize=10&status=2',
    types: [1, 5],
  },
  {
    name: 'register, filtered (aging 61–90, outstanding)',
    path: '/api/financed-units?page=1&pageSize=10&status=1,2,4&aging=61-90',
    types: [1],
  },
  {
    name: 'register, sorted (amount desc)',
    path: '/api/financed-units?page=1&pageSize=10&sort=amount:desc',
    types: [1, 3],
  },
  { name: 'portfolio view', path: '/api/portfolio', types: [1, 3] },
  { name: 'dealer summary', path: '/api/portfolio/dealer', types: [5] },
];

export type RegisterResult = LoadResult & { name: string; userType: UserType };

export async function runRegisterBench({
  baseUrl,
  sessions,
  step,
  serverPid,
  databasePid,
}: {
  baseUrl: string;
  sessions: Map<UserType, Session>;
  step: <T>(name: string, work: () => Promise<T>) => Promise<T | undefined>;
  serverPid?: number;
  databasePid?: number;
}): Promise<RegisterResult[]> {
  const results: RegisterResult[] = [];
  for (const request of REQUESTS) {
    for (const type of request.types) {
      const session = sessions.get(type)!;
      const headers = { authorization: `Bearer ${session.token}` };
      await step(`GET ${request.path} as type ${type}`, async () => {
        const check = await fetch(`${baseUrl}${request.path}`, { headers });
        if (!check.ok) throw new Error(`answered ${check.status}: ${(await check.text()).slice(0, 200)}`);
        const result = await loadTest(`${baseUrl}${request.path}`, { headers, serverPid, databasePid });
        results.push({ ...result, name: request.name, userType: type });
      });
    }
  }
  return results;
}

const fmt = (n: number, digits = 1) => n.toFixed(digits);

export function registerRows(results: RegisterResult[]): Row[] {
  return results.map((r) => {
    const ok = r.non2xx === 0 && r.errors === 0 && r.requests > 0;
    return {
      metric: `${r.name} p99 (type ${r.userType}), ${r.connections} connections`,
      value: ok
        ? `${fmt(r.p99Ms)} ms (${fmt(r.requestsPerSecond, 0)} req/s, p50 ${fmt(r.p50Ms)} ms` +
          (r.cpuMsPerRequest === null ? '' : `, ${fmt(r.cpuMsPerRequest, 2)} ms CPU/req`) +
          (r.dbCpuMsPerRequest === null ? ')' : `, ${fmt(r.dbCpuMsPerRequest, 2)} ms database CPU/req)`)
        : `${r.requests} answered, ${r.non2xx} non-2xx, ${r.errors} errors`,
      target: `≤ ${REGISTER_TARGET_P99_MS} ms`,
      pass: ok && r.p99Ms <= REGISTER_TARGET_P99_MS,
    };
  });
}
