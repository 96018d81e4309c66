import { count, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { nonWorkingDays } from '../../db/schema/non-working-days';
import { dayText, textKey, type Window, pageWithCount } from '../../platform/listing';

const columns = {
  id: nonWorkingDays.id,
  date: nonWorkingDays.date,
  reason: nonWorkingDays.reason,
  createdAt: dayText(nonWorkingDays.createdAt),
};

export type NonWorkingDayRow = {
  id: number;
  /** YYYY-MM-DD. */
  date: string;
  reason: string;
  /** YYYY-MM-DD, Mexico City. */
  createdAt: string;
};

export const nonWorkingDayId = nonWorkingDays.id;

/** Sortable fields of the list (spec 2 §2 columns Fecha, Motivo, Fecha de alta). */
export const nonWorkingDaySortFields = {
  date: nonWorkingDays.date,
  reason: textKey(nonWorkingDays.reason),
  createdAt: nonWorkingDays.createdAt,
};

export async function listNonWorkingDays(
  db: Executor,
  window: Window,
  order: SQL[],
): Promise<{ rows: NonWorkingDayRow[]; total: number }> {
  const query = db
    .select(columns)
    .from(nonWorkingDays)
    .orderBy(...order);
  return pageWithCount(query, window, db.select({ n: count() }).from(nonWorkingDays));
}

export async function findNonWorkingDay(
  db: Executor,
  id: number,
  options: { lock?: boolean } = {},
): Promise<NonWorkingDayRow | undefined> {
  const query = db.select(columns).from(nonWorkingDays).where(eq(nonWorkingDays.id, id)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The non-working days registered for `day` (YYYY-MM-DD): none or one. */
export async function nonWorkingDaysOn(db: Executor, day: string): Promise<NonWorkingDayRow[]> {
  return db.select(columns).from(nonWorkingDays).where(eq(nonWorkingDays.date, day));
}

export async function insertNonWorkingDay(
  tx: Executor,
  value: { date: string; reason: string; registerBy: number },
): Promise<number> {
  const [row] = await tx.insert(nonWorkingDays).values(value).returning({ id: nonWorkingDays.id });
  return row!.id;
}

export async function deleteNonWorkingDay(tx: Executor, id: number): Promise<void> {
  await tx.delete(nonWorkingDays).where(eq(nonWorkingDays.id, id));
}
