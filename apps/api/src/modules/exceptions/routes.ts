import type { FastifyInstance } from 'fastify';
import { EXCEPTION_OPERATIONS as op } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import { operationRoute, readRow } from '../../platform/operation-route';
import { receiveFile } from '../../platform/uploads';
import { EXCEPTION_EVIDENCE_UPLOAD, type ExceptionsService } from './service';

/**
 * Exceptions (spec 3 §7 "Exceptions"): the request, the scoped list and detail, and the review steps; declared in
 * packages/domain/src/operations/exceptions.ts.
 */
export async function exceptionRoutes(app: FastifyInstance, { exceptions }: { exceptions: ExceptionsService }) {
  operationRoute(app, op.requestException, async (_, request) => {
    const actor = currentUser(request);
    const form = await receiveFile(request, EXCEPTION_EVIDENCE_UPLOAD);
    try {
      return await exceptions.request(actor, form, request.id);
    } finally {
      await form.discard();
    }
  });
  operationRoute(app, op.listExceptions, async ({ query }, request) => ({
    data: await exceptions.list(currentUser(request), query),
  }));
  operationRoute(app, op.getException, readRow(exceptions.get));
  operationRoute(app, op.updateException, async ({ params }, request) => {
    const actor = currentUser(request);
    const form = await receiveFile(request, EXCEPTION_EVIDENCE_UPLOAD);
    try {
      return await exceptions.update(actor, params.id, form, request.id);
    } finally {
      await form.discard();
    }
  });
}
