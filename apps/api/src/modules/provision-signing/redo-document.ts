import { PROVISION_MACHINE, SIGNED_STATUS, SIGNING_MESSAGES } from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import { badRequest } from '../../platform/errors';
import { checkTransition } from '../../platform/state-transition';
import { transaction } from '../../platform/transaction';
import { assertOperatingWindow } from '../provision-settings';
import { provisionScopeOf } from '../provisions';
import * as provisionsRepo from '../provisions';
import { redoSentDocument } from '../financing';
import { S, type SigningContext } from './signing-context';

/**
 * POST /api/provisions/{id}/redo-document (types 1 and 3 at 4–6): the document made again with the provision as
 * it stands (its current folio). At 4 it replaces the unsent one; at 5 and 6 the new one goes to a new envelope
 * and the one out for signature is withdrawn (financing/redo-sent-document.ts).
 */
export async function redoDocument(
  ctx: SigningContext,
  actor: AuthUser,
  id: number,
  body: { provisionId?: number; version?: number } | undefined,
  requestId: string,
) {
  const {
    db,
    clock,
    recording,
    found,
    makeDocument,
    replaceUnsent,
    signersOf,
    locked,
    moveLocked,
    answer,
    assertWho,
    kind,
  } = ctx;
  if (body?.provisionId !== undefined && body.provisionId !== id) {
    throw badRequest(SIGNING_MESSAGES.provisionMismatch);
  }
  assertWho(actor, 'redoDocument');
  const scope = provisionScopeOf(actor);
  const provision = await found(scope, id);
  await assertOperatingWindow(db, clock.now());
  const { status, version } = provision.provision;
  checkTransition(PROVISION_MACHINE, actor, 'redoDocument', { status, unitCount: 1, version }, body?.version);
  const stored = await makeDocument(provision, actor.id);

  if (status === S.ACCEPTED) {
    return recording(stored, () =>
      transaction(db, async (tx) => {
        const row = await locked(tx, scope, id);
        const made = await replaceUnsent(tx, id, stored);
        const moved = await moveLocked(tx, provision, row, {
          action: 'redoDocument',
          actor,
          expectedVersion: body?.version,
          details: { evidenceId: made.evidence.id, fileId: made.file.id, replaced: made.replaced },
          requestId,
        });
        return { data: await answer(tx, id, moved, actor), message: SIGNING_MESSAGES.documentRedone };
      }),
    );
  }

  // At 5 or 6: the new document recorded (unsent), sent in its own envelope, then swapped for those out.
  return redoSentDocument(kind, ctx, id, stored, {
    recheck: async (tx) => {
      const row = await locked(tx, scope, id);
      checkTransition(
        PROVISION_MACHINE,
        actor,
        'redoDocument',
        { status: row.status, unitCount: 1, version: row.version },
        body?.version,
      );
    },
    signers: () => signersOf(provision),
    withdraws: (d, pendingId) => d.evidence.id !== pendingId && d.evidence.signedStatus === SIGNED_STATUS.SENT,
    lock: (tx) => provisionsRepo.lockProvision(tx, scope, id),
    move: async (tx, row, details) => {
      const moved = await moveLocked(tx, provision, row, {
        action: 'redoDocument',
        actor,
        expectedVersion: body?.version,
        details,
        requestId,
      });
      return { data: await answer(tx, id, moved, actor), message: SIGNING_MESSAGES.documentRedone };
    },
  });
}
