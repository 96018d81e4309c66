import { and, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { evidences, files } from '../../db/schema/files';
import { provisionUnits, provisions } from '../../db/schema/financing';
import { companies } from '../../db/schema/organisation';
import { containsPattern, textKey, type Window } from '../../platform/listing';
import type { AccountScope } from '../organisation-lookups';
import { companyScopeWhere } from '../organisation-lookups';

export type UnitRow = typeof provisionUnits.$inferSelect;

const reviewColumns = {
  id: provisionUnits.id,
  model: provisionUnits.model,
  motorNumber: provisionUnits.motorNumber,
  vinNumber: provisionUnits.vinNumber,
  color: provisionUnits.color,
  amount: provisionUnits.amount,
  createdAt: provisionUnits.createdAt,
  comment: provisionUnits.comment,
  provisionId: provisionUnits.provisionId,
  version: provisionUnits.version,
  agency: provisionUnits.agency,
  brandName: provisionUnits.brandName,
  type: provisionUnits.type,
  description: provisionUnits.description,
  insideColor: provisionUnits.insideColor,
};
export type ReviewRow = { [K in keyof typeof reviewColumns]: (typeof reviewColumns)[K]['_']['data'] };

/** Sortable fields of GET /units/review; the VIN sorts by the index's own key (provision_units_review_idx). */
export const reviewSortFields = {
  vinNumber: provisionUnits.vinNumber,
  model: provisionUnits.model,
  motorNumber: textKey(provisionUnits.motorNumber),
  color: textKey(provisionUnits.color),
  amount: provisionUnits.amount,
  createdAt: provisionUnits.createdAt,
};
export const unitIdColumn = provisionUnits.id;

/**
 * The units `userId` has in review (decision 030): `review_by = user and in_review` is the partial index
 * provision_units_review_idx, so the list reads only the caller's few rows whatever the size of the table.
 */
export async function listReview(
  db: Executor,
  userId: number,
  filters: { model?: string; vinNumber?: string },
  window: Window,
  order: SQL[],
): Promise<{ rows: ReviewRow[]; total: number }> {
  const where = and(
    eq(provisionUnits.reviewBy, userId),
    eq(provisionUnits.inReview, true),
    filters.model ? ilike(provisionUnits.model, containsPattern(filters.model)) : undefined,
    filters.vinNumber ? ilike(provisionUnits.vinNumber, containsPattern(filters.vinNumber)) : undefined,
  );
  const query = db
    .select(reviewColumns)
    .from(provisionUnits)
    .where(where)
    .orderBy(...order);
  const [rows, [counted]] = await Promise.all([
    window ? query.limit(window.limit).offset(window.offset) : query,
    db.select({ total: count() }).from(provisionUnits).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** A unit with its provision's owner fields, if its company is in `scope` (anything else is not found). */
export async function findUnitInScope(db: Executor, scope: AccountScope, id: number) {
  const [row] = await db
    .select({
      unit: provisionUnits,
      provisionStatus: provisions.status,
      registerBy: provisions.registerBy,
      companyId: provisions.companyId,
    })
    .from(provisionUnits)
    .innerJoin(provisions, eq(provisions.id, provisionUnits.provisionId))
    .innerJoin(companies, eq(companies.id, provisions.companyId))
    .where(and(eq(provisionUnits.id, id), companyScopeWhere(scope)))
    .limit(1);
  return row;
}

/** A unit `userId` has in review, locked for the rest of `tx`. */
export async function lockOwnReviewUnit(tx: Executor, userId: number, id: number): Promise<UnitRow | undefined> {
  const [row] = await tx
    .select()
    .from(provisionUnits)
    .where(and(eq(provisionUnits.id, id), eq(provisionUnits.reviewBy, userId), eq(provisionUnits.inReview, true)))
    .for('update')
    .limit(1);
  return row;
}

export async function setReview(tx: Executor, id: number, review: { inReview: boolean; reviewBy: number | null }) {
  const [row] = await tx
    .update(provisionUnits)
    .set({ ...review, version: sql`${provisionUnits.version} + 1` })
    .where(eq(provisionUnits.id, id))
    .returning({ id: provisionUnits.id, inReview: provisionUnits.inReview, version: provisionUnits.version });
  return row!;
}

/** A unit's evidences with their files, in upload order. */
export async function unitEvidences(db: Executor, unitId: number) {
  return db
    .select({ evidence: { id: evidences.id, type: evidences.type }, file: files })
    .from(evidences)
    .innerJoin(files, eq(files.id, evidences.fileId))
    .where(eq(evidences.unitId, unitId))
    .orderBy(evidences.position, evidences.id);
}

export async function nextEvidencePosition(tx: Executor, unitId: number): Promise<number> {
  const [row] = await tx
    .select({ position: sql<number>`coalesce(max(${evidences.position}) + 1, 0)::int` })
    .from(evidences)
    .where(eq(evidences.unitId, unitId));
  return row?.position ?? 0;
}

export async function findUnitEvidence(tx: Executor, unitId: number, evidenceId: number) {
  const [row] = await tx
    .select({ evidence: evidences, file: files })
    .from(evidences)
    .innerJoin(files, eq(files.id, evidences.fileId))
    .where(and(eq(evidences.id, evidenceId), eq(evidences.unitId, unitId)))
    .limit(1);
  return row;
}

/** Deletes the evidence, and its file's row when nothing else refers to it; answers the key to delete, if any. */
export async function deleteEvidence(tx: Executor, evidenceId: number, fileId: number): Promise<string | null> {
  await tx.delete(evidences).where(eq(evidences.id, evidenceId));
  const [other] = await tx.select({ id: evidences.id }).from(evidences).where(eq(evidences.fileId, fileId)).limit(1);
  if (other) return null;
  const [removed] = await tx.delete(files).where(eq(files.id, fileId)).returning({ key: files.key });
  return removed?.key ?? null;
}
