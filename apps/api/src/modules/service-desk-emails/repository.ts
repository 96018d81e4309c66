import { and, asc, count, eq, ilike, ne, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { serviceDeskEmails } from '../../db/schema/service-desk-emails';
import { containsPattern, dayText, textKey, type Window, pageWithCount } from '../../platform/listing';

const columns = {
  id: serviceDeskEmails.id,
  email: serviceDeskEmails.email,
  createdAt: dayText(serviceDeskEmails.createdAt),
};

export type ServiceDeskEmailRow = {
  id: number;
  email: string;
  /** YYYY-MM-DD, Mexico City. */
  createdAt: string;
};

export const serviceDeskEmailId = serviceDeskEmails.id;

/** Sortable fields of the list (spec 2 §2 columns Email, Fecha). */
export const serviceDeskEmailSortFields = {
  email: textKey(serviceDeskEmails.email),
  createdAt: serviceDeskEmails.createdAt,
};

export async function listServiceDeskEmails(
  db: Executor,
  filters: { email?: string },
  window: Window,
  order: SQL[],
): Promise<{ rows: ServiceDeskEmailRow[]; total: number }> {
  const where = filters.email ? ilike(serviceDeskEmails.email, containsPattern(filters.email)) : undefined;
  const query = db
    .select(columns)
    .from(serviceDeskEmails)
    .where(where)
    .orderBy(...order);
  return pageWithCount(query, window, db.select({ n: count() }).from(serviceDeskEmails).where(where));
}

export async function findServiceDeskEmail(
  db: Executor,
  id: number,
  options: { lock?: boolean } = {},
): Promise<ServiceDeskEmailRow | undefined> {
  const query = db.select(columns).from(serviceDeskEmails).where(eq(serviceDeskEmails.id, id)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Is `email` (already lower-case) registered, other than on row `exceptId`? */
export async function emailTaken(db: Executor, email: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: serviceDeskEmails.id })
    .from(serviceDeskEmails)
    .where(
      and(eq(serviceDeskEmails.email, email), exceptId === undefined ? undefined : ne(serviceDeskEmails.id, exceptId)),
    )
    .limit(1);
  return row !== undefined;
}

/** Every address, alphabetically. */
export async function allAddresses(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ email: serviceDeskEmails.email })
    .from(serviceDeskEmails)
    .orderBy(asc(serviceDeskEmails.email));
  return rows.map((r) => r.email);
}

export async function insertServiceDeskEmail(
  tx: Executor,
  value: { email: string; registerBy: number },
): Promise<number> {
  const [row] = await tx.insert(serviceDeskEmails).values(value).returning({ id: serviceDeskEmails.id });
  return row!.id;
}

export async function updateServiceDeskEmail(tx: Executor, id: number, email: string): Promise<void> {
  await tx.update(serviceDeskEmails).set({ email }).where(eq(serviceDeskEmails.id, id));
}

export async function deleteServiceDeskEmail(tx: Executor, id: number): Promise<void> {
  await tx.delete(serviceDeskEmails).where(eq(serviceDeskEmails.id, id));
}
