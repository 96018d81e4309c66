import { FINANCED_UNIT_MESSAGES } from '../messages-financed-units';
import { businessDayOf } from './payoff-grace';

/**
 * The aging buckets of the portfolio view (issue 29 §4) by days floored: 0–30, 31–60, 61–90, 91–120, > 120. Each
 * bucket's range is inclusive at both ends (`maxDays` null: no end), so the register can be filtered to a bucket's
 * units by the same numbers.
 */
export const AGING_BUCKETS = [
  { key: '0-30', minDays: 0, maxDays: 30, label: FINANCED_UNIT_MESSAGES.aging0To30 },
  { key: '31-60', minDays: 31, maxDays: 60, label: FINANCED_UNIT_MESSAGES.aging31To60 },
  { key: '61-90', minDays: 61, maxDays: 90, label: FINANCED_UNIT_MESSAGES.aging61To90 },
  { key: '91-120', minDays: 91, maxDays: 120, label: FINANCED_UNIT_MESSAGES.aging91To120 },
  { key: '120+', minDays: 121, maxDays: null, label: FINANCED_UNIT_MESSAGES.agingOver120 },
] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number]['key'];

const DAY_MS = 86_400_000;

/**
 * Days floored: whole calendar days from the unit's release to today, both read as days in the business time zone
 * (a unit released today has 0). Weekends count: the unit is on the lot every day. A release after today (a clock
 * ahead of ours) counts 0 rather than a negative age.
 */
export function daysFloored(releaseDate: string | Date, today: string | Date): number {
  const from = Date.parse(`${businessDayOf(releaseDate)}T00:00:00Z`);
  const to = Date.parse(`${businessDayOf(today)}T00:00:00Z`);
  return Math.max(0, Math.round((to - from) / DAY_MS));
}

/** The bucket of a unit floored `days` whole days. */
export function agingBucketOf(days: number): AgingBucket {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`not a number of days floored: ${days}`);
  return AGING_BUCKETS.find((b) => b.maxDays === null || days <= b.maxDays)!.key;
}

export function agingBucketLabel(bucket: AgingBucket): string {
  return AGING_BUCKETS.find((b) => b.key === bucket)!.label;
}
