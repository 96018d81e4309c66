import { PROVISION_LENDER_MESSAGES } from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import { answerWithin } from '../../platform/idempotency';
import { transaction } from '../../platform/transaction';
import type { ClosingDeps, ClosingKind } from './closing-kind';

/**
 * Actualizar folio (spec 3 §5, §6; types 1 and 3 from Aceptada on): the manual folio from now on; documents already
 * generated keep theirs. The answer commits with the move (decision 072).
 */
export async function updateFinancingFolio<Found, Detail>(
  kind: ClosingKind<Found, Detail>,
  deps: Pick<ClosingDeps, 'db'>,
  actor: AuthUser,
  id: number,
  body: { manualFolio: string; version: number },
  requestId: string,
) {
  const found = await kind.admit(actor, id, 'updateFolio');
  return transaction(deps.db, async (tx) => {
    await kind.move(tx, found, id, {
      action: 'updateFolio',
      actor,
      expectedVersion: body.version,
      set: { useManualFolio: true, manualFolio: body.manualFolio },
      details: { manualFolio: body.manualFolio },
      folio: body.manualFolio,
      requestId,
    });
    return answerWithin(tx, 200, {
      data: await kind.detail(tx, actor, found, id),
      message: PROVISION_LENDER_MESSAGES.folioUpdated,
    });
  });
}
