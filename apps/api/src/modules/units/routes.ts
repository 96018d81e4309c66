import type { FastifyInstance } from 'fastify';
import { UNIT_OPERATIONS as op } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { operationRoute, readRow } from '../../platform/operation-route';
import { receiveFile } from '../../platform/uploads';
import { UNIT_DOCUMENT_UPLOAD, type UnitsService } from './service';

/**
 * Units (spec 3 §7 "Units"): units under review and their documents (decision 030), declared in
 * packages/domain/src/operations/units.ts.
 */
export async function unitRoutes(app: FastifyInstance, { units }: { units: UnitsService }) {
  operationRoute(app, op.listUnitsUnderReview, async ({ query }, request) => ({
    data: await units.listReview(currentUser(request), query),
  }));
  operationRoute(app, op.listUnitEvidences, readRow(units.evidences));
  operationRoute(app, op.uploadUnitDocument, async ({ params }, request) => {
    const form = await receiveFile(request, UNIT_DOCUMENT_UPLOAD);
    try {
      return await units.upload(currentUser(request), params.id, form, request.id);
    } finally {
      await form.discard();
    }
  });
  operationRoute(app, op.deleteUnitEvidence, async ({ params: { id, evidenceId } }, request) => {
    await units.deleteEvidence(currentUser(request), id, evidenceId, request.id);
    return { data: { id: evidenceId } };
  });
  operationRoute(app, op.removeUnitFromReview, ({ params }, request) =>
    units.remove(currentUser(request), params.id, request.id),
  );
  operationRoute(app, op.setUnitReview, ({ params, body }, request) =>
    units.setReview(currentUser(request), params.id, body.review, request.id),
  );
}
