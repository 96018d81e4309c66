import type { FastifyInstance } from 'fastify';
import { FINANCED_UNIT_OPERATIONS as op } from '@planpiso/domain';
import { XLSX_CONTENT_TYPE, sendAttachment } from '../../platform/attachment';
import { currentUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import type { NotificationsService } from '../notifications';
import { actOnRow, operationRoute, readRow } from '../../platform/operation-route';
import { exportFinancedUnits } from './export-financed-units';
import { financedUnitBalance } from './financed-unit-balance';
import { financedUnitDetail } from './financed-unit-detail';
import { listFinancedUnits } from './list-financed-units';
import { reportFinancedUnitSale } from './report-sale';

/** The financed-units register (issue 29 item 1), declared in packages/domain/src/operations/financed-units.ts. */
export async function financedUnitRoutes(
  app: FastifyInstance,
  {
    deps,
    notifications,
  }: { deps: Pick<AppDeps, 'db' | 'clock' | 'jobs' | 'adapters'>; notifications: NotificationsService },
) {
  operationRoute(app, op.listFinancedUnits, async ({ query }, request) => ({
    data: await listFinancedUnits(deps, currentUser(request), query),
  }));
  operationRoute(app, op.exportFinancedUnits, async ({ query }, request, reply) => {
    const { bytes, fileName } = await exportFinancedUnits(deps, currentUser(request), query);
    return sendAttachment(reply, { bytes, name: fileName, contentType: XLSX_CONTENT_TYPE });
  });
  operationRoute(
    app,
    op.getFinancedUnit,
    readRow((actor, id) => financedUnitDetail(deps.db, deps.clock, actor, id)),
  );
  operationRoute(app, op.getFinancedUnitBalance, async ({ params, query }, request) => ({
    data: await financedUnitBalance(deps, currentUser(request), params.id, query.date),
  }));
  operationRoute(
    app,
    op.reportFinancedUnitSale,
    actOnRow((actor, id, body, requestId) =>
      reportFinancedUnitSale({ ...deps, notifications }, actor, id, body, requestId),
    ),
  );
}
