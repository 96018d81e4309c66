import {
  INSERTION_STATUS_RELEASED,
  Money,
  PROVISION_LENDER_MESSAGES,
  PROVISION_STATUS,
  confirmationBalances,
  reservesBalance,
  provisionConfirmed,
  provisionRejected,
  unitNotSelectable,
  unitSelectable,
  unitsReturningToReview,
  type ConfirmRejectRequest,
  type ProvisionDetailQuery,
  type ProvisionMachineAction,
  type ProvisionTimelinePageQuery,
  type ProvisionUnitsPageQuery,
  type ReleaseRequest,
  type SendToCrmRequest,
  type UpdateFolioRequest,
  shownFolio,
  AppErrorCode,
} from '@planpiso/domain';
import type { Tx } from '../../db/client';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { assertCan } from '../../platform/can';
import { AppError, notFound } from '../../platform/errors';
import { answerWithin } from '../../platform/idempotency';
import type { CreditLinesService } from '../credit-lines';
import type { ClosingKind } from '../financing';
import { releaseFinancing } from '../financing';
import { sendFinancingToCrm } from '../financing';
import { updateFinancingFolio } from '../financing';
import { withCreditLineLock } from '../financing';
import type { NotificationsService } from '../notifications';
import { assertOperatingWindow } from '../provision-settings';
import { followUpDetail, followUpUnitsPage } from './lender-follow-up';
import * as lenderRepo from './lender-repository';
import { provisionTimeline, provisionTimelinePage } from './lender-timeline';
import { presentValidation } from './presenter';
import { provisionUnitsXlsx } from './lender-units-xlsx';
import { provisionScopeOf, type ProvisionScope } from './policy';
import * as repo from './repository';
import { createProvisionMover } from './transitions';

export type ProvisionLenderActions = ReturnType<typeof createProvisionLenderActions>;

/**
 * The lender's actions on a provision and the follow-up page's reads (spec 3 §2 "Follow-up", §4, §5, §7; issue 17;
 * decision 036). Every action: the machine's `who` (403 before anything is read), the caller's scope (404), the
 * operating window, then one transaction in which the mover (transitions.ts) checks status and version, writes the
 * status, its notifications and its audit row. The moves that change what the line holds (Confirmar, Rechazar,
 * Liberar, send to CRM) run under the credit line's lock, as every reservation does (decision 015).
 */
export function createProvisionLenderActions(
  deps: Pick<AppDeps, 'db' | 'adapters' | 'clock'>,
  creditLines: CreditLinesService,
  notifications: NotificationsService,
) {
  const { db, clock } = deps;
  const mover = createProvisionMover({ notifications, clock });

  /**
   * Who (`can` without the row: 403 before anything is read), scope and window, in that order; returns the scope and
   * the provision as the caller sees it.
   */
  async function admitted(actor: AuthUser, id: number, action: ProvisionMachineAction) {
    assertCan(actor, `provision.${action}`);
    const scope = provisionScopeOf(actor);
    const found = await repo.findProvision(db, scope, id);
    if (!found) throw notFound();
    await assertOperatingWindow(db, clock.now());
    return { scope, found };
  }

  /** The provision's row, locked for the rest of `tx`, with the names the mover's notices use. */
  async function locked(tx: Tx, scope: ProvisionScope, id: number, companyName: string) {
    const row = await repo.lockProvision(tx, scope, id);
    if (!row) throw notFound();
    return { row, moveRow: { ...row, folio: shownFolio(row), companyName } };
  }

  /**
   * Confirmar (status 4) or Rechazar (status 9), spec 3 §4, §5. Confirmar keeps the units the body marks `included`
   * (at least one, each selectable by the §4 rule), recomputes the total from them so the excluded ones stop holding
   * balance, and saves the manual folio when asked. Rechazar sends every unit back to its dealer, under review.
   */
  async function confirmReject(actor: AuthUser, id: number, body: ConfirmRejectRequest, requestId: string) {
    const confirm = body.status === PROVISION_STATUS.ACCEPTED;
    const action = confirm ? 'confirm' : 'reject';
    const { scope, found } = await admitted(actor, id, action);
    return withCreditLineLock({ db, creditLines }, found.provision.creditLine, async (tx, line) => {
      const { row, moveRow } = await locked(tx, scope, id, found.company.name);
      const units = await repo.unitsOf(tx, id);
      const wanted = new Map(body.units.map((unit) => [unit.id, unit.included]));
      const included = units.filter((unit) => wanted.get(unit.id) === true);
      const useManualFolio = confirm ? body.useManualFolio : row.useManualFolio;
      const manualFolio = confirm && body.useManualFolio ? (body.manualFolio ?? null) : row.manualFolio;
      const folio = shownFolio({ folio: row.folio, useManualFolio, manualFolio });
      const total = Money.sum(included.map((unit) => Money.of(unit.amount)));
      // The balances as they stand once confirmed, under the line's lock: what a closed provision shows (decision
      // 054). The line's holds include this provision's own, its total before the confirmation (status 3 holds it).
      const ownHeld = reservesBalance(row.status) ? Money.of(row.total) : Money.zero;
      const snapshot = confirmationBalances(line, ownHeld, total);
      await mover.move(tx, {
        action,
        actor,
        row: { ...moveRow, folio },
        unitCount: confirm ? included.length : units.length,
        expectedVersion: body.version,
        set: confirm
          ? {
              useManualFolio,
              manualFolio,
              total: total.toDecimalString(),
              confirmedAvailable: snapshot.available.toDecimalString(),
              confirmedRemaining: snapshot.remaining.toDecimalString(),
              confirmedAt: clock.now(),
            }
          : {},
        details: confirm
          ? {
              excludedUnits: units.length - included.length,
              ...(useManualFolio && manualFolio ? { manualFolio } : {}),
            }
          : { unitsSentToReview: units.length },
        requestId,
      });
      const kept = new Set(included.map((unit) => unit.id));
      const backToReview = unitsReturningToReview(
        action,
        units.map((unit) => ({ id: unit.id, included: confirm ? kept.has(unit.id) : unit.included })),
      );
      if (confirm) {
        // The body names the provision's units only (a stale or foreign list is refused, never half applied).
        const ours = new Set(units.map((unit) => unit.id));
        if (body.units.some((unit) => !ours.has(unit.id)) || wanted.size !== body.units.length) {
          throw new AppError(AppErrorCode.UNITS_MISMATCH, { message: PROVISION_LENDER_MESSAGES.unitsMismatch });
        }
        const blocked = included.find(
          (unit) =>
            !unitSelectable({
              id: unit.id,
              status: unit.status,
              reviewAF: unit.reviewAf,
              invoiceDate: unit.invoiceDate,
              validation: presentValidation(unit),
            }),
        );
        if (blocked)
          throw new AppError(AppErrorCode.UNIT_NOT_SELECTABLE, { message: unitNotSelectable(blocked.vinNumber) });
        await lenderRepo.setUnitsIncluded(
          tx,
          id,
          included.map((unit) => unit.id),
        );
      }
      // Rechazar sends every unit back to the dealer; Confirmar the ones it leaves out (decision 054).
      await lenderRepo.sendUnitsToReview(
        tx,
        id,
        backToReview.map((unit) => unit.id),
        row.registerBy,
      );
      // The answer commits with the move (decision 072): a retry with the same Idempotency-Key after a process died
      // between the commit and its answer replays it, rather than meeting its own move as a 409 STALE_VERSION.
      return answerWithin(tx, 200, {
        data: await followUpDetail(tx, actor, scope, id),
        message: confirm ? provisionConfirmed(folio) : provisionRejected(folio),
      });
    });
  }

  /** The provision as a financing operation that closes (financing/closing-kind.ts). */
  const closing: ClosingKind<Awaited<ReturnType<typeof admitted>>, Awaited<ReturnType<typeof followUpDetail>>> = {
    owner: 'provision',
    admit: admitted,
    creditLineOf: ({ found }) => found.provision.creditLine,
    async move(tx, { scope, found }, id, move) {
      const { moveRow } = await locked(tx, scope, id, found.company.name);
      const unitCount = await repo.countUnitsOf(tx, id);
      await mover.move(tx, {
        action: move.action,
        actor: move.actor,
        row: move.folio === undefined ? moveRow : { ...moveRow, folio: move.folio },
        unitCount,
        expectedVersion: move.expectedVersion,
        ...(move.set && { set: move.set }),
        ...(move.details && { details: move.details }),
        requestId: move.requestId,
      });
    },
    async afterClose(tx, id, action, now) {
      // Liberar: 'released' rows, held until the CRM lists the credits (decision 055); Enviar a CRM: queued ones.
      await lenderRepo.queueCrmInsertions(tx, id, now, action === 'release' ? INSERTION_STATUS_RELEASED : 'queued');
    },
    detail: (tx, actor, { scope }, id) => followUpDetail(tx, actor, scope, id),
  };

  return {
    confirmReject,
    release: (actor: AuthUser, id: number, body: ReleaseRequest, requestId: string) =>
      releaseFinancing(closing, { ...deps, creditLines }, actor, id, body, requestId),
    sendToCrm: (actor: AuthUser, id: number, body: SendToCrmRequest, requestId: string) =>
      sendFinancingToCrm(closing, { ...deps, creditLines }, actor, id, body, requestId),
    updateFolio: (actor: AuthUser, id: number, body: UpdateFolioRequest, requestId: string) =>
      updateFinancingFolio(closing, deps, actor, id, body, requestId),
    unitsXlsx: (actor: AuthUser, id: number) => provisionUnitsXlsx(deps, actor, id),
    timeline: (actor: AuthUser, id: number) => provisionTimeline(db, actor, id),
    timelinePage: (actor: AuthUser, id: number, query: ProvisionTimelinePageQuery) =>
      provisionTimelinePage(db, actor, id, query),
    get: (actor: AuthUser, id: number, query?: ProvisionDetailQuery) =>
      followUpDetail(db, actor, provisionScopeOf(actor), id, query),
    unitsPage: (actor: AuthUser, id: number, query: ProvisionUnitsPageQuery) => followUpUnitsPage(db, actor, id, query),
  };
}
