import { assertCanProvision } from '../audits/eligibility';
import {
  EVIDENCE_TYPE,
  FINANCING_MESSAGES,
  MESSAGES,
  Money,
  NOTIFICATION_TYPE,
  PROVISIONS_DEFAULT_SORT,
  PROVISION_MACHINE,
  PROVISION_REFUSALS,
  PROVISION_STATUS_UPDATED,
  availableBalance,
  parseTerms,
  provisionCreated,
  provisionSentNotice,
  provisionTransition,
  provisionUpdated,
  reservesBalance,
  vinAlreadyFinanced,
  vinRepeatedInProvision,
  type CreateProvisionRequest,
  type ProvisionAction,
  type ProvisionDetail,
  type ProvisionListQuery,
  type ProvisionUnit,
  type SetProvisionStatusRequest,
  type UpdateProvisionRequest,
  USER_TYPE,
  isDealer,
} from '@planpiso/domain';
import type { Executor, Tx } from '../../db/client';
import { provisions } from '../../db/schema/financing';
import { writeAudit } from '../../platform/audit';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { answerWithin } from '../../platform/idempotency';
import { orderBy, pageWindow, sortKeyOf } from '../../platform/listing';
import { checkTransition } from '../../platform/state-transition';
import * as creditLinesRepo from '../credit-lines/repository';
import { reserve, type CreditLinesService, type LockedCreditLine } from '../credit-lines/service';
import type { NotificationsService } from '../notifications/service';
import { accountScopeOf } from '../organisation-lookups/policy';
import { companyScopeWhere } from '../organisation-lookups/repository';
import { assertOperatingWindow } from '../provision-settings/operating-window';
import { queueProvisionValidation } from '../provision-validation/queue';
import { mayReadAssignedListOf, provisionScopeOf, OPERATOR_STATUSES, type ProvisionScope } from './policy';
import { presentDetail, presentListItem } from './presenter';
import * as listRepo from './list-repository';
import * as repo from './repository';
import { createProvisionMover } from './transitions';

export type ProvisionsService = ReturnType<typeof createProvisionsService>;
/** The three creates of spec 3 §7: Guardar, save-and-send, and from units under review. */
export type CreateMode = 'create' | 'createAndSend' | 'fromReview';

const refused = (code: string, message: string, status = 422) => new AppError(code, status, message);

/** What a save was checked against before its transaction: the caller's company, branch and representative. */
type SaveContext = { company: { id: number; name: string; clientId: string | null; accountId: number } };

/** A unit's VIN as stored: upper case (decision 029), so one index answers the double-financing check. */
const vinKey = (vin: string) => vin.trim().toUpperCase();

/** The unit columns a save writes (the form's fields; the lender's review columns are not the dealer's). */
function unitValues(unit: ProvisionUnit) {
  return {
    vinNumber: vinKey(unit.vinNumber),
    agency: unit.agency,
    brandName: unit.brandName,
    type: unit.type,
    model: unit.model,
    description: unit.description,
    color: unit.color,
    insideColor: unit.insideColor,
    motorNumber: unit.motorNumber,
    amount: unit.amount,
    included: true,
  };
}

/**
 * Provisions, dealer side and lists (spec 3 §2, §4, §5, §7; decision 029). Every save: the domain contract (at the
 * route), the operating window, the caller's company, branch and legal representative, the CRM's line read outside
 * any transaction, then one transaction under the line's lock: no double financing, the reservation, the rows,
 * their evidences, the notification and the audit row.
 */
export function createProvisionsService(
  deps: Pick<AppDeps, 'db' | 'adapters' | 'clock' | 'jobs'>,
  creditLines: CreditLinesService,
  notifications: NotificationsService,
) {
  const { db, clock } = deps;
  const mover = createProvisionMover({ notifications, clock });
  /** Type 5 only (the machine's `who`), with an account and an active company that is the body's. */
  async function saveContext(actor: AuthUser, companyId: number, agencyId: number, legalId: number) {
    if (!actor.accountId) throw refused('USER_WITHOUT_ACCOUNT', FINANCING_MESSAGES.userWithoutAccount);
    if (!actor.companyId) throw refused('USER_WITHOUT_COMPANY', FINANCING_MESSAGES.userWithoutCompany);
    if (companyId !== actor.companyId) throw refused('COMPANY_NOT_ASSIGNED', MESSAGES.companyNotAssigned);
    const company = await repo.findCompany(db, companyId);
    if (!company || company.accountId !== actor.accountId) {
      throw refused('COMPANY_NOT_ASSIGNED', MESSAGES.companyNotAssigned);
    }
    if (!(await repo.findAssignedBranch(db, actor.id, agencyId, company.id))) {
      throw refused('AGENCY_NOT_ASSIGNED', PROVISION_REFUSALS.agencyNotAssigned);
    }
    if (!(await repo.findLegalRepresentative(db, legalId, company.id))) {
      throw refused('LEGAL_NOT_IN_COMPANY', PROVISION_REFUSALS.legalNotInCompany);
    }
    return { company } satisfies SaveContext;
  }

  /** The same VIN twice in one save is refused before anything else (spec 3: no double financing). */
  function assertDistinctVins(units: readonly ProvisionUnit[]) {
    const seen = new Set<string>();
    for (const unit of units) {
      const vin = vinKey(unit.vinNumber);
      if (seen.has(vin)) throw refused('VIN_REPEATED', vinRepeatedInProvision(vin));
      seen.add(vin);
    }
  }

  /**
   * Reads the line from the CRM (outside any transaction, decision 015) and checks it is the company's and the
   * term one of its plazos. A line of another client is not found, as if it did not exist.
   */
  async function checkedLine(crmLineId: string, deadlines: number, context: SaveContext) {
    const line = await creditLines.refreshFromCrm(crmLineId);
    if (line.clientNumber !== context.company.clientId) throw notFound(MESSAGES.creditLineNotFound);
    if (!parseTerms(line.plazos).includes(deadlines)) {
      throw refused('TERM_NOT_IN_LINE', PROVISION_REFUSALS.termNotInLine);
    }
    return line;
  }

  /** Refuses VINs another open or financed provision holds, naming the VIN and its folio. */
  async function assertVinsFree(tx: Tx, units: readonly ProvisionUnit[], exceptProvisionId: number | null) {
    // The line's lock does not cover a save on another line with the same VIN: the VINs' own locks do.
    await repo.lockVinBuckets(
      tx,
      units.map((u) => u.vinNumber),
    );
    const held = await repo.vinsHeldElsewhere(
      tx,
      units.map((u) => u.vinNumber),
      exceptProvisionId,
    );
    const first = held[0];
    if (first) throw refused('VIN_ALREADY_FINANCED', vinAlreadyFinanced(first.vin, first.folio));
  }

  /**
   * The files a save attaches: each must be the caller's own upload that nothing holds yet, or (edit) already
   * this provision's. Locked first, so two saves of one upload, or a save and a delete, go one after the other.
   */
  async function claimFiles(tx: Tx, actor: AuthUser, fileIds: number[], alreadyOurs: Set<number>) {
    const wanted = [...new Set(fileIds.filter((id) => !alreadyOurs.has(id)))];
    const locked = await repo.lockFiles(tx, wanted);
    const held = await repo.evidencesOfFiles(tx, wanted);
    const usable = locked.filter((file) => file.uploadedBy === actor.id);
    if (usable.length !== wanted.length || held.length > 0) {
      throw refused('DOCUMENT_UNAVAILABLE', PROVISION_REFUSALS.documentUnavailable);
    }
  }

  async function notifyOperators(tx: Tx, accountId: number, folio: string, companyName: string) {
    const operators = await repo.accountOperatorsOf(tx, accountId);
    await notifications.notify(tx, operators, NOTIFICATION_TYPE.PROVISION, provisionSentNotice(folio, companyName));
    return operators;
  }

  async function detail(executor: Executor, scope: ProvisionScope, id: number): Promise<ProvisionDetail> {
    const found = await repo.findProvision(executor, scope, id);
    if (!found) throw notFound();
    const [units, evidences] = await Promise.all([repo.unitsOf(executor, id), repo.evidencesOf(executor, id)]);
    return presentDetail(found, units, evidences);
  }

  /** The line as it would stand without `row`'s own reservation (an edit re-reserves its new total). */
  function withoutOwn(locked: LockedCreditLine, row: repo.ProvisionRow): LockedCreditLine {
    if (row.creditLine !== locked.crmLineId || !reservesBalance(row.status)) return locked;
    const reserved = locked.reserved.sub(Money.of(row.total));
    return { ...locked, reserved, available: availableBalance(locked.montoRestante, reserved) };
  }

  async function create(
    actor: AuthUser,
    body: CreateProvisionRequest,
    mode: CreateMode,
    requestId: string,
  ): Promise<{ data: { id: number; folio: string; status: number }; message: string }> {
    const action: ProvisionAction = mode === 'createAndSend' ? 'createAndSend' : 'create';
    const verdict = provisionTransition(action, { userType: actor.type, status: null, unitCount: body.units.length });
    if (!verdict.allowed) throw refused(verdict.code, verdict.message, verdict.code === 'FORBIDDEN' ? 403 : 422);
    await assertOperatingWindow(db, clock.now());
    const context = await saveContext(actor, body.companyId, body.agencyId, body.legalId);
    // The pre-checks the list's dialog shows (pending balances, audits, the latest exception), enforced here too;
    // it asks the CRM, so before the line's transaction.
    await assertCanProvision(deps, actor);
    assertDistinctVins(body.units);
    const line = await checkedLine(body.creditLine, body.deadlines, context);
    // Units under review move in from the review mode's Guardar (withUnitsExistits) and its save-and-send
    // (create-send with reviewUnits, spec 3 §3), the same way.
    const fromReview = mode === 'fromReview' || (mode === 'createAndSend' && body.reviewUnits === true);
    const reviewIds = fromReview ? body.units.flatMap((u) => (u.id === undefined ? [] : [u.id])) : [];

    return creditLines.withLockedCreditLine(db, line.crmLineId, async (tx, locked) => {
      const reviewUnits = await repo.lockReviewUnits(tx, actor.id, reviewIds);
      if (reviewUnits.length !== reviewIds.length) {
        throw refused('REVIEW_UNIT_GONE', PROVISION_REFUSALS.reviewUnitGone, 409);
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
      await repo.insertEvidences(tx, [
        ...body.evidences.map((e, position) => ({
          fileId: e.fileId,
          type: EVIDENCE_TYPE.PROVISION_ATTACHMENT,
          provisionId: provision.id,
          position,
          createdAt: now,
        })),
        ...body.units.flatMap((unit, i) =>
          (unit.evidences ?? []).map((e, position) => ({
            fileId: e.fileId,
            type: EVIDENCE_TYPE.UNIT_EVIDENCE,
            unitId: unitIds[i]!,
            position,
            createdAt: now,
          })),
        ),
      ]);

      const folio = String(provision.folio);
      const notified =
        action === 'createAndSend' ? await notifyOperators(tx, provision.accountId, folio, context.company.name) : [];
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

  async function update(actor: AuthUser, id: number, body: UpdateProvisionRequest, requestId: string) {
    // The machine's `who` first: only the dealer operator edits (403 before anything is read).
    checkTransition(PROVISION_MACHINE, actor, 'edit', { status: 1, unitCount: 1, version: 0 }, undefined);
    // Scope first: someone else's provision is not found at any hour (ARCHITECTURE §6).
    const scope = provisionScopeOf(actor);
    if (!(await repo.findProvision(db, scope, id))) throw notFound();
    await assertOperatingWindow(db, clock.now());
    const context = await saveContext(actor, body.companyId, body.agencyId, body.legalId);
    assertDistinctVins(body.units);
    const line = await checkedLine(body.creditLine, body.deadlines, context);

    return creditLines.withLockedCreditLine(db, line.crmLineId, async (tx, locked) => {
      const row = await repo.lockProvision(tx, scope, id);
      if (!row) throw notFound();
      checkTransition(
        PROVISION_MACHINE,
        actor,
        'edit',
        { status: row.status, unitCount: body.units.length, version: row.version },
        body.version,
      );
      await assertVinsFree(tx, body.units, id);
      reserve(withoutOwn(locked, row), Money.of(body.total));

      // Spec 3 §5: a unit whose VIN matches one of the provision's keeps that unit (its id and evidences).
      const existing = await repo.unitsOf(tx, id);
      const byVin = new Map(existing.map((u) => [vinKey(u.vinNumber), u]));
      const byId = new Map(existing.map((u) => [u.id, u]));
      const evidences = await repo.evidencesOf(tx, id);
      const ours = new Set(evidences.map((e) => e.file.id));
      const unitFiles = body.units.flatMap((u) => (u.evidences ?? []).map((e) => e.fileId));
      await claimFiles(tx, actor, [...body.evidences.map((e) => e.fileId), ...unitFiles], ours);

      const now = clock.now();
      const kept = new Set<number>();
      const plan = body.units.map((unit) => {
        const match = byVin.get(vinKey(unit.vinNumber)) ?? (unit.id === undefined ? undefined : byId.get(unit.id));
        if (!match || kept.has(match.id)) return { unit, keep: null };
        kept.add(match.id);
        return { unit, keep: match.id };
      });
      await repo.updateUnits(
        tx,
        plan.flatMap(({ unit, keep }) => (keep === null ? [] : [{ id: keep, values: unitValues(unit) }])),
      );
      const inserted = await repo.insertUnits(
        tx,
        plan.filter((p) => p.keep === null).map((p) => ({ ...unitValues(p.unit), provisionId: id, createdAt: now })),
      );
      // VINs are distinct within a save (assertDistinctVins), so a new unit is found by its VIN.
      const insertedIds = new Map(inserted.map((r) => [r.vinNumber, r.id]));
      const unitIds = plan.map((p) => p.keep ?? insertedIds.get(vinKey(p.unit.vinNumber))!);
      await repo.deleteUnits(
        tx,
        existing.filter((u) => !kept.has(u.id)).map((u) => u.id),
      );

      // The attachment is replaced by what the body lists; a kept unit keeps its evidences and gains new ones.
      const listed = new Set(body.evidences.map((e) => e.fileId));
      const ownEvidences = evidences.filter((e) => e.evidence.provisionId === id);
      await repo.deleteEvidences(
        tx,
        ownEvidences.filter((e) => !listed.has(e.file.id)).map((e) => e.evidence.id),
      );
      const attached = new Set(ownEvidences.map((e) => e.file.id));
      const unitHas = new Set(evidences.filter((e) => e.evidence.unitId !== null).map((e) => e.file.id));
      await repo.insertEvidences(tx, [
        ...body.evidences
          .filter((e) => !attached.has(e.fileId))
          .map((e, position) => ({
            fileId: e.fileId,
            type: EVIDENCE_TYPE.PROVISION_ATTACHMENT,
            provisionId: id,
            position,
            createdAt: now,
          })),
        ...body.units.flatMap((unit, i) =>
          (unit.evidences ?? [])
            .filter((e) => !unitHas.has(e.fileId))
            .map((e, position) => ({
              fileId: e.fileId,
              type: EVIDENCE_TYPE.UNIT_EVIDENCE,
              unitId: unitIds[i]!,
              position,
              createdAt: now,
            })),
        ),
      ]);

      const saved = await repo.updateProvision(tx, id, {
        agencyId: body.agencyId,
        legalId: body.legalId,
        creditLine: locked.crmLineId,
        typeLine: locked.typeLine,
        deadlines: body.deadlines,
        description: body.description ?? '',
        includeAll: body.includeAll,
        total: body.total,
        updatedAt: now,
      });
      const data = await detail(tx, scope, id);
      await writeAudit(tx, {
        actor: actor.id,
        action: 'provisions.updated',
        entity: 'provision',
        entityId: id,
        before: { creditLine: row.creditLine, total: row.total, units: existing.length, version: row.version },
        after: { creditLine: saved.creditLine, total: saved.total, units: unitIds.length, version: saved.version },
        requestId,
      });
      return { data, message: provisionUpdated(data.folio) };
    });
  }

  /** Send to validation (1 → 2): version-checked, the balance re-checked under the line's lock, operators told. */
  async function setStatus(actor: AuthUser, id: number, body: SetProvisionStatusRequest, requestId: string) {
    checkTransition(PROVISION_MACHINE, actor, 'send', { status: 1, unitCount: 1, version: 0 }, undefined);
    const scope = provisionScopeOf(actor);
    const found = await repo.findProvision(db, scope, id);
    if (!found) throw notFound();
    await assertOperatingWindow(db, clock.now());
    await creditLines.refreshFromCrm(found.provision.creditLine);

    return creditLines.withLockedCreditLine(db, found.provision.creditLine, async (tx, locked) => {
      const row = await repo.lockProvision(tx, scope, id);
      if (!row) throw notFound();
      const unitCount = await repo.countUnitsOf(tx, id);
      const before = await detail(tx, scope, id);
      await mover.move(tx, {
        action: 'send',
        actor,
        row: { ...row, folio: before.folio, companyName: before.company.name },
        unitCount,
        expectedVersion: body.version,
        requestId,
      });
      // The provision already holds its total; if the CRM's balance fell meanwhile, sending would overdraw.
      if (row.creditLine === locked.crmLineId && locked.montoRestante.sub(locked.reserved).isNegative()) {
        throw refused('BALANCE_EXCEEDED', FINANCING_MESSAGES.balanceExceeded);
      }
      // Status 2: its units' validation round starts with this transaction (decision 035).
      await queueProvisionValidation(tx, deps.jobs, id);
      const data = await detail(tx, scope, id);
      return { data, message: PROVISION_STATUS_UPDATED };
    });
  }

  function listIn(scope: ProvisionScope, query: ProvisionListQuery) {
    const order = orderBy(query.sort, PROVISIONS_DEFAULT_SORT, listRepo.provisionSortFields, provisions.id);
    const window = pageWindow(query) ?? { limit: query.pageSize, offset: 0 };
    return listRepo
      .listProvisions(db, scope, query, window, order, sortKeyOf(query.sort, PROVISIONS_DEFAULT_SORT))
      .then(({ rows, total, totalIsEstimate }) => ({
        items: rows.map(presentListItem),
        total,
        ...(totalIsEstimate && { totalIsEstimate }),
      }));
  }

  return {
    create,
    update,
    setStatus,

    list: (actor: AuthUser, query: ProvisionListQuery) => listIn(provisionScopeOf(actor), query),

    /** The type 3 operator's list (spec 3 §7): the accounts it operates, statuses 3–10. */
    async accountAssigned(actor: AuthUser, userId: number, query: ProvisionListQuery) {
      const who = mayReadAssignedListOf(actor, userId);
      if (!who) throw notFound();
      // An administrator reaches the operators it registered (decision 014); the super user every operator.
      const registeredBy = actor.type === USER_TYPE.PROVIDER_ADMIN ? actor.id : null;
      if (who === 'other' && !(await repo.findOperator(db, userId, registeredBy))) {
        throw notFound();
      }
      return listIn(
        { kind: 'lender', accounts: { kind: 'operated', by: userId, levels: 0 }, statuses: OPERATOR_STATUSES },
        query,
      );
    },

    get: (actor: AuthUser, id: number) => detail(db, provisionScopeOf(actor), id),

    /**
     * What open provisions hold on a line (spec 3 §7 reserved-amount), for a line of a client the caller reaches.
     * A line never read before is read from the CRM once (outside any transaction).
     */
    async reservedAmount(actor: AuthUser, crmLineId: string): Promise<{ total: string }> {
      const line =
        (await creditLinesRepo.findCreditLine(db, crmLineId)) ?? (await creditLines.refreshFromCrm(crmLineId));
      const reach = isDealer(actor.type)
        ? repo.assignedCompaniesWhere(actor.id)
        : companyScopeWhere(accountScopeOf(actor));
      if (!(await repo.clientInScope(db, reach, line.clientNumber))) {
        throw notFound(MESSAGES.creditLineNotFound);
      }
      return { total: await creditLinesRepo.reservedOnLine(db, crmLineId) };
    },
  };
}
