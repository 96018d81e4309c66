import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { EVIDENCE_TYPE } from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { evidences, files } from '../../db/schema/files';
import { refinancingUnits, refinancings } from '../../db/schema/refinancings';
import { REFINANCING_DOCUMENTS, signingDocumentsOf } from '../financing';

/** The refinancing's signing documents (evidence type 13) with their files, oldest first. */
export const documentsOf = (db: Executor, refinancingId: number) =>
  signingDocumentsOf(db, REFINANCING_DOCUMENTS, refinancingId);

/** The refinancing's row locked for the rest of `tx`, whatever the caller's scope (the webhook has none). */
export async function lockRefinancingById(tx: Executor, id: number) {
  const [row] = await tx.select().from(refinancings).where(eq(refinancings.id, id)).for('update').limit(1);
  return row;
}

/** The refinancing's unit, if `unitId` is one of its units. */
export async function findUnit(db: Executor, refinancingId: number, unitId: number) {
  const [row] = await db
    .select({ id: refinancingUnits.id, vinNumber: refinancingUnits.vinNumber })
    .from(refinancingUnits)
    .where(and(eq(refinancingUnits.id, unitId), eq(refinancingUnits.refinancingId, refinancingId)))
    .limit(1);
  return row;
}

/** A unit's evidences (type 8) with their files, in upload order. */
export function unitEvidences(db: Executor, unitId: number) {
  return db
    .select({ evidence: evidences, file: files })
    .from(evidences)
    .innerJoin(files, eq(files.id, evidences.fileId))
    .where(and(eq(evidences.refinancingUnitId, unitId), eq(evidences.type, EVIDENCE_TYPE.UNIT_DOCUMENT)))
    .orderBy(asc(evidences.position), asc(evidences.id));
}

export async function nextEvidencePosition(tx: Executor, unitId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${evidences.position}) + 1, 0)::int` })
    .from(evidences)
    .where(eq(evidences.refinancingUnitId, unitId));
  return row?.n ?? 0;
}

/** An evidence of the refinancing — one of its signing documents or an evidence of one of its units — with its file. */
export async function findEvidence(db: Executor, refinancingId: number, evidenceId: number) {
  const ownUnits = db
    .select({ id: refinancingUnits.id })
    .from(refinancingUnits)
    .where(eq(refinancingUnits.refinancingId, refinancingId));
  const [row] = await db
    .select({ evidence: evidences, file: files })
    .from(evidences)
    .innerJoin(files, eq(files.id, evidences.fileId))
    .where(
      and(
        eq(evidences.id, evidenceId),
        or(eq(evidences.refinancingId, refinancingId), inArray(evidences.refinancingUnitId, ownUnits)),
      ),
    )
    .limit(1);
  return row;
}
