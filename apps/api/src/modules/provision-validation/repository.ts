import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { EVIDENCE_TYPE, PROVISION_STATUS, PROVISION_TRANSITIONS } from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { files, evidences } from '../../db/schema/files';
import { provisionUnits, provisions, unitValidations } from '../../db/schema/financing';
import { companies } from '../../db/schema/organisation';
import { provisionSettings } from '../../db/schema/provision-settings';
import { provisionScopeWhere, shownFolio } from '../provisions';
import type { ProvisionScope } from '../provisions';

/** The name of the validation job's queue (jobs/provision-validation.ts); the sweep reads pg-boss's rows by it. */
export const PROVISION_VALIDATION_JOB = 'provision-validation';

/** What the mover needs of a provision, locked for the rest of `tx`. */
export async function lockProvisionForMove(tx: Executor, id: number) {
  const [row] = await tx
    .select({
      id: provisions.id,
      status: provisions.status,
      version: provisions.version,
      accountId: provisions.accountId,
      registerBy: provisions.registerBy,
      legalId: provisions.legalId,
      creditLine: provisions.creditLine,
      createdAt: provisions.createdAt,
      isArchived: provisions.isArchived,
      folio: shownFolio,
      companyName: companies.name,
    })
    .from(provisions)
    .innerJoin(companies, eq(companies.id, provisions.companyId))
    .where(eq(provisions.id, id))
    .for('update', { of: provisions })
    .limit(1);
  return row;
}

export async function provisionStatus(db: Executor, id: number) {
  const [row] = await db
    .select({ status: provisions.status, isArchived: provisions.isArchived })
    .from(provisions)
    .where(eq(provisions.id, id))
    .limit(1);
  return row;
}

/** The units a validation round checks: the included ones, with their verdicts so far. */
export async function unitsToValidate(db: Executor, provisionId: number) {
  return db
    .select({
      id: provisionUnits.id,
      vin: provisionUnits.vinNumber,
      amount: provisionUnits.amount,
      validRepuve: provisionUnits.validRepuve,
      validTransunion: provisionUnits.validTransunion,
      validAx: provisionUnits.validAx,
      validInvoice: provisionUnits.validInvoice,
    })
    .from(provisionUnits)
    .where(and(eq(provisionUnits.provisionId, provisionId), eq(provisionUnits.included, true)))
    .orderBy(asc(provisionUnits.id));
}

/** A new round: no verdict yet for any unit of the provision (the history keeps every earlier one). */
export async function clearVerdicts(tx: Executor, provisionId: number): Promise<void> {
  await tx
    .update(provisionUnits)
    .set({ validRepuve: null, validTransunion: null, validAx: null, validInvoice: null, invoiceDate: null })
    .where(eq(provisionUnits.provisionId, provisionId));
}

export type VerdictColumn = 'validRepuve' | 'validTransunion' | 'validAx';

/**
 * Writes a verdict only where the round has none yet: true when this call wrote it (and so records its history
 * row), false when another run of the job got there first.
 */
export async function setVerdict(tx: Executor, unitId: number, column: VerdictColumn, valid: boolean) {
  const rows = await tx
    .update(provisionUnits)
    .set({ [column]: valid })
    .where(and(eq(provisionUnits.id, unitId), isNull(provisionUnits[column])))
    .returning({ id: provisionUnits.id });
  return rows.length > 0;
}

export async function setInvoiceVerdict(
  tx: Executor,
  unitId: number,
  verdict: { valid: boolean; invoiceDate: string | null },
) {
  const rows = await tx
    .update(provisionUnits)
    .set({ validInvoice: verdict.valid, invoiceDate: verdict.invoiceDate })
    .where(and(eq(provisionUnits.id, unitId), isNull(provisionUnits.validInvoice)))
    .returning({ id: provisionUnits.id });
  return rows.length > 0;
}

/** The XML evidences (types 7 and 8) of a unit, oldest first: its CFDI invoices. */
export async function xmlEvidencesOf(db: Executor, unitId: number) {
  return db
    .select({ key: files.key, size: files.size })
    .from(evidences)
    .innerJoin(files, eq(files.id, evidences.fileId))
    .where(
      and(
        eq(evidences.unitId, unitId),
        inArray(evidences.type, [EVIDENCE_TYPE.UNIT_EVIDENCE, EVIDENCE_TYPE.UNIT_DOCUMENT]),
        or(eq(files.contentType, 'application/xml'), sql`lower(${files.originalName}) like '%.xml'`),
      ),
    )
    .orderBy(asc(evidences.position), asc(evidences.id));
}

/**
 * Provisions sent to validation (2) before `since` with no live validation job (created, retrying or running): the
 * ones a job gave up on after its last retry, or whose job was lost. The sweep queues them again.
 */
export async function provisionsAwaitingValidation(db: Executor, since: Date): Promise<number[]> {
  const rows = await db
    .select({ id: provisions.id })
    .from(provisions)
    .where(
      and(
        eq(provisions.status, PROVISION_STATUS.SENT_TO_VALIDATE),
        eq(provisions.isArchived, false),
        lt(provisions.updatedAt, since),
        sql`not exists (select 1 from pgboss.job as j where j.name = ${PROVISION_VALIDATION_JOB}
          and j.data->>'provisionId' = ${provisions.id}::text and j.state < 'completed')`,
      ),
    )
    .orderBy(asc(provisions.id));
  return rows.map((row) => row.id);
}

/** How many days a provision may stay open (provision_settings.provision_days); null when not configured. */
export async function provisionDays(db: Executor): Promise<number | null> {
  const [row] = await db.select({ days: provisionSettings.provisionDays }).from(provisionSettings).limit(1);
  return row?.days ?? null;
}

/** The statuses the machine lets a provision expire from (1–6, its `expire` rows). */
export const EXPIRING_STATUSES = PROVISION_TRANSITIONS.flatMap((t) =>
  t.action === 'expire' && t.from !== null ? [t.from] : [],
);

/** Open provisions (statuses 1–6) created before `cutoff`: the expiry's candidates, with their line. */
export async function expiredProvisions(db: Executor, cutoff: Date) {
  return db
    .select({ id: provisions.id, creditLine: provisions.creditLine })
    .from(provisions)
    .where(
      and(
        inArray(provisions.status, EXPIRING_STATUSES),
        eq(provisions.isArchived, false),
        lt(provisions.createdAt, cutoff),
      ),
    )
    .orderBy(asc(provisions.id));
}

/** The unit, if its provision is in the caller's scope (provisionScopeOf). */
export async function findUnitInScope(db: Executor, scope: ProvisionScope, unitId: number) {
  if (scope.kind === 'none') return undefined;
  const [row] = await db
    .select({ id: provisionUnits.id })
    .from(provisionUnits)
    .innerJoin(provisions, eq(provisions.id, provisionUnits.provisionId))
    .where(and(eq(provisionUnits.id, unitId), provisionScopeWhere(scope)))
    .limit(1);
  return row;
}

/** A unit's history of verdicts, oldest first. */
export async function validationsOf(db: Executor, unitId: number) {
  return db
    .select({
      check: unitValidations.check,
      valid: unitValidations.valid,
      reason: unitValidations.reason,
      at: unitValidations.validatedAt,
    })
    .from(unitValidations)
    .where(eq(unitValidations.unitId, unitId))
    .orderBy(asc(unitValidations.validatedAt), asc(unitValidations.id));
}
