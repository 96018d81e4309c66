import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponse, idParams, unitValidationsResponse } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import type { ProvisionValidation } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** The validation history of one unit (issue 17 "Validation of units", decision 035). */
export async function provisionValidationRoutes(
  app: FastifyInstance,
  { validation }: { validation: Pick<ProvisionValidation, 'history'> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/units/:id/validations',
    {
      schema: {
        tags: ['units'],
        security: [{ bearerAuth: [] }],
        summary:
          'The history of a unit’s verdicts, oldest first: REPUVE (1), TransUnion (2), AX (3) and its invoice (4, ' +
          'Factura), each with its reason and time. Units of provisions outside the caller’s scope are 404.',
        params: idParams,
        response: { 200: unitValidationsResponse, ...errors },
      },
    },
    async (request) => ({ data: await validation.history(currentUser(request), request.params.id) }),
  );
}
