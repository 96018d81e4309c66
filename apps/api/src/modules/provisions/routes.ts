import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountAssignedParams,
  createAndSendProvisionRequest,
  createProvisionRequest,
  createProvisionResponse,
  errorResponse,
  idParams,
  provisionDetailResponse,
  provisionFollowUpDetailResponse,
  provisionListQuery,
  provisionPutRequest,
  provisionPutResponse,
  provisionListResponse,
  reservedAmountQuery,
  reservedAmountResponse,
  setProvisionStatusRequest,
  type ProvisionPutRequest,
} from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import type { ProvisionLenderActions } from './lender-actions';
import type { CreateMode, ProvisionsService } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const saveErrors = { ...errors, 409: errorResponse, 413: errorResponse, 422: errorResponse, 503: errorResponse };

/** A save carries up to PROVISION_UNITS_MAX units (a 10,000-row CSV is about 3 MB of JSON); other routes keep 1 MB. */
const SAVE_BODY_LIMIT = 8 * 1024 * 1024;

const SAVE_NOTES =
  'Type 5, within the operating window. The company is the caller’s active one, the branch one of its branches, ' +
  'legalId a type 4 of the company; the credit line (read from the CRM) the company’s and deadlines one of its ' +
  'plazos. Under the line’s lock: a VIN in another open or financed provision → 422 naming the folio; total ' +
  'above the available balance → 422 BALANCE_EXCEEDED; line busy → 409 CREDIT_LINE_BUSY. Evidences reference the ' +
  'caller’s own uploads (POST /api/documents) by fileId. Honours Idempotency-Key.';

/** Provisions (spec 3 §7 "Provisions", decision 029); who may call them is API_PERMISSIONS, the rest the policy. */
export async function provisionRoutes(
  app: FastifyInstance,
  { provisions, lender }: { provisions: ProvisionsService; lender: ProvisionLenderActions },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['provisions'];
  const security = [{ bearerAuth: [] }];

  r.get(
    '/api/provisions',
    {
      schema: {
        tags,
        security,
        summary: 'The provisions the caller sees (spec 3 §2 by user type), paged, filtered and sorted by the server',
        description: 'Default sort createdAt:desc; also folio, total, countUnits, status. `status` may repeat.',
        querystring: provisionListQuery,
        response: { 200: provisionListResponse, ...errors },
      },
    },
    async (request) => ({ data: await provisions.list(currentUser(request), request.query) }),
  );

  r.get(
    '/api/provisions/account-assigned/:userId',
    {
      schema: {
        tags,
        security,
        summary: 'A lender operator’s list: provisions (statuses 3–10) of the accounts it operates',
        description: 'Type 3 for itself; types 1 and 2 for an operator they reach. Anyone else → 404.',
        params: accountAssignedParams,
        querystring: provisionListQuery,
        response: { 200: provisionListResponse, ...errors },
      },
    },
    async (request) => ({
      data: await provisions.accountAssigned(currentUser(request), request.params.userId, request.query),
    }),
  );

  r.get(
    '/api/provisions/reserved-amount',
    {
      schema: {
        tags,
        security,
        summary: 'What open provisions hold on a credit line (statuses 1–7, and authorised units not yet in the CRM)',
        querystring: reservedAmountQuery,
        response: { 200: reservedAmountResponse, ...errors, 503: errorResponse },
      },
    },
    async (request) => ({ data: await provisions.reservedAmount(currentUser(request), request.query.creditLine) }),
  );

  r.get(
    '/api/provisions/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A provision with its units and evidences (out of the caller’s scope → 404)',
        description:
          'The follow-up page’s read (decision 036): also the caller’s `actions` (the machine’s, for its type and ' +
          'the status), `unitsInReview`, per unit `deadlines`, the credit line’s `balances` (from the last CRM read) ' +
          'and how many `signingDocuments` exist.',
        params: idParams,
        response: { 200: provisionFollowUpDetailResponse, ...errors },
      },
    },
    async (request) => ({ data: await lender.get(currentUser(request), request.params.id) }),
  );

  const creates: [string, CreateMode, typeof createProvisionRequest | typeof createAndSendProvisionRequest, string][] =
    [
      ['/api/provisions', 'create', createProvisionRequest, 'Guardar: creates a provision in status 1 (Creada)'],
      [
        '/api/provisions/create-send',
        'createAndSend',
        createAndSendProvisionRequest,
        'Save and send: creates it in status 2 (Enviada a validar) and notifies the account’s lender operators; ' +
          'with `reviewUnits: true` (the review mode’s save-and-send) units with an `id` are the caller’s units in ' +
          'review, moved into it',
      ],
      [
        '/api/provisions/create/withUnitsExistits',
        'fromReview',
        createProvisionRequest,
        'From units under review: units with an `id` are the caller’s units in review, moved into the new provision',
      ],
    ];
  for (const [url, mode, body, summary] of creates) {
    r.post(
      url,
      {
        bodyLimit: SAVE_BODY_LIMIT,
        schema: {
          tags,
          security,
          summary,
          description: SAVE_NOTES,
          body,
          response: { 201: createProvisionResponse, ...saveErrors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await provisions.create(currentUser(request), request.body, mode, request.id)),
    );
  }

  r.put(
    '/api/provisions/:id',
    {
      bodyLimit: SAVE_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: 'Edit a provision in status 1 (no status); Confirmar/Rechazar (status 4 or 9) or Liberar (status 10)',
        description:
          `Edit (type 5): ${SAVE_NOTES} The body carries the version read; a stale one → 409 STALE_VERSION. ` +
          'Status 4 or 9 is POST /api/provisions/{id}/confirm-reject, status 10 POST /api/provisions/{id}/release ' +
          '(types 1 and 3, decision 036).',
        params: idParams,
        body: provisionPutRequest,
        response: { 200: provisionPutResponse, ...saveErrors },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const body = request.body as ProvisionPutRequest;
      if ('companyId' in body) return provisions.update(actor, request.params.id, body, request.id);
      if (body.status === 10) return lender.release(actor, request.params.id, body, request.id);
      return lender.confirmReject(actor, request.params.id, body, request.id);
    },
  );

  r.patch(
    '/api/provisions/:id/set-status',
    {
      schema: {
        tags,
        security,
        summary: 'Send to validation (1 → 2): notifies the account’s lender operators and writes an audit row',
        description: 'Body `{ status: 2, version }`. Needs at least one unit; re-checks the balance under the lock.',
        params: idParams,
        body: setProvisionStatusRequest,
        response: { 200: provisionDetailResponse, ...saveErrors },
      },
    },
    async (request) => provisions.setStatus(currentUser(request), request.params.id, request.body, request.id),
  );
}
