import {
  Money,
  REFINANCING_MESSAGES,
  REFINANCING_STATUS,
  REFINANCING_UNIT_VERDICT,
  availableBalance,
  refinancingUsesUpUnits,
  refinancingTickRefusal,
  type AcceptRefinancingRequest,
  type ConfirmRefinancingUnitsRequest,
  type RefinancingActionResponse,
  type RefinancingMachineAction,
  type RefinancingTickUnit,
  type SetRefinancingStatusRequest,
  AppErrorCode,
} from '@planpiso/domain';
import type { Tx } from '../../db/client';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { assertCan } from '../../platform/can';
import { AppError } from '../../platform/errors';
import { transaction } from '../../platform/transaction';
import { reserve, type CreditLinesService } from '../credit-lines';
import type { ClosingKind } from '../financing';
import { releaseFinancing } from '../financing';
import { sendFinancingToCrm } from '../financing';
import { updateFinancingFolio } from '../financing';
import { withCreditLineLock } from '../financing';
import type { NotificationsService } from '../notifications';
import { followUpDetail } from './follow-up-detail';
import { visibleRefinancing } from './visible';
import * as repo from './repository';
import { refinancingReviewList, type RefinancingReviewQuery } from './review-list';
import { createRefinancingMover, type RefinancingMove } from './transitions';
import { refinancingUnitsXlsx } from './units-xlsx';
import { answerWithin } from '../../platform/idempotency';

/**
 * Enviar a FinBe and Enviar a firma (documents type 13 generated and sent to the e-signature provider): helper A2's
 * branch (i19-ref-signing) provides it. Until it is wired, set-status 5 answers 409 with statusNotAllowed.
 */
export type RefinancingSigning = {
  sendToFinbe(actor: AuthUser, id: number, version: number, requestId: string): Promise<RefinancingActionResponse>;
};
const NO_SIGNING: RefinancingSigning = {
  sendToFinbe: () =>
    Promise.reject(new AppError(AppErrorCode.INVALID_STATUS, { message: REFINANCING_MESSAGES.statusNotAllowed })),
};

/**
 * The refinancing detail's flows (spec 3 §4, §6, §7 "Refinancings"; issue 19; decisions 045, 046). Every action: the
 * machine's `who` (403 before anything is read), the caller's scope and visibility (404), then one transaction in
 * which the mover (transitions.ts) locks the refinancing, checks status, version and needs, writes the status, its
 * notifications and audit row, and the action writes its own rows — a refusal anywhere rolls everything back. The
 * moves that change what the line holds (Aceptar, Rechazar, Liberar, Enviar a CRM) run under the line's lock.
 */
export function createRefinancingFlows(
  deps: Pick<AppDeps, 'db' | 'clock'> & {
    creditLines: CreditLinesService;
    notifications: NotificationsService;
    signing?: RefinancingSigning;
  },
) {
  const { db, clock, creditLines, notifications } = deps;
  const signing = deps.signing ?? NO_SIGNING;
  const mover = createRefinancingMover({ notifications, clock });

  /** Who (`can` without the row: 403 before anything is read), then scope: the refinancing the action is about. */
  async function admitted(actor: AuthUser, id: number, action: RefinancingMachineAction) {
    assertCan(actor, `refinancing.${action}`);
    return visibleRefinancing(db, actor, id);
  }

  /** One move in its own transaction, answered with the refreshed detail and `message`. */
  async function moveAndAnswer(
    actor: AuthUser,
    move: Omit<RefinancingMove, 'actor'>,
    message: (folio: string) => string,
    after?: (tx: Tx) => Promise<void>,
  ): Promise<RefinancingActionResponse> {
    return transaction(db, async (tx) => {
      await mover.move(tx, { ...move, actor });
      if (after) await after(tx);
      const data = await followUpDetail(tx, actor, move.refinancingId, true);
      // The answer commits with the move (decision 072): a retry after a crash replays it (POST routes only).
      return answerWithin(tx, 200, { data, message: message(data.folio) });
    });
  }

  /** The same under the credit line's lock (the moves that change what the line holds). */
  async function moveUnderLineLock(
    actor: AuthUser,
    creditLine: string,
    move: Omit<RefinancingMove, 'actor'>,
    message: (folio: string) => string,
    after?: (tx: Tx) => Promise<void>,
  ): Promise<RefinancingActionResponse> {
    return withCreditLineLock({ db, creditLines }, creditLine, async (tx) => {
      await mover.move(tx, { ...move, actor });
      if (after) await after(tx);
      const data = await followUpDetail(tx, actor, move.refinancingId, true);
      return answerWithin(tx, 200, { data, message: message(data.folio) });
    });
  }

  /**
   * PATCH /refinancings/{id}/set-status: 3 = Evidencia completa (from 1 or 2) or Enviar (from 4, back to the
   * administrator); 5 = Enviar a FinBe (documents and e-signature: the signing dependency).
   */
  async function setStatus(actor: AuthUser, id: number, body: SetRefinancingStatusRequest, requestId: string) {
    if (body.status === REFINANCING_STATUS.SENT_TO_SIGN) {
      assertCan(actor, 'refinancing.sendToFinbe');
      await visibleRefinancing(db, actor, id);
      return signing.sendToFinbe(actor, id, body.version, requestId);
    }
    const found = await visibleRefinancing(db, actor, id);
    const action = found.refinancing.status === REFINANCING_STATUS.ACCEPTED ? 'send' : 'evidenceComplete';
    assertCan(actor, `refinancing.${action}`);
    return moveAndAnswer(
      actor,
      { refinancingId: id, action, expectedVersion: body.version, requestId },
      () => REFINANCING_MESSAGES.unitsSent,
    );
  }

  /** POST /refinancings/send-units (Enviar at 4 → 3). */
  async function sendUnits(actor: AuthUser, body: { refinancingId: number; version: number }, requestId: string) {
    await admitted(actor, body.refinancingId, 'send');
    return moveAndAnswer(
      actor,
      {
        refinancingId: body.refinancingId,
        action: 'send',
        expectedVersion: body.version,
        requestId,
      },
      () => REFINANCING_MESSAGES.unitsSent,
    );
  }

  /** The body names each of the refinancing's units at most once, and none of another (never half applied). */
  function matchUnits<T extends { id: number }>(units: { id: number }[], body: T[], all: boolean) {
    const ours = new Set(units.map((unit) => unit.id));
    const named = new Set(body.map((unit) => unit.id));
    if (named.size !== body.length || body.some((unit) => !ours.has(unit.id)) || (all && named.size !== ours.size)) {
      throw new AppError(AppErrorCode.UNITS_MISMATCH, { message: REFINANCING_MESSAGES.unitNotInRefinancing });
    }
  }

  /** PATCH /refinancings/{id}/confirm-units (type 2 at 3): per unit Sí (1) / No (2), comment and the checks seen. */
  async function confirmUnits(actor: AuthUser, id: number, body: ConfirmRefinancingUnitsRequest, requestId: string) {
    await admitted(actor, id, 'confirmUnits');
    return moveAndAnswer(
      actor,
      {
        refinancingId: id,
        action: 'confirmUnits',
        expectedVersion: body.version,
        details: {
          approved: body.units.filter((unit) => unit.status === REFINANCING_UNIT_VERDICT.APPROVED).length,
          disapproved: body.units.filter((unit) => unit.status === REFINANCING_UNIT_VERDICT.DISAPPROVED).length,
        },
        requestId,
      },
      () => REFINANCING_MESSAGES.unitsUpdated,
      async (tx) => {
        matchUnits(await repo.lockUnitsOf(tx, id), body.units, false);
        for (const unit of body.units) {
          await repo.setUnitReview(tx, unit.id, {
            status: unit.status,
            comment: unit.comment,
            ...(unit.validAx !== undefined && { validAx: unit.validAx }),
            ...(unit.validRepuve !== undefined && {
              validRepuve: unit.validRepuve,
            }),
            ...(unit.validTransunion !== undefined && {
              validTransunion: unit.validTransunion,
            }),
          });
        }
      },
    );
  }

  /** POST /refinancings/{id}/confirm (Confirmar, type 2): a unit said No → 2, else stays 3 validated. */
  async function confirm(actor: AuthUser, id: number, body: { version: number }, requestId: string) {
    await admitted(actor, id, 'confirm');
    return moveAndAnswer(
      actor,
      {
        refinancingId: id,
        action: 'confirm',
        expectedVersion: body.version,
        requestId,
      },
      () => REFINANCING_MESSAGES.updated,
    );
  }

  /**
   * POST /refinancings/{id}/accept (Aceptar, type 3 at 3 → 4): the ticked units stay (each by the tick rule: checks
   * valid or approved by the administrator), the others leave the refinancing and their financed units are available
   * again; the total becomes the ticked units' sum (exact cents), re-reserved under the line's lock; the manual folio
   * when chosen.
   */
  async function accept(actor: AuthUser, id: number, body: AcceptRefinancingRequest, requestId: string) {
    const found = await admitted(actor, id, 'accept');
    const r = found.refinancing;
    return withCreditLineLock({ db, creditLines }, r.creditLine, async (tx, locked) => {
      const units = await repo.lockUnitsOf(tx, id);
      const tickedIds = new Set(
        body.units.filter((unit) => unit.status === REFINANCING_UNIT_VERDICT.APPROVED).map((unit) => unit.id),
      );
      const ticked = units.filter((unit) => tickedIds.has(unit.id));
      const dropped = units.filter((unit) => !tickedIds.has(unit.id));
      const total = Money.sum(ticked.map((unit) => Money.of(unit.amount)));
      const useManualFolio = body.useManualFolio;
      const manualFolio = useManualFolio ? (body.manualFolio ?? null) : r.manualFolio;
      // The machine first (who, version, status, admin validation, ≥ 1 ticked unit): its refusal is the answer.
      await mover.move(tx, {
        refinancingId: id,
        action: 'accept',
        actor,
        expectedVersion: body.version,
        entity: { unitCount: ticked.length },
        set: { total: total.toDecimalString(), useManualFolio, manualFolio },
        details: {
          droppedUnits: dropped.length,
          total: total.toDecimalString(),
          ...(useManualFolio && manualFolio ? { manualFolio } : {}),
        },
        requestId,
      });
      matchUnits(units, body.units, true);
      const selected: RefinancingTickUnit[] = [];
      for (const unit of ticked) {
        const refusal = refinancingTickRefusal(unit, selected);
        if (refusal) throw new AppError(AppErrorCode.UNIT_NOT_SELECTABLE, { message: refusal });
        selected.push(unit);
      }
      if (body.total !== undefined && !Money.of(body.total).equals(total)) {
        throw new AppError(AppErrorCode.TOTAL_MISMATCH);
      }
      // The line held the old total (this refinancing is open): the new one replaces it, and must fit.
      const old = Money.of(r.total);
      const withoutThis = locked.reserved.sub(old);
      reserve(
        {
          ...locked,
          reserved: withoutThis,
          available: availableBalance(locked.montoRestante, withoutThis),
        },
        total,
      );
      const comments = new Map(body.units.map((unit) => [unit.id, unit.comment]));
      for (const unit of ticked) {
        const comment = comments.get(unit.id) ?? '';
        if (comment !== '' && comment !== unit.comment) await repo.setUnitComment(tx, unit.id, comment);
      }
      await repo.deleteUnits(
        tx,
        dropped.map((unit) => unit.id),
      );
      return answerWithin(tx, 200, {
        data: await followUpDetail(tx, actor, id, true),
        message: REFINANCING_MESSAGES.updated,
      });
    });
  }

  /** POST /refinancings/{id}/reject (Rechazar, type 3 at 3 → 9): the reason saved; the line holds it no more. */
  async function reject(actor: AuthUser, id: number, body: { version: number; comment: string }, requestId: string) {
    const found = await admitted(actor, id, 'reject');
    return moveUnderLineLock(
      actor,
      found.refinancing.creditLine,
      {
        refinancingId: id,
        action: 'reject',
        expectedVersion: body.version,
        set: { rejectComment: body.comment },
        comment: body.comment,
        requestId,
      },
      (folio) => REFINANCING_MESSAGES.rejected(folio),
    );
  }

  /** The refinancing as a financing operation that closes (financing/closing-kind.ts). */
  const closing: ClosingKind<Awaited<ReturnType<typeof admitted>>, Awaited<ReturnType<typeof followUpDetail>>> = {
    owner: 'refinancing',
    admit: admitted,
    creditLineOf: (found) => found.refinancing.creditLine,
    move: (tx, _found, id, move) =>
      mover.move(tx, {
        refinancingId: id,
        action: move.action,
        actor: move.actor,
        expectedVersion: move.expectedVersion,
        ...(move.set && { set: move.set }),
        ...(move.details && { details: move.details }),
        requestId: move.requestId,
      }),
    async afterClose(tx, id, action, now) {
      // Released units hold their amounts until the CRM lists them (decision 055); both close the units (057).
      await repo.queueCrmInsertions(tx, id, now, action === 'release' ? 'released' : 'queued');
      const reached = action === 'release' ? REFINANCING_STATUS.RELEASED : REFINANCING_STATUS.AUTHORIZED;
      if (refinancingUsesUpUnits(reached)) await repo.useUpRefinancedUnits(tx, id);
    },
    detail: (tx, actor, _found, id) => followUpDetail(tx, actor, id, true),
  };

  return {
    detail: (actor: AuthUser, id: number) => followUpDetail(db, actor, id),
    followUpDetail,
    setStatus,
    sendUnits,
    confirmUnits,
    confirm,
    accept,
    reject,
    /** POST /refinancings/{id}/release (Liberar, types 1 and 3 at 6 or 7 → 10). */
    release: (actor: AuthUser, id: number, body: { version: number }, requestId: string) =>
      releaseFinancing(closing, deps, actor, id, body, requestId),
    /** POST /refinancings/{id}/send-crm (Enviar a CRM, types 1 and 3 at 6 or 7 → 8). */
    sendToCrm: (actor: AuthUser, id: number, body: { approvedDate: string; version: number }, requestId: string) =>
      sendFinancingToCrm(closing, deps, actor, id, body, requestId),
    /** PATCH /refinancings/{id}/update-folio (types 1 and 3 at 4 and above). */
    updateFolio: (actor: AuthUser, id: number, body: { manualFolio: string; version: number }, requestId: string) =>
      updateFinancingFolio(closing, deps, actor, id, body, requestId),
    unitsXlsx: (actor: AuthUser, id: number) => refinancingUnitsXlsx(deps, actor, id),
    review: (actor: AuthUser, query: RefinancingReviewQuery) => refinancingReviewList(db, actor, query),
  };
}

export type RefinancingFlows = ReturnType<typeof createRefinancingFlows>;
