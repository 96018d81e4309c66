import type { FastifyInstance } from 'fastify';
import { ACCOUNT_OPERATIONS, REPORT_OPERATIONS as op } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { operationRoute, readRow } from '../../platform/operation-route';
import type { ReportsService } from './service';

/** RFC 6266/5987: the Spanish file name survives every browser. */
const attachment = (fileName: string) =>
  `attachment; filename="${fileName.normalize('NFD').replace(/[^\x20-\x7e]/g, '')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/**
 * Reports (spec 2 §7 "Statistics", spec 3 §7 "Reports and other"), declared in packages/domain/src/operations/
 * reports.ts; the customers assigned to oneself, in accounts.ts.
 */
export async function reportRoutes(app: FastifyInstance, { reports }: { reports: ReportsService }) {
  operationRoute(app, ACCOUNT_OPERATIONS.listAssignedCompanies, readRow(reports.customers));
  operationRoute(app, op.getStatistics, async ({ query }, request) => ({
    data: await reports.statistics(currentUser(request), query),
  }));
  operationRoute(app, op.listStatisticsLines, async ({ query }, request) => ({
    data: await reports.creditLines(currentUser(request), query.clientId),
  }));
  // The bytes go out as they are (a Buffer is never serialized), with the PDF's own headers.
  operationRoute(app, op.getStatisticsPdf, async ({ query }, request, reply) => {
    const { bytes, fileName } = await reports.statisticsPdf(currentUser(request), query);
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachment(fileName))
      .header('cache-control', 'no-store');
    return bytes;
  });
  operationRoute(app, op.listHistoricalValidations, async ({ query }) => ({
    data: await reports.historicalValidations(query),
  }));
}
