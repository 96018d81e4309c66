import {
  AppErrorCode,
  FINANCED_UNIT_MESSAGES as TEXT,
  askFinancedUnit,
  businessClock,
  saleReportRefusal,
  type FinancedUnitDetail,
  type ReportFinancedUnitSaleRequest,
} from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound, refusalError } from '../../platform/errors';
import { transaction } from '../../platform/transaction';
import { provisionScopeOf } from '../provisions';
import { financedUnitDetail } from './financed-unit-detail';
import { markUnitSold } from './mark-unit-sold';
import type { FinancedUnitNoticeDeps } from './notices';
import * as repo from './repository';

const invalidSale = (message: string) => new AppError(AppErrorCode.VALIDATION_ERROR, { message });

/**
 * POST /api/financed-units/:id/sale (Reportar venta, types 4 and 5; issue 29 item 2): a Vigente unit of the caller's
 * scope becomes Vendida (por liquidar), its payoff due when the grace period after the sale ends. The sale day is
 * neither after today (Mexico City) nor before the release; the evidence, when given, is the caller's own upload. The
 * move, its history row, its audit row and its notices in one transaction, the row locked and its version checked. The
 * grace is the one /configuraciones says at the moment of the sale.
 */
export async function reportFinancedUnitSale(
  { db, clock, ...notices }: Pick<AppDeps, 'db' | 'clock'> & FinancedUnitNoticeDeps,
  actor: AuthUser,
  id: number,
  body: ReportFinancedUnitSaleRequest,
  requestId: string,
): Promise<{ data: FinancedUnitDetail; message: string }> {
  const scope = provisionScopeOf(actor);
  return transaction(db, async (tx) => {
    const unit = await repo.lockFinancedUnit(tx, scope, id);
    if (!unit) throw notFound();
    // The unit's machine decides (Vigente only; 'ya fue reportada como vendida', 'ya está liquidada' otherwise).
    const verdict = askFinancedUnit(actor, 'reportSold', { status: unit.status });
    if (!verdict.allowed) throw refusalError(verdict);
    const now = clock.now();
    // The domain's rule for the sale day (the screen asks the same one): not after today, not before the release.
    const refusal = saleReportRefusal({
      released: true,
      saleDate: body.soldAt,
      releaseDate: unit.releasedOn,
      today: businessClock(now).day,
    });
    if (refusal) throw invalidSale(refusal.message);
    const evidenceFileId = body.evidenceFileId ?? null;
    if (evidenceFileId !== null && !(await repo.isOwnUpload(tx, evidenceFileId, actor.id))) {
      throw invalidSale(TEXT.evidenceNotYours);
    }
    await markUnitSold(tx, notices, unit, {
      to: verdict.to,
      readVersion: body.version,
      soldAt: body.soldAt,
      reportedBy: actor.id,
      actorId: actor.id,
      evidenceFileId,
      requestId,
      now,
    });
    return { data: await financedUnitDetail(tx, clock, actor, id), message: TEXT.saleReported(unit.vin) };
  });
}
