import {
  AppErrorCode,
  availableBalance,
  type ConfirmUnitsReviewRequest,
  type EvidenceResponse,
  Money,
  pendingReviewCount,
  PROVISION_MACHINE,
  PROVISION_REVIEW_DEFAULT_SORT,
  PROVISION_REVIEW_MESSAGES,
  type ProvisionReviewQuery,
  type ProvisionRevision,
  reservesBalance,
  reviewedUnit,
  reviewTimelineComment,
  unitsMissingComment,
} from '@planpiso/domain';
import { provisions } from '../../db/schema/financing';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { assertCan } from '../../platform/can';
import { AppError, notFound } from '../../platform/errors';
import { orderBy, pageWindow, type Page } from '../../platform/listing';
import { checkTransition } from '../../platform/state-transition';
import { transaction } from '../../platform/transaction';
import * as creditLinesRepo from '../credit-lines';
import { presentEvidence } from '../exceptions';
import type { NotificationsService } from '../notifications';
import { accountScopeOf } from '../organisation-lookups';
import { provisionScopeOf } from '../provisions';
import * as provisionsRepo from '../provisions';
import { createProvisionMover } from '../provisions';
import { presentReviewItem, presentReviewUnit, presentRevision } from './presenter';
import * as repo from './repository';

export type ProvisionReviewService = ReturnType<typeof createProvisionReviewService>;

/**
 * The lender administrator's disposition review (spec 3 §2, §4, §5, §7; decision 034): the list of provisions at
 * Validación (3) of the accounts it reaches, one provision's units with their checks, and the review's save — the
 * units' status and comment, reviewAF on the reviewed ones — through the provisions' mover (action reviewUnits: the
 * status stays, the version moves, the account's operator hears of it, the audit row holds the reviews).
 */
export function createProvisionReviewService(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  notifications: NotificationsService,
) {
  const mover = createProvisionMover({ notifications, clock });
  const scopeOf = (actor: AuthUser) => repo.reviewScope(accountScopeOf(actor));
  /** `can` without the row first: a type other than 2 is 403 before anything is read. */
  const assertReviewer = (actor: AuthUser) => assertCan(actor, 'provision.reviewUnits');

  /** The line's balances as the wizard computes them, without this provision's own reservation (spec 3 §5). */
  async function balances(creditLine: string, status: number, total: string) {
    const line = await creditLinesRepo.findCreditLine(db, creditLine);
    if (!line) return { availableBalance: null, remainingBalance: null };
    let reserved = Money.of(await creditLinesRepo.reservedOnLine(db, creditLine));
    if (reservesBalance(status)) reserved = reserved.sub(Money.of(total));
    const available = availableBalance(Money.of(line.montoRestante), reserved);
    return {
      availableBalance: available.toDecimalString(),
      remainingBalance: available.sub(Money.of(total)).toDecimalString(),
    };
  }

  async function list(actor: AuthUser, query: ProvisionReviewQuery) {
    assertReviewer(actor);
    const order = orderBy(query.sort, PROVISION_REVIEW_DEFAULT_SORT, repo.reviewSortFields, provisions.id);
    const window = pageWindow(query) ?? { limit: query.pageSize, offset: 0 };
    const { rows, total, totalIsEstimate } = await repo.listReview(db, scopeOf(actor), query, window, order);
    const page: Page<ReturnType<typeof presentReviewItem>> = {
      items: rows.map(presentReviewItem),
      total,
      ...(totalIsEstimate && { totalIsEstimate }),
    };
    return page;
  }

  async function revision(actor: AuthUser, id: number): Promise<ProvisionRevision> {
    assertReviewer(actor);
    const found = await provisionsRepo.findProvision(db, scopeOf(actor), id);
    if (!found) throw notFound();
    const { provision } = found;
    const [units, evidences, money] = await Promise.all([
      repo.unitsOf(db, id),
      provisionsRepo.evidencesOf(db, id),
      balances(provision.creditLine, provision.status, provision.total),
    ]);
    const ofUnit = new Map<number, EvidenceResponse[]>();
    for (const { evidence, file } of evidences) {
      if (evidence.unitId === null) continue;
      ofUnit.set(evidence.unitId, [...(ofUnit.get(evidence.unitId) ?? []), presentEvidence(evidence, file)]);
    }
    return presentRevision(
      {
        id: provision.id,
        folio: found.folioShown,
        status: provision.status,
        version: provision.version,
        company: { id: found.company.id, name: found.company.name },
        agency: provision.agencyId === null ? null : { id: provision.agencyId, name: found.agencyName ?? '' },
        legalPerson: provision.legalId === null ? null : { id: provision.legalId, name: found.legalName ?? '' },
        creditLine: provision.creditLine,
        typeLine: provision.typeLine,
        total: provision.total,
        ...money,
      },
      units.map((unit) => presentReviewUnit(unit, ofUnit.get(unit.id) ?? [])),
    );
  }

  /**
   * Saves the review: every unit named must be the provision's (422 otherwise) and appear once; 'No' and 'Ajuste'
   * need their comment (422). Version-checked against the screen's read (409 when someone moved the provision).
   */
  async function confirm(actor: AuthUser, body: ConfirmUnitsReviewRequest, requestId: string) {
    assertReviewer(actor);
    // The save reads the administrator's whole reach (statuses 3–10 of its accounts), not only the list's status 3:
    // a provision the operator confirmed or rejected meanwhile answers 409 (it moved on), not 404 (never yours).
    const scope = provisionScopeOf(actor);
    const ids = body.units.map((unit) => unit.id);
    if (new Set(ids).size !== ids.length) {
      throw new AppError(AppErrorCode.UNIT_REPEATED);
    }
    return transaction(db, async (tx) => {
      const row = await provisionsRepo.lockProvision(tx, scope, body.provisionId);
      if (!row) throw notFound();
      const found = await provisionsRepo.findProvision(tx, scope, body.provisionId);
      const units = await repo.unitsOf(tx, row.id);
      const own = new Set(units.map((unit) => unit.id));
      if (ids.some((id) => !own.has(id))) {
        throw new AppError(AppErrorCode.UNIT_NOT_IN_PROVISION);
      }
      // The version and status first (409 beats a missing comment: the screen is stale anyway).
      checkTransition(
        PROVISION_MACHINE,
        actor,
        'reviewUnits',
        { status: row.status, unitCount: units.length, version: row.version },
        body.version,
      );
      if (unitsMissingComment(body.units).length > 0) {
        throw new AppError(AppErrorCode.REVIEW_COMMENT_REQUIRED);
      }
      const reviews = body.units.map((entry) => ({ id: entry.id, ...reviewedUnit(entry) }));
      await repo.writeUnitReviews(tx, row.id, reviews);
      // Units the body does not name keep their review; the pending count is over the whole provision.
      const after = new Map(reviews.map((r) => [r.id, r.status]));
      const vinOf = new Map(units.map((unit) => [unit.id, unit.vinNumber]));
      const pending = pendingReviewCount(units.map((unit) => ({ status: after.get(unit.id) ?? unit.status })));
      const moved = await mover.move(tx, {
        action: 'reviewUnits',
        actor,
        row: { ...row, folio: found!.folioShown, companyName: found!.company.name },
        unitCount: units.length,
        expectedVersion: body.version,
        comment: reviewTimelineComment(reviews.map((review) => ({ ...review, vinNumber: vinOf.get(review.id) ?? '' }))),
        details: {
          reviews: reviews.map(({ id, status, comment }) => ({ unitId: id, status, comment })),
          pending,
        },
        requestId,
      });
      return {
        data: { id: row.id, status: moved.to, version: moved.version, pending },
        message: PROVISION_REVIEW_MESSAGES.updated,
      };
    });
  }

  return { list, revision, confirm };
}
