import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACCOUNT_OPERATIONS,
  errorResponse,
  historicalValidationsQuery,
  historicalValidationsResponse,
  statisticsLinesQuery,
  statisticsLinesResponse,
  statisticsQuery,
  statisticsResponse,
} from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { operationRoute } from '../../platform/operation-route';
import type { ReportsService } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** RFC 6266/5987: the Spanish file name survives every browser. */
const attachment = (fileName: string) =>
  `attachment; filename="${fileName.normalize('NFD').replace(/[^\x20-\x7e]/g, '')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/** Reports (spec 2 §7 "Statistics", spec 3 §7 "Reports and other"). */
export async function reportRoutes(app: FastifyInstance, { reports }: { reports: ReportsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];
  const security = [{ bearerAuth: [] }];

  operationRoute(app, ACCOUNT_OPERATIONS.listAssignedCompanies, async ({ params }, request) => ({
    data: await reports.customers(currentUser(request), params.id),
  }));

  r.get(
    '/api/reports/provisions-stadistics',
    {
      schema: {
        tags,
        security,
        summary: 'Average provision amount and count per month, 12 months ending with `to` (chart and table)',
        querystring: statisticsQuery,
        response: { 200: statisticsResponse, ...errors },
      },
    },
    async (request) => ({ data: await reports.statistics(currentUser(request), request.query) }),
  );

  r.get(
    '/api/reports/provisions-stadistics/credit-lines',
    {
      schema: {
        tags,
        security,
        summary: 'The credit lines a customer’s provisions used (the statistics line filter)',
        querystring: statisticsLinesQuery,
        response: { 200: statisticsLinesResponse, ...errors },
      },
    },
    async (request) => ({ data: await reports.creditLines(currentUser(request), request.query.clientId) }),
  );

  r.get(
    '/api/reports/provisions-stadistics/pdf',
    {
      schema: {
        tags,
        security,
        summary:
          "The statistics as a landscape PDF (application/pdf), 'Estadísticas de disposiciones (DD-MM-YYYY).pdf'",
        querystring: statisticsQuery,
      },
    },
    async (request, reply) => {
      const { bytes, fileName } = await reports.statisticsPdf(currentUser(request), request.query);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachment(fileName))
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );

  r.get(
    '/api/reports/historical-validations',
    {
      schema: {
        tags,
        security,
        summary: 'Every REPUVE, TransUnion and AX verdict: who asked, when, which check, what it said',
        querystring: historicalValidationsQuery,
        response: { 200: historicalValidationsResponse, ...errors },
      },
    },
    async (request) => ({ data: await reports.historicalValidations(request.query) }),
  );
}
