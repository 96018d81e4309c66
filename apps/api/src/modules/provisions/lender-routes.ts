import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  confirmRejectRequest,
  errorResponse,
  idParams,
  provisionActionResponse,
  provisionTimelineResponse,
  releaseRequest,
  sendToCrmRequest,
  updateFolioRequest,
} from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { attachmentDisposition } from '../../platform/uploads';
import type { ProvisionLenderActions } from './lender-actions';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const actionErrors = { ...errors, 409: errorResponse, 422: errorResponse, 503: errorResponse };

const ACTION_NOTES =
  'Types 1 and 3 (a type 3 on the accounts it operates; out of scope → 404), within the operating window. The ' +
  'body carries the version read: a stale one, or a provision another user moved first → 409 STALE_VERSION; a ' +
  'status the action does not start from → 409 INVALID_STATUS. Answers the follow-up detail (its `status` is the ' +
  'new one) and the spec’s message.';

/**
 * The lender's actions on a provision and the follow-up page's reads (spec 3 §7 "Provisions", issue 17, decision
 * 036). PUT /api/provisions/{id} with status 4, 9 or 10 reaches the same service from routes.ts.
 */
export async function provisionLenderRoutes(app: FastifyInstance, { lender }: { lender: ProvisionLenderActions }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['provisions'];
  const security = [{ bearerAuth: [] }];

  r.post(
    '/api/provisions/:id/confirm-reject',
    {
      schema: {
        tags,
        security,
        summary: 'Confirmar (status 4) or Rechazar (status 9) a provision in Validación (3)',
        description:
          `${ACTION_NOTES} Confirmar: at least one unit \`included\` (422 'Seleccione al menos una unidad'), each ` +
          'selectable by spec 3 §4 (422 otherwise); the total is recomputed from the included units, the excluded ' +
          "ones stop holding balance; with useManualFolio the manualFolio is required ('Ingrese el folio manual'), " +
          'digits, at most 250. Rechazar: every unit goes back to its dealer operator, under review. Same as PUT ' +
          '/api/provisions/{id} with status 4 or 9.',
        params: idParams,
        body: confirmRejectRequest,
        response: { 200: provisionActionResponse, ...actionErrors },
      },
    },
    async (request) => lender.confirmReject(currentUser(request), request.params.id, request.body, request.id),
  );

  r.post(
    '/api/provisions/:id/release',
    {
      schema: {
        tags,
        security,
        summary: 'Liberar: units released without the CRM (status 10), from Proceso firma (6) or Firmado (7)',
        description: `${ACTION_NOTES} Same as PUT /api/provisions/{id} with status 10.`,
        params: idParams,
        body: releaseRequest,
        response: { 200: provisionActionResponse, ...actionErrors },
      },
    },
    async (request) => lender.release(currentUser(request), request.params.id, request.body, request.id),
  );

  r.post(
    '/api/provisions/:id/send-crm',
    {
      schema: {
        tags,
        security,
        summary: 'Send to CRM (status 8) from 6 or 7: approvedDate saved, one CRM insertion queued per included unit',
        description:
          `${ACTION_NOTES} The insertion cycle job inserts the units through the CRM; a refusal becomes a credit ` +
          'failure (/api/credits-failures). No call to the CRM during the request.',
        params: idParams,
        body: sendToCrmRequest,
        response: { 200: provisionActionResponse, ...actionErrors },
      },
    },
    async (request) => lender.sendToCrm(currentUser(request), request.params.id, request.body, request.id),
  );

  r.patch(
    '/api/provisions/:id/update-folio',
    {
      schema: {
        tags,
        security,
        summary: 'Actualizar folio: the manual folio from now on (statuses 4–10); generated documents keep theirs',
        description: `${ACTION_NOTES} manualFolio a whole number above 0 ('El folio es requerido y debe de ser un numero mayor a 0').`,
        params: idParams,
        body: updateFolioRequest,
        response: { 200: provisionActionResponse, ...actionErrors },
      },
    },
    async (request) => lender.updateFolio(currentUser(request), request.params.id, request.body, request.id),
  );

  r.get(
    '/api/provisions/:id/units.xlsx',
    {
      schema: {
        tags,
        security,
        summary: "The provision's units as an XLSX, 'Unidades (DD-MM-YYYY).xlsx' (Mexico City's day)",
        description: 'Types 1 and 3 in scope. A cell that starts with = + - @ is written as text (a leading quote).',
        params: idParams,
      },
    },
    async (request, reply) => {
      const { bytes, fileName } = await lender.unitsXlsx(currentUser(request), request.params.id);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachmentDisposition(fileName))
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );

  r.get(
    '/api/provisions/:id/timeline',
    {
      schema: {
        tags,
        security,
        summary: "The provision's history: every move (who, when, from and to which status) and its validations",
        description: 'Anyone who can read the provision (its scope). Oldest first.',
        params: idParams,
        response: { 200: provisionTimelineResponse, ...errors },
      },
    },
    async (request) => ({ data: await lender.timeline(currentUser(request), request.params.id) }),
  );
}
