import type { FastifyInstance } from 'fastify';
import { PORTFOLIO_OPERATIONS as op } from '@planpiso/domain';
import { XLSX_CONTENT_TYPE, sendAttachment } from '../../platform/attachment';
import { currentUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { operationRoute, readRow } from '../../platform/operation-route';
import { dealerSummary, unitPayoffQuote } from './dealer-summary';
import { portfolioXlsx } from './export-portfolio';
import { createPortfolioViews, freshFor } from './portfolio-view';

/** The portfolio view and the dealer's summary (issue 29 items 4 and 5), declared in operations/portfolio.ts. */
export async function portfolioRoutes(
  app: FastifyInstance,
  { deps }: { deps: Pick<AppDeps, 'db' | 'clock' | 'adapters'> },
) {
  const views = createPortfolioViews(deps);
  const dealerFor = freshFor(deps.clock, (scope, today) => dealerSummary(deps.db, scope, today));
  operationRoute(app, op.getPortfolio, async (_input, request) => ({ data: await views.top(currentUser(request)) }));
  operationRoute(app, op.exportPortfolio, async (_input, request, reply) => {
    const { bytes, fileName } = await portfolioXlsx(await views.whole(currentUser(request)), deps.clock.now());
    return sendAttachment(reply, { bytes, name: fileName, contentType: XLSX_CONTENT_TYPE });
  });
  operationRoute(app, op.getDealerSummary, async (_input, request) => ({
    data: await dealerFor(currentUser(request)),
  }));
  operationRoute(
    app,
    op.getUnitPayoffQuote,
    readRow((actor, id) => unitPayoffQuote(deps, actor, id)),
  );
}
