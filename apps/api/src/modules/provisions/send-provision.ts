import { PROVISION_STATUS_UPDATED, type SetProvisionStatusRequest, AppErrorCode } from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import { assertCan } from '../../platform/can';
import { AppError, notFound } from '../../platform/errors';
import { assertOperatingWindow } from '../provision-settings';
import { queueProvisionValidation } from '../provision-validation';
import { provisionScopeOf } from './policy';
import { provisionDetail } from './provision-detail';
import * as repo from './repository';
import { type ProvisionsDeps } from './save-provision';
import { createProvisionMover } from './transitions';

/** Send to validation (1 → 2): version-checked, the balance re-checked under the line's lock, operators told. */
export async function sendProvision(
  deps: ProvisionsDeps,
  actor: AuthUser,
  id: number,
  body: SetProvisionStatusRequest,
  requestId: string,
) {
  const { db, clock, creditLines, notifications } = deps;
  const mover = createProvisionMover({ notifications, clock });
  // `can` without the row first: only the dealer operator sends (403 before anything is read).
  assertCan(actor, 'provision.send');
  const scope = provisionScopeOf(actor);
  const found = await repo.findProvision(db, scope, id);
  if (!found) throw notFound();
  await assertOperatingWindow(db, clock.now());
  await creditLines.refreshFromCrm(found.provision.creditLine);

  return creditLines.withLockedCreditLine(db, found.provision.creditLine, async (tx, locked) => {
    const row = await repo.lockProvision(tx, scope, id);
    if (!row) throw notFound();
    const unitCount = await repo.countUnitsOf(tx, id);
    const before = await provisionDetail(tx, scope, id);
    await mover.move(tx, {
      action: 'send',
      actor,
      row: { ...row, folio: before.folio, companyName: before.company.name },
      unitCount,
      expectedVersion: body.version,
      requestId,
    });
    // The provision already holds its total; if the CRM's balance fell meanwhile, sending would overdraw.
    if (row.creditLine === locked.crmLineId && locked.montoRestante.sub(locked.reserved).isNegative()) {
      throw new AppError(AppErrorCode.BALANCE_EXCEEDED);
    }
    // Status 2: its units' validation round starts with this transaction (decision 035).
    await queueProvisionValidation(tx, deps.jobs, id);
    const data = await provisionDetail(tx, scope, id);
    return { data, message: PROVISION_STATUS_UPDATED };
  });
}
