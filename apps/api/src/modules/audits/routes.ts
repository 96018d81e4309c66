import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, validateProcessQuery, validateProcessResponse } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { validateProcess } from './eligibility';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 503: errorResponse };

/** Audits (spec 3 §7 "Audits"): the eligibility check only; the audits' screens and calls come with their issue. */
export async function auditRoutes(
  app: FastifyInstance,
  { deps }: { deps: Pick<AppDeps, 'db' | 'adapters' | 'clock'> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/audits/validate-process',
    {
      schema: {
        tags: ['audits'],
        security: [{ bearerAuth: [] }],
        summary: 'May the dealer draw on this account and company on this day? (the pre-checks’ facts and verdict)',
        description:
          'Type 5: its own account and company (the default). Other types: `account` and `company` within their ' +
          'scope. `date` YYYY-MM-DD, today (Mexico City) by default.',
        querystring: validateProcessQuery,
        response: { 200: validateProcessResponse, ...errors },
      },
    },
    async (request) => ({ data: await validateProcess(deps, currentUser(request), request.query) }),
  );
}
