import { addSheetRow, newWorkbook } from '../../platform/spreadsheet';
import {
  INSERTION_STATUS_RELEASED,
  Money,
  PROVISION_LENDER_MESSAGES,
  PROVISION_STATUS,
  PROVISION_TRANSITIONS,
  PROVISION_UNITS_XLSX_COLUMNS,
  availableBalance,
  businessClock,
  confirmationBalances,
  provisionClosed,
  reservesBalance,
  provisionActionsFor,
  provisionConfirmed,
  provisionRejected,
  provisionUnitsXlsxName,
  unitNotSelectable,
  unitSelectable,
  unitsInReviewCount,
  unitsReturningToReview,
  type ConfirmRejectRequest,
  type ProvisionFollowUpDetail,
  type ProvisionMachineAction,
  type ProvisionTimelineEntry,
  type ReleaseRequest,
  type SendToCrmRequest,
  type UpdateFolioRequest,
  shownFolio,
} from '@planpiso/domain';
import type { Executor, Tx } from '../../db/client';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { transaction } from '../../platform/transaction';
import * as creditLinesRepo from '../credit-lines/repository';
import type { CreditLinesService } from '../credit-lines/service';
import type { NotificationsService } from '../notifications/service';
import { assertOperatingWindow } from '../provision-settings/operating-window';
import * as lenderRepo from './lender-repository';
import { provisionScopeOf, type ProvisionScope } from './policy';
import { presentDetail } from './presenter';
import * as repo from './repository';
import { createProvisionMover } from './transitions';

export type ProvisionLenderActions = ReturnType<typeof createProvisionLenderActions>;

const refused = (code: string, message: string, status = 422) => new AppError(code, status, message);

/** The number users quote once the move is written: the manual folio when in use (spec 3 §2 "N° de Disposición"). */

/** Check codes of unit_validations (spec 3 §3: 1 REPUVE, 2 TransUnion, 3 AX) as the timeline names them. */
const CHECK_NAMES: Record<number, string> = { 1: 'REPUVE', 2: 'TransUnion', 3: 'AX', 4: 'Factura' };

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

  /** 403 when no row of the action names the caller's type (PROVISION_TRANSITIONS' `who`). */
  function assertMayTake(actor: AuthUser, action: ProvisionMachineAction) {
    const rows = PROVISION_TRANSITIONS.filter((row) => row.action === action);
    if (!rows.some((row) => (row.who as readonly number[]).includes(actor.type))) throw forbidden();
  }

  /** Who, scope and window, in that order; returns the scope and the provision as the caller sees it. */
  async function admitted(actor: AuthUser, id: number, action: ProvisionMachineAction) {
    assertMayTake(actor, action);
    const scope = provisionScopeOf(actor);
    const found = await repo.findProvision(db, scope, id);
    if (!found) throw notFound();
    await assertOperatingWindow(db, clock.now());
    return { scope, found };
  }

  /** The line's row must exist to be locked; one never read (a provision older than the line cache) is read once. */
  async function ensureLine(crmLineId: string) {
    if (!(await creditLinesRepo.findCreditLine(db, crmLineId))) await creditLines.refreshFromCrm(crmLineId);
  }

  /** The provision's row, locked for the rest of `tx`, with the names the mover's notices use. */
  async function locked(tx: Tx, scope: ProvisionScope, id: number, companyName: string) {
    const row = await repo.lockProvision(tx, scope, id);
    if (!row) throw notFound();
    return { row, moveRow: { ...row, folio: shownFolio(row), companyName } };
  }

  async function followUpDetail(
    executor: Executor,
    actor: AuthUser,
    scope: ProvisionScope,
    id: number,
  ): Promise<ProvisionFollowUpDetail> {
    const found = await repo.findProvision(executor, scope, id);
    if (!found) throw notFound();
    const { provision } = found;
    // One after the other: inside a transaction (a move answers with this detail) they share one client, which runs
    // one query at a time — pg warns of queries queued on a busy client and pg 9 refuses them.
    const units = await repo.unitsOf(executor, id);
    const evidences = await repo.evidencesOf(executor, id);
    const signingDocuments = await lenderRepo.countSigningDocuments(executor, id);
    const detail = presentDetail(found, units, evidences);
    const deadlinesOf = new Map(units.map((unit) => [unit.id, unit.deadlines ?? provision.deadlines]));
    // A closed provision shows its balances at Confirmar, never the line's live ones (decision 054).
    let balances: ProvisionFollowUpDetail['balances'] = null;
    if (!provisionClosed(provision.status)) {
      const line = await creditLinesRepo.findCreditLine(executor, provision.creditLine);
      const reserved = await creditLinesRepo.reservedOnLine(executor, provision.creditLine);
      if (line) {
        balances = {
          remaining: Money.of(line.montoRestante).toDecimalString(),
          available: availableBalance(Money.of(line.montoRestante), Money.of(reserved)).toDecimalString(),
          known: true,
        };
      }
    }
    const confirmedBalances =
      provision.confirmedAvailable !== null && provision.confirmedRemaining !== null && provision.confirmedAt
        ? {
            available: Money.of(provision.confirmedAvailable).toDecimalString(),
            remaining: Money.of(provision.confirmedRemaining).toDecimalString(),
            at: provision.confirmedAt.toISOString(),
          }
        : null;
    return {
      ...detail,
      units: detail.units.map((unit) => ({ ...unit, deadlines: deadlinesOf.get(unit.id) ?? null })),
      actions: provisionActionsFor(actor.type, provision.status),
      unitsInReview: unitsInReviewCount(detail.units),
      balances,
      confirmedBalances,
      signingDocuments,
      approvedDate: provision.approvedDate,
    };
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
    await ensureLine(found.provision.creditLine);
    return creditLines.withLockedCreditLine(db, found.provision.creditLine, async (tx, line) => {
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
          throw refused('UNITS_MISMATCH', PROVISION_LENDER_MESSAGES.unitsMismatch);
        }
        const blocked = included.find(
          (unit) =>
            !unitSelectable({
              id: unit.id,
              status: unit.status,
              reviewAF: unit.reviewAf,
              invoiceDate: unit.invoiceDate,
              validation: {
                validInvoice: unit.validInvoice,
                validRepuve: unit.validRepuve,
                validTransunion: unit.validTransunion,
                validAx: unit.validAx,
              },
            }),
        );
        if (blocked) throw refused('UNIT_NOT_SELECTABLE', unitNotSelectable(blocked.vinNumber));
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
      return {
        data: await followUpDetail(tx, actor, scope, id),
        message: confirm ? provisionConfirmed(folio) : provisionRejected(folio),
      };
    });
  }

  /**
   * Liberar (status 10, spec 3 §4 "Liberate without CRM"): the units are financed outside the insertion cycle. Each
   * included unit keeps holding its amount (a 'released' insertion row, decision 055) until the release
   * reconciliation sees the CRM list its credit: the money stays consumed until the CRM's remaining amount has it.
   */
  async function release(actor: AuthUser, id: number, body: ReleaseRequest, requestId: string) {
    const { scope, found } = await admitted(actor, id, 'release');
    await ensureLine(found.provision.creditLine);
    return creditLines.withLockedCreditLine(db, found.provision.creditLine, async (tx) => {
      const { moveRow } = await locked(tx, scope, id, found.company.name);
      const unitCount = await repo.countUnitsOf(tx, id);
      await mover.move(tx, {
        action: 'release',
        actor,
        row: moveRow,
        unitCount,
        expectedVersion: body.version,
        requestId,
      });
      await lenderRepo.queueCrmInsertions(tx, id, clock.now(), INSERTION_STATUS_RELEASED);
      return { data: await followUpDetail(tx, actor, scope, id), message: PROVISION_LENDER_MESSAGES.released };
    });
  }

  /**
   * Send to CRM (status 8, spec 3 §4): the start date saved and one queued CRM insertion per included unit, in the
   * same transaction; the insertion cycle job (jobs/crm-insertion.ts) inserts them through the CRM adapter and a
   * refusal becomes a credit failure. No call to the CRM here.
   */
  async function sendToCrm(actor: AuthUser, id: number, body: SendToCrmRequest, requestId: string) {
    const { scope, found } = await admitted(actor, id, 'sendToCrm');
    await ensureLine(found.provision.creditLine);
    return creditLines.withLockedCreditLine(db, found.provision.creditLine, async (tx) => {
      const { moveRow } = await locked(tx, scope, id, found.company.name);
      const unitCount = await repo.countUnitsOf(tx, id);
      await mover.move(tx, {
        action: 'sendToCrm',
        actor,
        row: moveRow,
        unitCount,
        expectedVersion: body.version,
        set: { approvedDate: body.approvedDate },
        details: { approvedDate: body.approvedDate },
        requestId,
      });
      await lenderRepo.queueCrmInsertions(tx, id, clock.now());
      return { data: await followUpDetail(tx, actor, scope, id), message: PROVISION_LENDER_MESSAGES.sentToCrm };
    });
  }

  /** Actualizar folio (spec 3 §5): the manual folio from now on; documents already generated keep theirs. */
  async function updateFolio(actor: AuthUser, id: number, body: UpdateFolioRequest, requestId: string) {
    const { scope, found } = await admitted(actor, id, 'updateFolio');
    return transaction(db, async (tx) => {
      const { moveRow } = await locked(tx, scope, id, found.company.name);
      const unitCount = await repo.countUnitsOf(tx, id);
      await mover.move(tx, {
        action: 'updateFolio',
        actor,
        row: { ...moveRow, folio: body.manualFolio },
        unitCount,
        expectedVersion: body.version,
        set: { useManualFolio: true, manualFolio: body.manualFolio },
        details: { manualFolio: body.manualFolio },
        requestId,
      });
      return { data: await followUpDetail(tx, actor, scope, id), message: PROVISION_LENDER_MESSAGES.folioUpdated };
    });
  }

  /** The units as an XLSX (spec 3 §2 "Descargar XLSX"): 'Unidades (DD-MM-YYYY).xlsx', Mexico City's day. */
  async function unitsXlsx(actor: AuthUser, id: number): Promise<{ bytes: Buffer; fileName: string }> {
    const found = await repo.findProvision(db, provisionScopeOf(actor), id);
    if (!found) throw notFound();
    const units = await repo.unitsOf(db, id);
    const { workbook, sheet } = newWorkbook('Unidades', PROVISION_UNITS_XLSX_COLUMNS, clock.now());
    for (const unit of units) {
      // The amount a number with the amount format (a spreadsheet sums it); text cells never start a formula.
      addSheetRow(sheet, [
        unit.vinNumber,
        unit.model,
        unit.motorNumber,
        unit.brandName,
        unit.type,
        unit.description,
        unit.color,
        unit.insideColor,
        unit.agency,
        Money.of(unit.amount),
        unit.included ? 'Sí' : 'No',
      ]);
    }
    sheet.columns.forEach((column) => (column.width = 20));
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    return { bytes, fileName: provisionUnitsXlsxName(businessClock(clock.now()).day) };
  }

  /**
   * The provision's history (issue 17 "Timeline"): its audit rows (creation, edits and every move of the machine,
   * with who, the statuses and what the user wrote) merged with its units' validation results, oldest first.
   */
  async function timeline(actor: AuthUser, id: number): Promise<ProvisionTimelineEntry[]> {
    const found = await repo.findProvision(db, provisionScopeOf(actor), id);
    if (!found) throw notFound();
    const [audits, validations] = await Promise.all([
      lenderRepo.provisionAudit(db, id),
      lenderRepo.provisionValidations(db, id),
    ]);
    const person = (row: { actorId: number | null; actorName: string | null; actorEmail: string | null }) =>
      row.actorId === null ? null : { id: row.actorId, name: row.actorName ?? row.actorEmail ?? '' };
    const entries: (ProvisionTimelineEntry & { sortKey: number })[] = [];
    for (const row of audits) {
      const before = (row.before ?? {}) as Record<string, unknown>;
      const after = (row.after ?? {}) as Record<string, unknown>;
      const status = (value: unknown) => (typeof value === 'number' ? value : null);
      const details: NonNullable<ProvisionTimelineEntry['details']> = {};
      if (typeof after.manualFolio === 'string') details.manualFolio = after.manualFolio;
      if (typeof after.approvedDate === 'string') details.approvedDate = after.approvedDate;
      if (typeof after.excludedUnits === 'number') details.excludedUnits = after.excludedUnits;
      entries.push({
        at: row.at.toISOString(),
        actor: person(row),
        action: timelineAction(row.action),
        fromStatus: status(before.status),
        toStatus: status(after.status),
        ...(typeof after.comment === 'string' && { comment: after.comment }),
        ...(Object.keys(details).length > 0 && { details }),
        sortKey: row.at.getTime(),
      });
    }
    for (const row of validations) {
      entries.push({
        at: row.at.toISOString(),
        actor: person(row),
        action: 'validation',
        fromStatus: null,
        toStatus: null,
        details: {
          check: CHECK_NAMES[row.check] ?? String(row.check),
          vinNumber: row.vin,
          valid: row.valid,
          reason: row.reason || null,
        },
        sortKey: row.at.getTime(),
      });
    }
    // A stable sort: at equal times the audit rows (read first) stay before the validations.
    return entries.sort((x, y) => x.sortKey - y.sortKey).map(({ sortKey: _, ...entry }) => entry);
  }

  return {
    confirmReject,
    release,
    sendToCrm,
    updateFolio,
    unitsXlsx,
    timeline,
    get: (actor: AuthUser, id: number) => followUpDetail(db, actor, provisionScopeOf(actor), id),
  };
}

/** 'provisions.confirm' → 'confirm'; the dealer's saves by the machine's names ('create', 'createAndSend', 'edit'). */
function timelineAction(action: string): string {
  const name = action.replace(/^provisions\./, '');
  if (name === 'created') return 'create';
  if (name === 'created-and-sent') return 'createAndSend';
  if (name === 'updated') return 'edit';
  return name;
}
