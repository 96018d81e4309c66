import type { FastifyInstance } from 'fastify';
import { AUDIT_OPERATIONS as op } from '@planpiso/domain';
import { currentUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { actOnRow, operationRoute, readRow } from '../../platform/operation-route';
import { validateProcess } from './eligibility';
import { createAuditsService } from './service';

/** Audits (spec 3 §7 "Audits"; decisions 030, 041), declared in packages/domain/src/operations/audits.ts. */
export async function auditRoutes(
  app: FastifyInstance,
  { deps }: { deps: Pick<AppDeps, 'db' | 'adapters' | 'clock'> },
) {
  const audits = createAuditsService(deps);
  operationRoute(app, op.validateProcess, async ({ query }, request) => ({
    data: await validateProcess(deps, currentUser(request), query),
  }));
  operationRoute(app, op.listAudits, async ({ query }, request) => ({
    data: await audits.list(currentUser(request), query),
  }));
  operationRoute(app, op.getAudit, readRow(audits.get));
  operationRoute(app, op.createAudit, ({ body }, request) => audits.create(currentUser(request), body, request.id));
  operationRoute(app, op.updateAudit, actOnRow(audits.update));
}
