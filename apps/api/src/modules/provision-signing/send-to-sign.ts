import { PROVISION_MACHINE, SIGNING_MESSAGES } from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { checkTransition } from '../../platform/state-transition';
import { sendDocumentsToSign } from '../financing';
import { assertOperatingWindow } from '../provision-settings';
import { provisionScopeOf } from '../provisions';
import * as provisionsRepo from '../provisions';
import * as repo from './repository';
import { isUnsent, type SigningContext } from './signing-context';

/**
 * POST /api/provisions/{id}/send-to-sign (type 5 at 4 → 5): the generated documents sent to sign
 * (financing/send-documents-to-sign.ts: each envelope made before the transaction and recorded at once).
 */
export async function sendToSign(
  ctx: SigningContext,
  actor: AuthUser,
  id: number,
  expectedVersion: number,
  requestId: string,
) {
  const { db, clock, mover, found, signersOf, moveRow, names, answer, assertWho, kind } = ctx;
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
  return sendDocumentsToSign(kind, ctx, id, unsent, {
    signers: () => signersOf(provision),
    lock: async (tx) => {
      const row = await provisionsRepo.lockProvision(tx, scope, id);
      if (!row) throw notFound();
      return row;
    },
    move: async (tx, row, { signingDocuments, details }) => {
      const moved = await mover.move(tx, {
        action: 'sendToSign',
        actor,
        row: moveRow(row, names(provision)),
        unitCount: await provisionsRepo.countUnitsOf(tx, id),
        signingDocuments,
        expectedVersion,
        details,
        requestId,
      });
      return { data: await answer(tx, id, moved, actor), message: SIGNING_MESSAGES.sentToSign };
    },
  });
}
