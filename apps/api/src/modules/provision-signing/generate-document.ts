import { PROVISION_MACHINE, SIGNING_MESSAGES } from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import { checkTransition } from '../../platform/state-transition';
import { transaction } from '../../platform/transaction';
import { assertOperatingWindow } from '../provision-settings';
import { provisionScopeOf } from '../provisions';
import type { SigningContext } from './signing-context';

/** POST /api/provisions/{id}/documents (type 5 at 4): the signing document, replacing one not yet sent. */
export async function generateDocument(ctx: SigningContext, actor: AuthUser, id: number, requestId: string) {
  const { db, clock, recording, found, makeDocument, replaceUnsent, locked, moveLocked, answer, assertWho } = ctx;
  assertWho(actor, 'generateDocuments');
  const scope = provisionScopeOf(actor);
  const provision = await found(scope, id);
  await assertOperatingWindow(db, clock.now());
  const { status, version } = provision.provision;
  checkTransition(PROVISION_MACHINE, actor, 'generateDocuments', { status, unitCount: 1, version }, undefined);
  const stored = await makeDocument(provision, actor.id);
  return recording(stored, () =>
    transaction(db, async (tx) => {
      const row = await locked(tx, scope, id);
      const made = await replaceUnsent(tx, id, stored);
      const moved = await moveLocked(tx, provision, row, {
        action: 'generateDocuments',
        actor,
        details: {
          evidenceId: made.evidence.id,
          fileId: made.file.id,
          folio: provision.folioShown,
          replaced: made.replaced,
        },
        requestId,
      });
      return { data: await answer(tx, id, moved, actor), message: SIGNING_MESSAGES.documentsGenerated };
    }),
  );
}
