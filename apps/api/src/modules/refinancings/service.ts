import {
  MESSAGES,
  Money,
  REFINANCING_MESSAGES,
  REFINANCING_STATUS,
  parseTerms,
  refinancingCreditLineTerms,
  refinancingSelectionRefusal,
  type CreateRefinancingRequest,
  type RefinancingListQuery,
  type RefinancingUnitsQuery,
  AppErrorCode,
} from '@planpiso/domain';
import { writeAudit } from '../../platform/audit';
import { assertCan } from '../../platform/can';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { pageWindow } from '../../platform/listing';
import { transaction } from '../../platform/transaction';
import * as provisionsRepo from '../provisions';
import { assertNotHeldBySoldOutOfTrust } from '../audits';
import { reserve, type CreditLinesService } from '../credit-lines';
import { refinancingScopeOf, visibleRefinancingStatuses } from './policy';
import * as repo from './repository';
import * as sourceUnitsRepo from './source-units-repository';
import { unitDescriptionOf } from '../financing';
import { answerWithin } from '../../platform/idempotency';

const iso = (date: Date) => date.toISOString();

/**
 * Refinancings, the server side of issue 19 (spec 3 §2, §3, §4, §5, §7; docs/decisions/044): the units available
 * for refinancing and their term / sold toggles, the create under the credit line's lock (the provisions'
 * no-overdraw, decision 015) and the list with the visibility per type (the detail and its flows: flows.ts).
 */
export function createRefinancingsService(deps: Pick<AppDeps, 'db' | 'clock'> & { creditLines: CreditLinesService }) {
  const { db, clock, creditLines } = deps;

  async function availableUnits(actor: AuthUser, query: RefinancingUnitsQuery) {
    const { rows, total } = await sourceUnitsRepo.availableUnits(
      db,
      refinancingScopeOf(actor),
      query,
      pageWindow(query),
    );
    return { items: rows.map((row) => ({ ...row, createdAt: iso(row.createdAt) })), total };
  }

  /** PATCH /units/{id}/set-deadlines and /set-sold: 'La unidad con vin:[x] se actualizo correctamente.' */
  async function updateUnit(
    actor: AuthUser,
    unitId: number,
    change: { deadlines: number } | { isSold: boolean },
    requestId: string,
  ) {
    const scope = refinancingScopeOf(actor);
    return transaction(db, async (tx) => {
      const unit = await sourceUnitsRepo.findFinancedUnit(tx, scope, unitId);
      if (!unit) throw notFound();
      const updated = await sourceUnitsRepo.updateUnit(tx, unitId, change);
      await writeAudit(tx, {
        actor: actor.id,
        action: 'deadlines' in change ? 'units.deadlines-set' : 'units.sold-set',
        entity: 'provision_unit',
        entityId: unitId,
        before: { deadlines: unit.deadlines, isSold: unit.isSold },
        after: { deadlines: updated.deadlines, isSold: updated.isSold },
        requestId,
      });
      return { data: updated, message: REFINANCING_MESSAGES.unitUpdated(unit.vinNumber) };
    });
  }

  async function create(actor: AuthUser, body: CreateRefinancingRequest, requestId: string) {
    assertCan(actor, 'refinancing.create');
    if (!actor.accountId) throw new AppError(AppErrorCode.USER_WITHOUT_ACCOUNT);
    if (!actor.companyId) throw new AppError(AppErrorCode.USER_WITHOUT_COMPANY);
    if (body.companyId !== actor.companyId || body.accountId !== actor.accountId || body.registerBy !== actor.id) {
      throw new AppError(AppErrorCode.COMPANY_NOT_ASSIGNED);
    }
    const company = await provisionsRepo.findCompany(db, body.companyId);
    if (!company || company.accountId !== actor.accountId) {
      throw new AppError(AppErrorCode.COMPANY_NOT_ASSIGNED);
    }
    // Units sold out of trust hold the company's refinancings as they hold its provisions (issue 29 §2).
    await assertNotHeldBySoldOutOfTrust({ db, clock }, company.id);
    if (!(await provisionsRepo.findAssignedBranch(db, actor.id, body.agencyId, company.id))) {
      throw new AppError(AppErrorCode.AGENCY_NOT_ASSIGNED, { message: MESSAGES.forbidden });
    }
    if (!(await provisionsRepo.findLegalRepresentative(db, body.legalId, company.id))) {
      throw new AppError(AppErrorCode.LEGAL_NOT_IN_COMPANY, { message: MESSAGES.forbidden });
    }
    const unitIds = [...new Set(body.units.map((u) => u.unitId))];
    if (unitIds.length !== body.units.length) throw badRequest(MESSAGES.badRequest);
    // The CRM's line, outside any transaction (decision 015); a line of another client is not found.
    const line = await creditLines.refreshFromCrm(body.creditLine);
    if (line.clientNumber !== company.clientId) throw notFound(MESSAGES.creditLineNotFound);
    if (refinancingCreditLineTerms(parseTerms(line.plazos)).length === 0) {
      throw new AppError(AppErrorCode.TERM_NOT_IN_LINE, { message: REFINANCING_MESSAGES.creditLineTermNotAllowed });
    }

    return creditLines.withLockedCreditLine(db, line.crmLineId, async (tx, locked) => {
      const units = await sourceUnitsRepo.lockUnitsForCreate(tx, unitIds);
      const byId = new Map(units.map((u) => [u.id, u]));
      const ordered = unitIds.map((id) => byId.get(id));
      for (const unit of ordered) {
        // Someone else's unit is as unknown as a missing one.
        if (!unit || unit.companyId !== company.id) throw notFound();
        if (unit.inOpenRefinancing) {
          throw new AppError(AppErrorCode.UNIT_IN_OPEN_REFINANCING, {
            message: REFINANCING_MESSAGES.unitInOpenRefinancing(unit.vinNumber),
          });
        }
        if (!unit.refinanceable) {
          throw new AppError(AppErrorCode.UNIT_NOT_AVAILABLE, {
            message: REFINANCING_MESSAGES.unitNotAvailable(unit.vinNumber),
          });
        }
      }
      const present = ordered.filter((u) => u !== undefined);
      const tickRefusal = refinancingSelectionRefusal(present.map((u) => ({ ...u, status: 0 })));
      if (tickRefusal) throw new AppError(AppErrorCode.UNITS_NOT_SELECTABLE, { message: tickRefusal });
      if (present[0]!.deadlines !== body.deadlines)
        throw new AppError(AppErrorCode.UNITS_NOT_SELECTABLE, { message: REFINANCING_MESSAGES.mixedTerms });
      const total = Money.of(body.total);
      if (!Money.sum(present.map((u) => Money.of(u.amount))).equals(total)) {
        throw new AppError(AppErrorCode.TOTAL_MISMATCH);
      }
      // The spec's 'El monto total supera el saldo restante' when it does not fit (422 BALANCE_EXCEEDED).
      reserve(locked, total);

      const now = clock.now();
      const refinancing = await repo.insertRefinancing(tx, {
        status: REFINANCING_STATUS.CREATED,
        accountId: company.accountId,
        companyId: company.id,
        agencyId: body.agencyId,
        legalId: body.legalId,
        creditLine: locked.crmLineId,
        typeLine: body.typeLine,
        deadlines: body.deadlines,
        requireEvidences: body.requireEvidences,
        reviewAf: body.reviewAF,
        total: total.toDecimalString(),
        registerBy: actor.id,
        createdAt: now,
        updatedAt: now,
      });
      const comments = new Map(body.units.map((u) => [u.unitId, u.comment]));
      // The copies (spec 3 §3): the unit's description and checks, without its provision, dates and inclusion.
      await repo.insertRefinancingUnits(
        tx,
        present.map((u) => ({
          refinancingId: refinancing.id,
          sourceUnitId: u.id,
          ...unitDescriptionOf(u),
          amount: u.amount,
          deadlines: u.deadlines!,
          validRepuve: u.validRepuve,
          validTransunion: u.validTransunion,
          validAx: u.validAx,
          reviewAf: body.reviewAF,
          status: 0,
          comment: comments.get(u.id) ?? '',
          isSold: u.isSold,
          createdAt: now,
        })),
      );
      const folio = String(refinancing.folio);
      await writeAudit(tx, {
        actor: actor.id,
        action: 'refinancings.created',
        entity: 'refinancing',
        entityId: refinancing.id,
        after: {
          folio,
          status: refinancing.status,
          creditLine: refinancing.creditLine,
          total: refinancing.total,
          units: unitIds,
        },
        requestId,
      });
      // The answer commits with the refinancing (decision 072): a retry after a lost answer replays it.
      return answerWithin(tx, 201, {
        data: { id: refinancing.id, folio, status: refinancing.status },
        message: REFINANCING_MESSAGES.created(folio),
      });
    });
  }

  async function list(actor: AuthUser, query: RefinancingListQuery) {
    const { rows, total } = await repo.listRefinancings(
      db,
      refinancingScopeOf(actor),
      visibleRefinancingStatuses(actor),
      query,
      pageWindow(query),
    );
    return { items: rows.map((row) => ({ ...row, createdAt: iso(row.createdAt) })), total };
  }

  return { availableUnits, updateUnit, create, list };
}

export type RefinancingsService = ReturnType<typeof createRefinancingsService>;
