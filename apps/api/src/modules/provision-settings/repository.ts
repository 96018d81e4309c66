import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { nonWorkingDays } from '../../db/schema/non-working-days';
import { provisionSettings } from '../../db/schema/provision-settings';

export type SettingsRow = typeof provisionSettings.$inferSelect;

/** The one configuration row (id 1; migration 0003 creates it, and this puts it back if someone removed it). */
export async function readSettings(db: Executor, options: { lock?: boolean } = {}): Promise<SettingsRow> {
  const query = db.select().from(provisionSettings).where(eq(provisionSettings.id, 1));
  const [row] = options.lock ? await query.for('update') : await query;
  if (row) return row;
  const [created] = await db.insert(provisionSettings).values({ id: 1 }).onConflictDoNothing().returning();
  return created ?? (await readSettings(db));
}

export async function writeSettings(tx: Executor, values: Partial<SettingsRow>, updatedBy: number): Promise<void> {
  await tx
    .update(provisionSettings)
    .set({ ...values, updatedBy, updatedAt: sql`now()` })
    .where(eq(provisionSettings.id, 1));
}

/** The non-working days registered for one Mexico City day (zero or one: the date is unique). */
export async function nonWorkingDaysOn(db: Executor, day: string) {
  return db
    .select({ date: nonWorkingDays.date, reason: nonWorkingDays.reason })
    .from(nonWorkingDays)
    .where(eq(nonWorkingDays.date, day));
}
