import { AppError, refusalError } from '../../platform/errors';
import {
  EVIDENCE_TYPE,
  Money,
  provisionCreated,
  provisionNotice,
  provisionTransition,
  type CreateProvisionRequest,
  type ProvisionAction,
  AppErrorCode,
} from '@planpiso/domain';
import { writeAudit } from '../../platform/audit';
import type { AuthUser } from '../../platform/auth';
import { answerWithin } from '../../platform/idempotency';
import { assertCanProvision } from '../audits';
import { reserve } from '../credit-lines';
import { notifyFinancingAudience } from '../financing';
import { assertOperatingWindow } from '../provision-settings';
import { queueProvisionValidation } from '../provision-validation';
import * as repo from './repository';
import {
  assertDistinctVins,
  assertVinsFree,
  checkedLine,
  claimFiles,
  saveContext,
  unitValues,
  vinKey,
  type ProvisionsDeps,
} from './save-provision';

const everyFile = { attachment: () => true, unit: () => true };

/**
 * The evidence rows a save attaches: the provision's attachment, then each unit's, numbered in the order sent.
 * `isNew` leaves out the files an edit already holds (a create attaches every file).
 */
export function evidenceRows(
  body: Pick<CreateProvisionRequest, 'evidences' | 'units'>,
  provisionId: number,
  unitIds: number[],
  now: Date,
  isNew: { attachment: (fileId: number) => boolean; unit: (fileId: number) => boolean } = everyFile,
) {
  return [
    ...body.evidences
      .filter((e) => isNew.attachment(e.fileId))
      .map((e, position) => ({
        fileId: e.fileId,
        type: EVIDENCE_TYPE.PROVISION_ATTACHMENT,
        provisionId,
        position,
        createdAt: now,
      })),
    ...body.units.flatMap((unit, i) =>
      (unit.evidences ?? [])
        .filter((e) => isNew.unit(e.fileId))
        .map((e, position) => ({
          fileId: e.fileId,
          type: EVIDENCE_TYPE.UNIT_EVIDENCE,
          unitId: unitIds[i]!,
          position,
          createdAt: now,
        })),
    ),
  ];
}

/** The three creates of spec 3 §7: Guardar, save-and-send, and from units under review. */
export type CreateMode = 'create' | 'createAndSend' | 'fromReview';

/** Creates a provision (spec 3 §7): saved at 1, or sent at once to 2, its units new or moved in from review. */
export async function createProvision(
  deps: ProvisionsDeps,
  actor: AuthUser,
  body: CreateProvisionRequest,
  mode: CreateMode,
  requestId: string,
): Promise<{ data: { id: number; folio: string; status: number }; message: string }> {
  const { db, clock, creditLines, notifications } = deps;
  const action: ProvisionAction = mode === 'createAndSend' ? 'createAndSend' : 'create';
  const verdict = provisionTransition(action, { userType: actor.type, status: null, unitCount: body.units.length });
  if (!verdict.allowed) throw refusalError(verdict);
  await assertOperatingWindow(db, clock.now());
  const context = await saveContext(db, actor, body.companyId, body.agencyId, body.legalId);
  // The pre-checks the list's dialog shows (pending balances, audits, the latest exception), enforced here too;
  // it asks the CRM, so before the line's transaction.
  await assertCanProvision(deps, actor);
  assertDistinctVins(body.units);
  const line = await checkedLine(creditLines, body.creditLine, body.deadlines, context);
  // Units under review move in from the review mode's Guardar (withUnitsExistits) and its save-and-send
  // (create-send with reviewUnits, spec 3 §3), the same way.
  const fromReview = mode === 'fromReview' || (mode === 'createAndSend' && body.reviewUnits === true);
  const reviewIds = fromReview ? body.units.flatMap((u) => (u.id === undefined ? [] : [u.id])) : [];

  return creditLines.withLockedCreditLine(db, line.crmLineId, async (tx, locked) => {
    const reviewUnits = await repo.lockReviewUnits(tx, actor.id, reviewIds);
    if (reviewUnits.length !== reviewIds.length) {
      throw new AppError(AppErrorCode.REVIEW_UNIT_GONE);
    }
    await assertVinsFree(tx, body.units, null);
    reserve(locked, Money.of(body.total));
    const unitFiles = body.units.flatMap((u) => (u.evidences ?? []).map((e) => e.fileId));
    await claimFiles(tx, actor, [...body.evidences.map((e) => e.fileId), ...unitFiles], new Set());

    const now = clock.now();
    const provision = await repo.insertProvision(tx, {
      status: verdict.to,
      accountId: context.company.accountId,
      companyId: context.company.id,
      agencyId: body.agencyId,
      legalId: body.legalId,
      creditLine: locked.crmLineId,
      // The line's own type, from the CRM's row (never the body's).
      typeLine: locked.typeLine,
      deadlines: body.deadlines,
      description: body.description ?? '',
      includeAll: body.includeAll,
      total: body.total,
      registerBy: actor.id,
      createdAt: now,
      updatedAt: now,
    });
    // Units from review move into the new provision with their evidences; the rest are new rows.
    const moved = new Set(reviewIds);
    const unitIds: number[] = [];
    const fresh = body.units.filter((u) => u.id === undefined || !moved.has(u.id));
    const inserted = await repo.insertUnits(
      tx,
      fresh.map((u) => ({ ...unitValues(u), provisionId: provision.id, createdAt: now })),
    );
    const insertedIds = new Map(inserted.map((row) => [row.vinNumber, row.id]));
    for (const unit of body.units) {
      if (unit.id !== undefined && moved.has(unit.id)) {
        await repo.moveReviewUnit(tx, unit.id, provision.id, unitValues(unit));
        unitIds.push(unit.id);
      } else unitIds.push(insertedIds.get(vinKey(unit.vinNumber))!);
    }
    await repo.insertEvidences(tx, evidenceRows(body, provision.id, unitIds, now));

    const folio = String(provision.folio);
    // Sent at once: the notice and audience of every send (the mover's: active, not archived operators).
    const notified = await notifyFinancingAudience(
      tx,
      notifications,
      { accountId: provision.accountId, registerBy: provision.registerBy, legalId: provision.legalId },
      provisionNotice(action, { folio, company: context.company.name }),
    );
    // Sent at once (status 2): its units' validation round starts with this transaction (decision 035).
    if (action === 'createAndSend') await queueProvisionValidation(tx, deps.jobs, provision.id);
    await writeAudit(tx, {
      actor: actor.id,
      action: mode === 'createAndSend' ? 'provisions.created-and-sent' : 'provisions.created',
      entity: 'provision',
      entityId: provision.id,
      after: {
        folio,
        status: provision.status,
        creditLine: provision.creditLine,
        total: provision.total,
        units: unitIds.length,
        fromReview: reviewIds,
        notified,
      },
      requestId,
    });
    // The answer commits with the provision (decision 069): a retry after a crash replays it, never creates twice.
    return answerWithin(tx, 201, {
      data: { id: provision.id, folio, status: provision.status },
      message: provisionCreated(folio),
    });
  });
}
