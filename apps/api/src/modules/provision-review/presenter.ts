import type { EvidenceResponse, ProvisionReviewItem, ProvisionReviewUnit, ProvisionRevision } from '@planpiso/domain';
import { presentValidation, type UnitRow } from '../provisions';

type ListRow = Omit<ProvisionReviewItem, 'createdAt' | 'companyName'> & { createdAt: Date; companyName: string | null };

export function presentReviewItem(row: ListRow): ProvisionReviewItem {
  return { ...row, companyName: row.companyName ?? '', createdAt: row.createdAt.toISOString() };
}

export function presentReviewUnit(unit: UnitRow, evidences: EvidenceResponse[]): ProvisionReviewUnit {
  return {
    id: unit.id,
    model: unit.model,
    motorNumber: unit.motorNumber,
    vinNumber: unit.vinNumber,
    amount: unit.amount,
    invoiceDate: unit.invoiceDate,
    validation: presentValidation(unit),
    reviewAF: unit.reviewAf,
    status: unit.status,
    comment: unit.comment,
    evidences,
  };
}

export type RevisionHead = Omit<ProvisionRevision, 'units'>;

export const presentRevision = (head: RevisionHead, units: ProvisionReviewUnit[]): ProvisionRevision => ({
  ...head,
  units,
});
