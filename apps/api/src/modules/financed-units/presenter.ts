import type { FinancedUnitBalance, FinancedUnitDetail, FinancedUnitItem } from '@planpiso/domain';
import type { FinancedUnitRow, historyOf } from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from `from` to `to` (YYYY-MM-DD each); never negative. */
export function daysBetween(from: string, to: string): number {
  return Math.max(0, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS));
}

/** The balance the reconciliation kept on the row (decision 080); null before its first read. */
export function storedBalance(row: FinancedUnitRow): FinancedUnitBalance | null {
  if (row.balanceAsOf === null || row.balancePrincipal === null) return null;
  return {
    principal: row.balancePrincipal,
    accruedInterest: row.balanceInterest ?? '0.00',
    paidTotal: row.balancePaidTotal ?? '0.00',
    nextCurtailment:
      row.nextCurtailmentDate === null || row.nextCurtailmentAmount === null
        ? null
        : { date: row.nextCurtailmentDate, amount: row.nextCurtailmentAmount },
    asOf: row.balanceAsOf,
  };
}

/** A row of the register as the list answers it; `today` is Mexico City's day (days floored count to it). */
export function presentFinancedUnit(row: FinancedUnitRow, today: string): FinancedUnitItem {
  return {
    id: row.id,
    vin: row.vin,
    brand: row.brand,
    model: row.model,
    description: row.description,
    companyId: row.companyId,
    companyName: row.companyName,
    agencyId: row.agencyId,
    agencyName: row.agencyName,
    source: row.refinancingId === null ? 'provision' : 'refinancing',
    provisionId: row.provisionId,
    refinancingId: row.refinancingId,
    folio: row.folio,
    creditLine: row.creditLine,
    creditNumber: row.creditNumber,
    amount: row.amount,
    releasedOn: row.releasedOn,
    term: row.term,
    endsOn: row.endsOn,
    // A paid unit stopped flooring on the day it was paid.
    daysFloored: daysBetween(row.releasedOn, row.paidAt ?? today),
    status: row.status,
    soldAt: row.soldAt,
    payoffDueDate: row.payoffDueDate,
    paidAt: row.paidAt,
    balance: storedBalance(row),
    version: row.version,
  };
}

export function presentDetail(
  row: FinancedUnitRow,
  history: Awaited<ReturnType<typeof historyOf>>,
  today: string,
): FinancedUnitDetail {
  return {
    ...presentFinancedUnit(row, today),
    soldReportedBy: row.soldReportedBy,
    soldEvidenceFileId: row.soldEvidenceFileId,
    history: history.map((event) => ({
      id: event.id,
      kind: event.kind,
      actorName: event.actorName,
      at: event.at.toISOString(),
      details: event.details,
    })),
  };
}
