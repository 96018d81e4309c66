import {
  AppErrorCode,
  EVIDENCE_TYPE,
  type EvidenceResponse,
  FINANCING_MESSAGES,
  isDealer,
  mayChangeReview,
  unitEvidenceDeletable,
  unitRemoved,
  unitReturnsToReview,
  type UnitReviewQuery,
  UNITS_REVIEW_DEFAULT_SORT,
  type UnitUnderReview,
  USER_TYPE,
} from '@planpiso/domain';
import { writeAudit } from '../../platform/audit';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { orderBy, pageWindow, type Page } from '../../platform/listing';
import { transaction } from '../../platform/transaction';
import type { ReceivedForm } from '../../platform/uploads';
import { presentEvidence } from '../exceptions';
import * as companiesRepo from '../companies';
import type { FilesService } from '../files';
import * as filesRepo from '../files';
import { accountScopeOf } from '../organisation-lookups';
import { presentReviewUnit } from './presenter';
import * as repo from './repository';
import { answerWithin } from '../../platform/idempotency';

export type UnitsService = ReturnType<typeof createUnitsService>;

/** POST /units/{id}/uploadDocument (spec 3 §5 "Files"): any extension, one file (the first), bytes still checked. */
export const UNIT_DOCUMENT_UPLOAD = { field: 'file', allowed: 'any', maxFiles: 10 } as const;

const notInReview = () => notFound(FINANCING_MESSAGES.unitNotInReview);

/**
 * Units under review (spec 3 §2, §7 "Units"; decision 030): the dealer operator's list, its documents (evidence type
 * 8), removal from review, and the lender's sending to review. Every unit is looked up within the caller's scope;
 * a foreign one is not found (ARCHITECTURE §6).
 */
export function createUnitsService(
  { db, clock, storage, log }: Pick<AppDeps, 'db' | 'clock' | 'storage' | 'log'>,
  files: FilesService,
) {
  /** The unit the dealer operator has in review, locked in `tx`; anything else is 404. */
  async function ownReviewUnit(tx: Parameters<typeof repo.lockOwnReviewUnit>[0], actor: AuthUser, id: number) {
    const unit = await repo.lockOwnReviewUnit(tx, actor.id, id);
    if (!unit) throw notInReview();
    return unit;
  }

  return {
    async listReview(actor: AuthUser, query: UnitReviewQuery): Promise<Page<UnitUnderReview>> {
      const { rows, total } = await repo.listReview(
        db,
        actor.id,
        { model: query.model, vinNumber: query.vinNumber },
        pageWindow(query),
        orderBy(query.sort, UNITS_REVIEW_DEFAULT_SORT, repo.reviewSortFields, repo.unitIdColumn),
      );
      return { items: rows.map(presentReviewUnit), total };
    },

    /** A unit's evidences, to any caller whose scope reaches its provision's company. */
    async evidences(actor: AuthUser, id: number): Promise<EvidenceResponse[]> {
      const found = await repo.findUnitInScope(db, accountScopeOf(actor), id);
      // The dealer operator reads the units of its own provisions (spec 3 §6: filtered by registerBy).
      if (!found || (actor.type === USER_TYPE.AGENCY_OPERATOR && found.registerBy !== actor.id)) throw notFound();
      // A legal representative reaches a company through its assignment, not its account alone (decision 024).
      if (isDealer(actor.type) && !(await companiesRepo.isAssignedTo(db, actor.id, found.companyId))) throw notFound();
      const rows = await repo.unitEvidences(db, id);
      return rows.map((row) => presentEvidence(row.evidence, row.file));
    },

    /** A document (evidence type 8) for a unit the caller has in review. */
    async upload(actor: AuthUser, id: number, form: ReceivedForm, requestId: string) {
      if (!form.file) throw badRequest(FINANCING_MESSAGES.fileRequired);
      // Checked before the bytes are stored: a foreign unit leaves nothing behind.
      await transaction(db, async (tx) => ownReviewUnit(tx, actor, id));
      return files.withUpload(form.file, 'evidences', actor.id, async (tx, stored) => {
        await ownReviewUnit(tx, actor, id);
        const file = await files.record(tx, stored);
        const evidence = await filesRepo.insertEvidence(tx, {
          fileId: file.id,
          type: EVIDENCE_TYPE.UNIT_DOCUMENT,
          unitId: id,
          position: await repo.nextEvidencePosition(tx, id),
          createdAt: clock.now(),
        });
        const presented = presentEvidence(evidence, file);
        await writeAudit(tx, {
          actor: actor.id,
          action: 'units.document-uploaded',
          entity: 'unit',
          entityId: id,
          after: presented,
          requestId,
        });
        return answerWithin(tx, 201, { data: presented });
      });
    },

    /** Deletes a document uploaded later (type 8); the unit's original evidence (type 7) stays (spec 3 §3). */
    async deleteEvidence(actor: AuthUser, id: number, evidenceId: number, requestId: string): Promise<void> {
      const key = await transaction(db, async (tx) => {
        await ownReviewUnit(tx, actor, id);
        const found = await repo.findUnitEvidence(tx, id, evidenceId);
        if (!found) throw notFound();
        if (!unitEvidenceDeletable(found.evidence.type)) {
          throw new AppError(AppErrorCode.EVIDENCE_UNDELETABLE);
        }
        const removedKey = await repo.deleteEvidence(tx, evidenceId, found.file.id);
        await writeAudit(tx, {
          actor: actor.id,
          action: 'units.document-deleted',
          entity: 'unit',
          entityId: id,
          before: presentEvidence(found.evidence, found.file),
          requestId,
        });
        return removedKey;
      });
      // The bytes go after the commit; a failure leaves an orphan object, never a record without its file.
      if (key) await storage.delete(key).catch((error: unknown) => log.error({ err: error, key }, 'units: delete'));
    },

    /** 'Remover' (spec 3 §2): the unit leaves the dealer's review list; the unit itself stays with its provision. */
    async remove(actor: AuthUser, id: number, requestId: string) {
      return transaction(db, async (tx) => {
        const unit = await ownReviewUnit(tx, actor, id);
        const saved = await repo.setReview(tx, id, { inReview: false, reviewBy: null });
        await writeAudit(tx, {
          actor: actor.id,
          action: 'units.removed-from-review',
          entity: 'unit',
          entityId: id,
          before: { inReview: true, reviewBy: unit.reviewBy, version: unit.version },
          after: saved,
          requestId,
        });
        return { data: { id }, message: unitRemoved(unit.vinNumber) };
      });
    },

    /**
     * PATCH /units/{id}/set-review (decision 030): types 1 and 3 send a rejected provision's unit, or one its
     * confirmation left out (decision 054), to review (to the provision's registerBy) or take it back; the dealer operator only takes its own out of review.
     */
    async setReview(actor: AuthUser, id: number, review: boolean, requestId: string) {
      if (!mayChangeReview(actor.type, review)) {
        throw forbidden(FINANCING_MESSAGES.unitReviewNotAllowed);
      }
      return transaction(db, async (tx) => {
        if (actor.type === USER_TYPE.AGENCY_OPERATOR) {
          const unit = await ownReviewUnit(tx, actor, id);
          const saved = await repo.setReview(tx, id, { inReview: false, reviewBy: null });
          await writeAudit(tx, {
            actor: actor.id,
            action: 'units.review-changed',
            entity: 'unit',
            entityId: id,
            before: { inReview: unit.inReview, reviewBy: unit.reviewBy },
            after: saved,
            requestId,
          });
          return { data: saved };
        }
        const found = await repo.findUnitInScope(tx, accountScopeOf(actor), id);
        if (!found) throw notFound();
        if (review && !unitReturnsToReview({ provisionStatus: found.provisionStatus, included: found.unit.included })) {
          throw new AppError(AppErrorCode.INVALID_STATUS, { message: FINANCING_MESSAGES.unitNotReviewable });
        }
        const saved = await repo.setReview(tx, id, {
          inReview: review,
          reviewBy: review ? found.registerBy : null,
        });
        await writeAudit(tx, {
          actor: actor.id,
          action: 'units.review-changed',
          entity: 'unit',
          entityId: id,
          before: { inReview: found.unit.inReview, reviewBy: found.unit.reviewBy },
          after: saved,
          requestId,
        });
        return { data: saved };
      });
    },
  };
}
