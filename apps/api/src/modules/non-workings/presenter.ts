import type { NonWorkingDayResponse } from '@planpiso/domain';
import type { NonWorkingDayRow } from './repository';

/** A non-working day as the screens receive it (spec 2 §3); dates are already YYYY-MM-DD. */
export function presentNonWorkingDay(row: NonWorkingDayRow): NonWorkingDayResponse {
  return { id: row.id, date: row.date, reason: row.reason, createdAt: row.createdAt };
}
