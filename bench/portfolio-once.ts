// The portfolio view's SQL without the 10 s answer cache (decision 082): how long one sum over the large data set's
// 200,000 financed units takes, for the super user's scope (every account) and for one dealer company.
// `node --import tsx bench/portfolio-once.ts` after `npm run seed:large`.
import { createDb } from '../apps/api/src/db/client';
import { computePortfolio } from '../apps/api/src/modules/portfolio/portfolio-view';
import { dealerSummary } from '../apps/api/src/modules/portfolio/dealer-summary';
import { openLargeServer } from './large-db';

const server = await openLargeServer();
const handle = createDb(server.url, { max: 2 });
try {
  const today = new Date().toISOString().slice(0, 10);
  const time = async (name: string, run: () => Promise<unknown>) => {
    const samples: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await run();
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    console.log(`${name}: median ${samples[2]!.toFixed(1)} ms (${samples.map((s) => s.toFixed(0)).join(', ')})`);
  };
  await time('portfolio, every account (type 1), uncached', () =>
    computePortfolio(handle.db, { kind: 'lender', accounts: { kind: 'all' }, statuses: [3, 10] }, today),
  );
  const [company] = (
    await handle.db.execute<{ company_id: number }>(
      // The company with the most financed units.
      (await import('drizzle-orm'))
        .sql`select company_id from financed_units group by 1 order by count(*) desc limit 1`,
    )
  ).rows;
  await time(`dealer summary, company ${company!.company_id}, uncached`, () =>
    dealerSummary(handle.db, { kind: 'dealer', companyId: Number(company!.company_id) }, today),
  );
} finally {
  await handle.close();
  await server.stop();
}
