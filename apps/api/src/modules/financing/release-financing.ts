import { PROVISION_LENDER_MESSAGES } from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import { answerWithin } from '../../platform/idempotency';
import { registerReleasedUnits } from '../financed-units';
import type { ClosingDeps, ClosingKind } from './closing-kind';
import { withCreditLineLock } from './with-credit-line-lock';

/**
 * Liberar (status 10, spec 3 §4 "Liberate without CRM"; types 1 and 3 at 6 or 7): the units are financed outside the
 * insertion cycle. Each unit keeps holding its amount (a 'released' insertion row, decision 055) until the release
 * reconciliation sees the CRM list its credit; each enters the financed-units register. Under the line's lock; the answer commits with the move (decision 072).
 */
export async function releaseFinancing<Found, Detail>(
  kind: ClosingKind<Found, Detail>,
  deps: ClosingDeps,
  actor: AuthUser,
  id: number,
  body: { version: number },
  requestId: string,
) {
  const found = await kind.admit(actor, id, 'release');
  return withCreditLineLock(deps, kind.creditLineOf(found), async (tx) => {
    await kind.move(tx, found, id, { action: 'release', actor, expectedVersion: body.version, requestId });
    await kind.afterClose(tx, id, 'release', deps.clock.now());
    // Released units are on the dealer's lot from now on: the register tracks each until it is paid (issue 29).
    await registerReleasedUnits(tx, { kind: kind.owner, id }, deps.clock.now(), actor.id);
    return answerWithin(tx, 200, {
      data: await kind.detail(tx, actor, found, id),
      message: PROVISION_LENDER_MESSAGES.released,
    });
  });
}
