import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptRefinancingRequest,
  confirmRefinancingRequest,
  confirmRefinancingUnitsRequest,
  errorResponse,
  idParams,
  refinancingActionResponse,
  refinancingReviewQuery,
  refinancingReviewResponse,
  refinancingVersionRequest,
  rejectRefinancingRequest,
  sendRefinancingToCrmRequest,
  sendRefinancingUnitsRequest,
  setRefinancingStatusRequest,
  updateRefinancingFolioRequest,
} from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { attachmentDisposition } from '../../platform/uploads';
import type { RefinancingFlows } from './flows';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const actionErrors = { ...errors, 409: errorResponse, 422: errorResponse, 503: errorResponse };

const ACTION_NOTES =
  'A type the action’s rows do not name → 403; a refinancing outside the caller’s scope or visible statuses → 404. ' +
  'The body carries the version read: a stale one → 409 STALE_VERSION; a status the action does not start from → ' +
  '409 INVALID_STATUS; an unmet condition (evidence, validation, units) → 422 with the Spanish message. Answers the ' +
  'refreshed detail and the message; nothing is saved when refused.';

/**
 * The refinancing detail's flows (spec 3 §7 "Refinancings"; issue 19; decisions 045, 046). Who may call:
 * API_PERMISSIONS; which rows: the refinancings policy; which moves: REFINANCING_MACHINE through the mover.
 */
export async function refinancingFlowRoutes(app: FastifyInstance, { flows }: { flows: RefinancingFlows }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['refinancings'];
  const security = [{ bearerAuth: [] }];

  r.get(
    '/api/refinancings/review',
    {
      schema: {
        tags,
        security,
        summary: 'Refinancings waiting for the administrator’s validation (type 2)',
        description:
          'Status 3, evidences required and not validated yet, in the administrator’s scope. Filters company and ' +
          'folio (the folio or the manual one); default sort folio.',
        querystring: refinancingReviewQuery,
        response: { 200: refinancingReviewResponse, ...errors },
      },
    },
    async (request) => ({ data: await flows.review(currentUser(request), request.query) }),
  );

  r.patch(
    '/api/refinancings/:id/set-status',
    {
      schema: {
        tags,
        security,
        summary: 'Evidencia completa / Enviar (status 3) or Enviar a FinBe (status 5)',
        description:
          'status 3: Evidencia completa from 1 or 2 (types 3 and 5; evidences required and every unit with one) or ' +
          "Enviar from 4 (type 5); 'Las unidades fueron enviadas'. status 5: Enviar a FinBe (type 5, at 1, evidences " +
          'not required): documents generated and sent to sign. ' +
          ACTION_NOTES,
        params: idParams,
        body: setRefinancingStatusRequest,
        response: { 200: refinancingActionResponse, ...actionErrors },
      },
    },
    async (request) => flows.setStatus(currentUser(request), request.params.id, request.body, request.id),
  );

  r.post(
    '/api/refinancings/send-units',
    {
      schema: {
        tags,
        security,
        summary: 'Enviar: an accepted refinancing (4) back to validation (3), type 5',
        description: "'Las unidades fueron enviadas'; the administrator validates again. " + ACTION_NOTES,
        body: sendRefinancingUnitsRequest,
        response: { 200: refinancingActionResponse, ...actionErrors },
      },
    },
    async (request) => flows.sendUnits(currentUser(request), request.body, request.id),
  );

  r.patch(
    '/api/refinancings/:id/confirm-units',
    {
      schema: {
        tags,
        security,
        summary: 'The administrator’s verdict per unit (type 2 at 3): Sí (1) / No (2, comment required)',
        description: "'Las unidades fueron actualizadas'; the status stays 3. " + ACTION_NOTES,
        params: idParams,
        body: confirmRefinancingUnitsRequest,
        response: { 200: refinancingActionResponse, ...actionErrors },
      },
    },
    async (request) => flows.confirmUnits(currentUser(request), request.params.id, request.body, request.id),
  );

  r.post(
    '/api/refinancings/:id/confirm',
    {
      schema: {
        tags,
        security,
        summary: 'Confirmar (type 2 at 3): a unit said No → 2 Solicitud Evidencias, else stays 3 validated',
        description: "'Refinanciamiento actualizado correctamente'. Every unit must have a verdict. " + ACTION_NOTES,
        params: idParams,
        body: confirmRefinancingRequest,
        response: { 200: refinancingActionResponse, ...actionErrors },
      },
    },
    async (request) => flows.confirm(currentUser(request), request.params.id, request.body, request.id),
  );

  r.post(
    '/api/refinancings/:id/accept',
    {
      schema: {
        tags,
        security,
        summary: 'Aceptar (type 3 at 3 → 4): ticked units stay, the others leave; total re-reserved',
        description:
          'units [id, comment, status 1 ticked / 2 not]: every unit of the refinancing once. A ticked unit must have ' +
          'REPUVE, TransUnion and AX valid or be approved; the total becomes the ticked units’ sum, re-reserved under ' +
          "the line’s lock ('El monto total supera el saldo restante' when it does not fit). " +
          ACTION_NOTES,
        params: idParams,
        body: acceptRefinancingRequest,
        response: { 200: refinancingActionResponse, ...actionErrors },
      },
    },
    async (request) => flows.accept(currentUser(request), request.params.id, request.body, request.id),
  );

  r.post(
    '/api/refinancings/:id/reject',
    {
      schema: {
        tags,
        security,
        summary: 'Rechazar (type 3 at 3 → 9): the reason saved, the line’s reservation released',
        description: ACTION_NOTES,
        params: idParams,
        body: rejectRefinancingRequest,
        response: { 200: refinancingActionResponse, ...actionErrors },
      },
    },
    async (request) => flows.reject(currentUser(request), request.params.id, request.body, request.id),
  );

  r.post(
    '/api/refinancings/:id/release',
    {
      schema: {
        tags,
        security,
        summary: 'Liberar (types 1 and 3 at 6 or 7 → 10)',
        description: "'Las unidades fueron liberadas sin enviar a CRM'. " + ACTION_NOTES,
        params: idParams,
        body: refinancingVersionRequest,
        response: { 200: refinancingActionResponse, ...actionErrors },
      },
    },
    async (request) => flows.release(currentUser(request), request.params.id, request.body, request.id),
  );

  r.post(
    '/api/refinancings/:id/send-crm',
    {
      schema: {
        tags,
        security,
        summary: 'Enviar a CRM (types 1 and 3 at 6 or 7 → 8): insertions queued',
        description:
          "'Las unidades fueron enviadas a CRM'. approvedDate saved; one CRM insertion per unit queued in the same " +
          'transaction (the insertion cycle calls the CRM). ' +
          ACTION_NOTES,
        params: idParams,
        body: sendRefinancingToCrmRequest,
        response: { 200: refinancingActionResponse, ...actionErrors },
      },
    },
    async (request) => flows.sendToCrm(currentUser(request), request.params.id, request.body, request.id),
  );

  r.patch(
    '/api/refinancings/:id/update-folio',
    {
      schema: {
        tags,
        security,
        summary: 'Actualizar folio (types 1 and 3 at 4 and above)',
        description: "'El folio manual se actualizo correctamente'. " + ACTION_NOTES,
        params: idParams,
        body: updateRefinancingFolioRequest,
        response: { 200: refinancingActionResponse, ...actionErrors },
      },
    },
    async (request) => flows.updateFolio(currentUser(request), request.params.id, request.body, request.id),
  );

  r.get(
    '/api/refinancings/:id/units.xlsx',
    {
      schema: {
        tags,
        security,
        summary: "The refinancing's units as an XLSX, 'Unidades (DD-MM-YYYY).xlsx' (Mexico City's day)",
        description:
          'Types 1 and 3 in scope; the columns of the units table (spec 3 §2). A cell that starts with = + - @ is ' +
          'written as text.',
        params: idParams,
      },
    },
    async (request, reply) => {
      const { bytes, fileName } = await flows.unitsXlsx(currentUser(request), request.params.id);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', attachmentDisposition(fileName))
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );
}
