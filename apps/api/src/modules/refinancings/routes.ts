import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createRefinancingRequest,
  createRefinancingResponse,
  errorResponse,
  idParams,
  refinancingFollowUpDetailResponse,
  refinancingListQuery,
  refinancingListResponse,
  refinancingUnitsQuery,
  refinancingUnitsResponse,
  setUnitDeadlinesRequest,
  setUnitSoldRequest,
  unitRefinancingUpdateResponse,
} from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import type { RefinancingFlows } from './flows';
import { refinancingFlowRoutes } from './flow-routes';
import type { RefinancingsService } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const saveErrors = { ...errors, 409: errorResponse, 422: errorResponse, 503: errorResponse };

/** Refinancings (spec 3 §7 "Refinancings", "Units"; decision 044). Who may call: API_PERMISSIONS; rows: the policy. */
export async function refinancingRoutes(
  app: FastifyInstance,
  { refinancings, flows }: { refinancings: RefinancingsService; flows: RefinancingFlows },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['refinancings'];
  const security = [{ bearerAuth: [] }];

  r.get(
    '/api/refinancings/units',
    {
      schema: {
        tags,
        security,
        summary: 'Financed units available for refinancing',
        description:
          'Units of provisions at 8 or 10 made refinanceable by the layout (can_refinance), not in an open ' +
          'refinancing (1–7), in the caller’s scope (lender: its accounts; type 5: its company). Filters company, ' +
          'vinNumber, motorNumber (contains), creditLine, isSold (default false). Sorted by vinNumber.',
        querystring: refinancingUnitsQuery,
        response: { 200: refinancingUnitsResponse, ...errors },
      },
    },
    async (request) => ({ data: await refinancings.availableUnits(currentUser(request), request.query) }),
  );

  r.patch(
    '/api/units/:id/set-deadlines',
    {
      schema: {
        tags,
        security,
        summary: 'Changes a refinanceable unit’s term (1–6)',
        description: "'La unidad con vin:[x] se actualizo correctamente.' A unit outside the caller’s scope → 404.",
        params: idParams,
        body: setUnitDeadlinesRequest,
        response: { 200: unitRefinancingUpdateResponse, ...errors, 422: errorResponse },
      },
    },
    async (request) =>
      refinancings.updateUnit(
        currentUser(request),
        request.params.id,
        { deadlines: request.body.deadline },
        request.id,
      ),
  );

  r.patch(
    '/api/units/:id/set-sold',
    {
      schema: {
        tags,
        security,
        summary: 'Marks a refinanceable unit sold or not sold',
        description: 'A sold unit leaves the not-sold list and cannot be ticked. Outside the caller’s scope → 404.',
        params: idParams,
        body: setUnitSoldRequest,
        response: { 200: unitRefinancingUpdateResponse, ...errors },
      },
    },
    async (request) =>
      refinancings.updateUnit(currentUser(request), request.params.id, { isSold: request.body.isSold }, request.id),
  );

  r.post(
    '/api/refinancings',
    {
      schema: {
        tags,
        security,
        summary: 'Creates a refinancing (type 5): status 1 Creada',
        description:
          'Payload of spec 3 §3 (typeLine "1", reviewAF true, units with status 0). Under the credit line’s lock: a ' +
          'unit in an open refinancing, sold, of another term or without valid REPUVE/TransUnion/AX → 422; total ' +
          "above the available balance → 422 'El monto total supera el saldo restante'; line busy → 409. Honours " +
          'Idempotency-Key.',
        body: createRefinancingRequest,
        response: { 201: createRefinancingResponse, ...saveErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await refinancings.create(currentUser(request), request.body, request.id)),
  );

  r.get(
    '/api/refinancings',
    {
      schema: {
        tags,
        security,
        summary: 'The refinancings the caller sees (spec 3 §4 visibility per type), paged',
        description:
          'Type 2: 3–10; type 3: 1–10; type 5: own company 1–10; type 4: own company 5–10. Default sort folio.',
        querystring: refinancingListQuery,
        response: { 200: refinancingListResponse, ...errors },
      },
    },
    async (request) => ({ data: await refinancings.list(currentUser(request), request.query) }),
  );

  r.get(
    '/api/refinancings/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One refinancing with its units (Seguimiento de refinanciamiento)',
        description:
          'With the caller’s actions (refinancingActionsFor), adminValidated, the line’s balances (remaining for ' +
          'types 2 and 3 only), each unit’s evidence count and the signing documents. A refinancing the caller does ' +
          'not see → 404.',
        params: idParams,
        response: { 200: refinancingFollowUpDetailResponse, ...errors },
      },
    },
    async (request) => ({ data: await flows.detail(currentUser(request), request.params.id) }),
  );

  await refinancingFlowRoutes(app, { flows });
}
