import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponse,
  idParams,
  setUnitReviewRequest,
  setUnitReviewResponse,
  unitEvidenceDeletedResponse,
  unitEvidenceParams,
  unitEvidenceResponse,
  unitEvidencesResponse,
  unitRemovedResponse,
  unitReviewListResponse,
  unitReviewQuery,
} from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { receiveFile } from '../../platform/uploads';
import { UNIT_DOCUMENT_UPLOAD, type UnitsService } from './service';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  413: errorResponse,
  415: errorResponse,
  422: errorResponse,
};

/** Units (spec 3 §7 "Units"): units under review and their documents (decision 030). */
export async function unitRoutes(app: FastifyInstance, { units }: { units: UnitsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['units'];
  const security = [{ bearerAuth: [] }];

  r.get(
    '/api/units/review',
    {
      schema: {
        tags,
        security,
        summary: 'The caller’s units under review (registerBy), filtered by model and VIN, by VIN descending',
        querystring: unitReviewQuery,
        response: { 200: unitReviewListResponse, ...errors },
      },
    },
    async (request) => ({ data: await units.listReview(currentUser(request), request.query) }),
  );

  r.get(
    '/api/units/:id/evidences',
    {
      schema: {
        tags,
        security,
        summary: 'A unit’s evidences (type 7 with the provision, type 8 uploaded later)',
        params: idParams,
        response: { 200: unitEvidencesResponse, ...errors },
      },
    },
    async (request) => ({ data: await units.evidences(currentUser(request), request.params.id) }),
  );

  r.post(
    '/api/units/:id/uploadDocument',
    {
      schema: {
        tags,
        security,
        summary: 'Upload a document (evidence type 8) to a unit under review',
        description:
          'multipart/form-data: `file` (any extension, only the first file is kept; the bytes must not contradict ' +
          'the name; programs are refused). 413 too large, 415 wrong type.',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 201: unitEvidenceResponse, ...errors },
      },
    },
    async (request, reply) => {
      const form = await receiveFile(request, UNIT_DOCUMENT_UPLOAD);
      try {
        return reply.code(201).send(await units.upload(currentUser(request), request.params.id, form, request.id));
      } finally {
        await form.discard();
      }
    },
  );

  r.delete(
    '/api/units/:id/evidences/:evidenceId',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a document uploaded to a unit under review (type 8 only; type 7 is undeletable)',
        params: unitEvidenceParams,
        response: { 200: unitEvidenceDeletedResponse, ...errors },
      },
    },
    async (request) => {
      const { id, evidenceId } = request.params;
      await units.deleteEvidence(currentUser(request), id, evidenceId, request.id);
      return { data: { id: evidenceId } };
    },
  );

  r.post(
    '/api/units/:id/delete',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a unit from the caller’s review list (Remover)',
        params: idParams,
        response: { 200: unitRemovedResponse, ...errors },
      },
    },
    async (request) => units.remove(currentUser(request), request.params.id, request.id),
  );

  r.patch(
    '/api/units/:id/set-review',
    {
      schema: {
        tags,
        security,
        summary: 'Send a rejected provision’s unit to review (types 1, 3) or take it out (types 1, 3, and 5 its own)',
        params: idParams,
        body: setUnitReviewRequest,
        response: { 200: setUnitReviewResponse, ...errors },
      },
    },
    async (request) => units.setReview(currentUser(request), request.params.id, request.body.review, request.id),
  );
}
