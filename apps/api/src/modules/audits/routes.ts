import type { FastifyInstance } from 'fastify';
import { AUDIT_OPERATIONS as op, LOT_AUDIT_MESSAGES } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { attachmentDisposition, receiveFile } from '../../platform/uploads';
import { actOnRow, operationRoute, readRow } from '../../platform/operation-route';
import type { FilesService } from '../files';
import type { NotificationsService } from '../notifications';
import { validateProcess } from './eligibility';
import { createLotAuditsService } from './lot-audit-service';
import { createAuditsService } from './service';

/** A unit's photo: an image the phone's camera took (bytes checked), up to 10 MiB. */
const PHOTO_UPLOAD = {
  field: 'file',
  allowed: ['png', 'jpg', 'jpeg'],
  maxBytes: 10 * 1024 * 1024,
  typeRefusal: LOT_AUDIT_MESSAGES.photoNotImage,
};

/** Audits (spec 3 §7 "Audits"; decisions 030, 041), declared in packages/domain/src/operations/audits.ts. */
export async function auditRoutes(
  app: FastifyInstance,
  {
    deps,
    files,
    notifications,
  }: {
    deps: Pick<AppDeps, 'db' | 'adapters' | 'clock' | 'storage' | 'log' | 'jobs'>;
    files: FilesService;
    notifications: NotificationsService;
  },
) {
  const audits = createAuditsService(deps);
  const lot = createLotAuditsService(deps, files, { notifications, jobs: deps.jobs });
  operationRoute(app, op.validateProcess, async ({ query }, request) => ({
    data: await validateProcess(deps, currentUser(request), query),
  }));
  operationRoute(app, op.listAudits, async ({ query }, request) => ({
    data: await audits.list(currentUser(request), query),
  }));
  operationRoute(app, op.getAudit, readRow(audits.get));
  operationRoute(app, op.createAudit, ({ body }, request) => audits.create(currentUser(request), body, request.id));
  operationRoute(app, op.updateAudit, actOnRow(audits.update));

  // Lot audits per unit (issue 29 item 3, decision 081).
  operationRoute(app, op.listLotAudits, async (_, request) => ({ data: await lot.list(currentUser(request)) }));
  operationRoute(app, op.listLotAuditUnits, readRow(lot.units));
  operationRoute(app, op.findLotAuditUnit, async ({ params, query }, request) => ({
    data: await lot.findByVin(currentUser(request), params.id, query.vin),
  }));
  operationRoute(app, op.uploadLotAuditPhoto, async ({ params }, request) => {
    const actor = currentUser(request);
    const form = await receiveFile(request, PHOTO_UPLOAD);
    try {
      return await lot.uploadPhoto(actor, params.id, form, request.id);
    } finally {
      await form.discard();
    }
  });
  operationRoute(app, op.markLotAuditUnit, ({ params, body }, request) =>
    lot.mark(currentUser(request), params.id, params.unitId, body, request.id),
  );
  operationRoute(app, op.requestSelfAudit, actOnRow(lot.requestSelfAudit));
  operationRoute(app, op.closeLotAudit, actOnRow(lot.close));
  operationRoute(app, op.getLotAuditReport, async ({ params }, request, reply) => {
    const { bytes, fileName } = await lot.report(currentUser(request), params.id);
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachmentDisposition(fileName))
      .header('cache-control', 'no-store');
    return bytes;
  });
}
