import { PROVISION_LENDER_MESSAGES } from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import { answerWithin } from '../../platform/idempotency';
import type { ClosingDeps, ClosingKind } from './closing-kind';
import { withCreditLineLock } from './with-credit-line-lock';

/**
 * Enviar a CRM (status 8, spec 3 §4; types 1 and 3 at 6 or 7): the approved date saved and one CRM insertion queued
 * per unit in the same transaction, under the line's lock; the insertion cycle job (jobs/crm-insertion.ts) makes the
 * CRM call — never here — and a refusal becomes a credit failure.
 */
export async function sendFinancingToCrm<Found, Detail>(
  kind: ClosingKind<Found, Detail>,
  deps: ClosingDeps,
  actor: AuthUser,
  id: number,
  body: { approvedDate: string; version: number },
  requestId: string,
) {
  const found = await kind.admit(actor, id, 'sendToCrm');
  return withCreditLineLock(deps, kind.creditLineOf(found), async (tx) => {
    await kind.move(tx, found, id, {
      action: 'sendToCrm',
      actor,
      expectedVersion: body.version,
      set: { approvedDate: body.approvedDate },
      details: { approvedDate: body.approvedDate },
      requestId,
    });
    await kind.afterClose(tx, id, 'sendToCrm', deps.clock.now());
    return answerWithin(tx, 200, {
      data: await kind.detail(tx, actor, found, id),
      message: PROVISION_LENDER_MESSAGES.sentToCrm,
    });
  });
}
