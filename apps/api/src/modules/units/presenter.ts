import { Money, type UnitUnderReview } from '@planpiso/domain';
import type { ReviewRow } from './repository';

/** A unit under review as the screens read it (spec 3 §3); the amount as a 2-decimal string. */
export function presentReviewUnit(row: ReviewRow): UnitUnderReview {
  return {
    ...row,
    amount: Money.of(row.amount).toDecimalString(),
    createdAt: row.createdAt.toISOString(),
  };
}
