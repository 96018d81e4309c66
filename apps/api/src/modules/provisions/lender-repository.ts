import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { EVIDENCE_TYPE, type INSERTION_STATUS_RELEASED } from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { evidences, files } from '../../db/schema/files';
import { crmInsertions, provisionUnits, unitValidations } from '../../db/schema/financing';
import { users } from '../../db/schema/users';
import { updateFinancedUnits } from '../financing';

// The lender's actions on a provision (decision 036): the rows Confirmar, Rechazar and send to CRM write, and the
// follow-up page's reads (signing documents, the timeline).

/** Confirmar: the units kept (`included`) and the ones left out, in one statement each. */
export async function setUnitsIncluded(tx: Executor, provisionId: number, includedIds: number[]): Promise<void> {
  const kept = includedIds.length === 0 ? sql`false` : inArray(provisionUnits.id, includedIds);
  await tx
    .update(provisionUnits)
    .set({ included: sql`${kept}` })
    .where(eq(provisionUnits.provisionId, provisionId));
}

/**
 * Units going back to their dealer operator (the provision's registerBy), under review (decisions 030, 054): every
 * unit of a rejected provision, the ones a confirmation left out — which, the domain's `unitsReturningToReview` says.
 * They keep their comment (the administrator's, the one /unidades shows).
 */
export async function sendUnitsToReview(
  tx: Executor,
  provisionId: number,
  unitIds: number[],
  reviewBy: number,
): Promise<number> {
  if (unitIds.length === 0) return 0;
  return updateFinancedUnits(
    tx,
    { inReview: true, reviewBy },
    eq(provisionUnits.provisionId, provisionId),
    inArray(provisionUnits.id, unitIds),
  );
}

/**
 * Send to CRM: one queued insertion per included unit (the insertion cycle job takes them, decision 011). Liberar:
 * one 'released' row per included unit instead (decision 055), which the cycle never takes: the unit holds its amount
 * until the release reconciliation sees the CRM list its credit.
 */
export async function queueCrmInsertions(
  tx: Executor,
  provisionId: number,
  now: Date,
  status: 'queued' | typeof INSERTION_STATUS_RELEASED = 'queued',
): Promise<number> {
  const rows = await tx.execute<{ id: number }>(sql`
    insert into ${crmInsertions} (unit_id, provision_id, status, created_at, updated_at)
    select ${provisionUnits.id}, ${provisionUnits.provisionId}, ${status}, ${now}, ${now}
    from ${provisionUnits}
    where ${provisionUnits.provisionId} = ${provisionId} and ${provisionUnits.included}
    returning id`);
  return rows.rows.length;
}

/** How many signing documents (evidence type 1) the provision holds. */
export async function countSigningDocuments(db: Executor, provisionId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(evidences)
    .where(and(eq(evidences.provisionId, provisionId), eq(evidences.type, EVIDENCE_TYPE.SIGNING_DOCUMENT)));
  return row?.n ?? 0;
}

/**
 * A window of the provision's units in `unitsOf`'s order (id ascending), for GET /api/provisions/{id}/units/page
 * (issue 31): the follow-up page reads its units a page at a time.
 */
export async function unitsPageOf(db: Executor, provisionId: number, limit: number, offset: number) {
  return db
    .select()
    .from(provisionUnits)
    .where(eq(provisionUnits.provisionId, provisionId))
    .orderBy(asc(provisionUnits.id))
    .limit(limit)
    .offset(offset);
}

/** How many units the provision has, and how many the administrator reviewed (`unitsInReviewCount`'s count). */
export async function unitCountsOf(db: Executor, provisionId: number): Promise<{ units: number; inReview: number }> {
  const [row] = await db
    .select({
      units: sql<number>`count(*)::int`,
      inReview: sql<number>`(count(*) filter (where ${provisionUnits.reviewAf}))::int`,
    })
    .from(provisionUnits)
    .where(eq(provisionUnits.provisionId, provisionId));
  return row ?? { units: 0, inReview: 0 };
}

/** The provision's own evidences (no unit's) with their files, in upload order: `evidencesOf` less the units'. */
export async function ownEvidencesOf(db: Executor, provisionId: number) {
  return db
    .select({ evidence: evidences, file: files })
    .from(evidences)
    .innerJoin(files, eq(files.id, evidences.fileId))
    .where(and(eq(evidences.provisionId, provisionId), isNull(evidences.unitId)))
    .orderBy(asc(evidences.position), asc(evidences.id));
}

/** The evidences of these units with their files, in `evidencesOf`'s order (a page of units). */
export async function evidencesOfUnits(db: Executor, unitIds: number[]) {
  if (unitIds.length === 0) return [];
  return db
    .select({ evidence: evidences, file: files })
    .from(evidences)
    .innerJoin(files, eq(files.id, evidences.fileId))
    .where(inArray(evidences.unitId, unitIds))
    .orderBy(asc(evidences.position), asc(evidences.id));
}

const actorName = sql<
  string | null
>`nullif(trim(coalesce(${users.firstname}, '') || ' ' || coalesce(${users.lastname}, '')), '')`;

/** The provision's audit rows (entity 'provision'), oldest first, with the actor's name. */
export async function provisionAudit(db: Executor, provisionId: number) {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorId: auditLog.actorId,
      actorName,
      actorEmail: users.email,
      action: auditLog.action,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(eq(auditLog.entity, 'provision'), eq(auditLog.entityId, String(provisionId))))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
}

/** Every check result stored for the provision's units (unit_validations), oldest first. */
export async function provisionValidations(db: Executor, provisionId: number) {
  return db
    .select({
      id: unitValidations.id,
      at: unitValidations.validatedAt,
      check: unitValidations.check,
      vin: unitValidations.vin,
      valid: unitValidations.valid,
      reason: unitValidations.reason,
      actorId: unitValidations.requestedBy,
      actorName,
      actorEmail: users.email,
    })
    .from(unitValidations)
    .innerJoin(provisionUnits, eq(provisionUnits.id, unitValidations.unitId))
    .leftJoin(users, eq(users.id, unitValidations.requestedBy))
    .where(eq(provisionUnits.provisionId, provisionId))
    .orderBy(asc(unitValidations.validatedAt), asc(unitValidations.id));
}
