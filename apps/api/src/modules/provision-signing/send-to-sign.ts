import { PROVISION_MACHINE, SIGNED_STATUS, SIGNING_MESSAGES } from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { checkTransition } from '../../platform/state-transition';
import { transaction } from '../../platform/transaction';
import { assertOperatingWindow } from '../provision-settings/operating-window';
import { provisionScopeOf } from '../provisions/policy';
import * as provisionsRepo from '../provisions/repository';
import * as repo from './repository';
import { isUnsent, type SigningContext } from './signing-context';

/**
 * POST /api/provisions/{id}/send-to-sign (type 5 at 4 → 5). Each unsent document's envelope is created at the
 * provider BEFORE the transaction and recorded on it right away: if the transaction then fails, or the request
 * comes again, the recorded envelope is reused — never a second one for the same document.
 */
export async function sendToSign(
  ctx: SigningContext,
  actor: AuthUser,
  id: number,
  expectedVersion: number,
  requestId: string,
) {
  const { db, clock, mover, found, signersOf, sendDocument, moveRow, names, answer, assertWho } = ctx;
  assertWho(actor, 'sendToSign');
  const scope = provisionScopeOf(actor);
  const provision = await found(scope, id);
  await assertOperatingWindow(db, clock.now());
  const unsent = (await repo.signingDocumentsOf(db, id)).filter(isUnsent);
  const { status, version } = provision.provision;
  checkTransition(
    PROVISION_MACHINE,
    actor,
    'sendToSign',
    { status, unitCount: 1, version, signingDocuments: unsent.length },
    expectedVersion,
  );
  const toCreate = unsent.filter((d) => d.evidence.envelopeId === null || repo.isClaim(d.evidence.envelopeId));
  if (toCreate.length > 0) {
    const signers = await signersOf(provision);
    for (const document of toCreate) await sendDocument(id, document, signers.envelope);
  }

  return transaction(db, async (tx) => {
    const row = await provisionsRepo.lockProvision(tx, scope, id);
    if (!row) throw notFound();
    const ready = (await repo.signingDocumentsOf(tx, id)).filter(
      (d) => isUnsent(d) && d.evidence.envelopeId !== null && !repo.isClaim(d.evidence.envelopeId),
    );
    for (const document of ready) {
      await repo.updateEvidence(tx, document.evidence.id, { signedStatus: SIGNED_STATUS.SENT });
    }
    const moved = await mover.move(tx, {
      action: 'sendToSign',
      actor,
      row: moveRow(row, names(provision)),
      unitCount: await provisionsRepo.countUnitsOf(tx, id),
      signingDocuments: ready.length,
      expectedVersion,
      details: { documents: ready.map((d) => ({ evidenceId: d.evidence.id, envelopeId: d.evidence.envelopeId })) },
      requestId,
    });
    return { data: await answer(tx, id, moved, actor), message: SIGNING_MESSAGES.sentToSign };
  });
}
