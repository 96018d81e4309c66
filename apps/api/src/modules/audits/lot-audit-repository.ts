import { and, asc, count, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { LOT_AUDIT_SNAPSHOT_STATUSES, LOT_AUDIT_STATUS, USER_TYPE } from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { userCompanies } from '../../db/schema/assignments';
import { audits } from '../../db/schema/audits';
import { files } from '../../db/schema/files';
import { financedUnits } from '../../db/schema/financed-units';
import { auditUnits } from '../../db/schema/lot-audits';
import { accounts, companies } from '../../db/schema/organisation';
import { users } from '../../db/schema/users';
import type { AuthUser } from '../../platform/auth';
import { accountScopeOf, accountScopeWhere } from '../organisation-lookups';

/**
 * Whose audits a caller checks units of (decision 081): the lender (types 1–3) the audits of the accounts it reaches
 * (as every lender list), the dealer only the self-audits requested of its own company (type 5 its active company,
 * type 4 the companies assigned to it, exactly as provisions). Anything else is not found.
 */
export function lotAuditScopeWhere(actor: AuthUser): SQL {
  switch (actor.type) {
    case USER_TYPE.SUPER_USER:
    case USER_TYPE.PROVIDER_ADMIN:
    case USER_TYPE.PROVIDER_OPERATOR:
      return sql`${audits.accountId} in (select ${accounts.id} from ${accounts} where ${accountScopeWhere(accountScopeOf(actor))})`;
    case USER_TYPE.LEGAL_REPRESENTATIVE:
      if (!actor.accountId) return sql`false`;
      return and(
        isNotNull(audits.selfAuditDeadline),
        sql`${audits.companyId} in (select ${userCompanies.companyId} from ${userCompanies} where ${userCompanies.userId} = ${actor.id})`,
      )!;
    case USER_TYPE.AGENCY_OPERATOR:
      return actor.companyId
        ? and(isNotNull(audits.selfAuditDeadline), eq(audits.companyId, actor.companyId))!
        : sql`false`;
    default:
      return sql`false`;
  }
}

const auditColumns = {
  id: audits.id,
  folio: audits.folio,
  auditor: audits.auditor,
  companyId: audits.companyId,
  companyName: companies.name,
  initialDate: audits.initialDate,
  endDate: audits.endDate,
  status: audits.status,
  selfAuditDeadline: audits.selfAuditDeadline,
  unitsSnapshotAt: audits.unitsSnapshotAt,
  closedAt: audits.closedAt,
  version: audits.version,
};
export type LotAuditRow = {
  id: number;
  folio: string;
  auditor: string;
  companyId: number;
  companyName: string;
  initialDate: string;
  endDate: string;
  status: number;
  selfAuditDeadline: string | null;
  unitsSnapshotAt: Date | null;
  closedAt: Date | null;
  version: number;
};

/** One audit the caller reaches, its row locked for a move when asked; undefined otherwise (404). */
export async function findLotAudit(
  db: Executor,
  actor: AuthUser,
  id: number,
  options: { lock?: boolean } = {},
): Promise<LotAuditRow | undefined> {
  const query = db
    .select(auditColumns)
    .from(audits)
    .innerJoin(companies, eq(companies.id, audits.companyId))
    .where(and(eq(audits.id, id), lotAuditScopeWhere(actor)))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: audits }) : await query;
  return row;
}

/** The audits the caller reaches, open ones first, then the newest; at most 200 (a dealer has a handful). */
export async function listLotAudits(db: Executor, actor: AuthUser): Promise<LotAuditRow[]> {
  return db
    .select(auditColumns)
    .from(audits)
    .innerJoin(companies, eq(companies.id, audits.companyId))
    .where(lotAuditScopeWhere(actor))
    .orderBy(asc(audits.status), sql`${audits.initialDate} desc`, sql`${audits.id} desc`)
    .limit(200);
}

/** Checked and total units of each audit (its progress). */
export async function unitCounts(
  db: Executor,
  auditIds: number[],
): Promise<Map<number, { checked: number; total: number }>> {
  if (auditIds.length === 0) return new Map();
  const rows = await db
    .select({
      auditId: auditUnits.auditId,
      total: count(),
      checked: sql<number>`count(${auditUnits.result})::int`,
    })
    .from(auditUnits)
    .where(inArray(auditUnits.auditId, auditIds))
    .groupBy(auditUnits.auditId);
  return new Map(rows.map((row) => [row.auditId, { checked: row.checked, total: row.total }]));
}

/**
 * The snapshot (issue 29 §3 "an audit takes a snapshot of the company's financed units when it starts"): the
 * company's units Vigente or Vendida now, with what the report shows of them. Once per unit and audit.
 */
export async function snapshotUnits(tx: Executor, auditId: number, companyId: number, at: Date): Promise<number> {
  const statuses = sql.join(
    LOT_AUDIT_SNAPSHOT_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const inserted = await tx.execute(sql`
    insert into ${auditUnits} (audit_id, financed_unit_id, vin, model, description, amount, created_at)
    select ${auditId}, ${financedUnits.id}, ${financedUnits.vin}, ${financedUnits.model}, ${financedUnits.description},
           ${financedUnits.amount}, ${at.toISOString()}::timestamptz
      from ${financedUnits}
     where ${financedUnits.companyId} = ${companyId} and ${financedUnits.status} in (${statuses})
    on conflict do nothing`);
  await tx.update(audits).set({ unitsSnapshotAt: at }).where(eq(audits.id, auditId));
  return inserted.rowCount ?? 0;
}

/** An audit registered for another company before any unit was checked: its snapshot is taken again. */
export async function dropUncheckedSnapshot(tx: Executor, auditId: number): Promise<boolean> {
  const [checked] = await tx
    .select({ n: count() })
    .from(auditUnits)
    .where(and(eq(auditUnits.auditId, auditId), isNotNull(auditUnits.result)));
  if ((checked?.n ?? 0) > 0) return false;
  await tx.delete(auditUnits).where(eq(auditUnits.auditId, auditId));
  return true;
}

const unitColumns = {
  id: auditUnits.id,
  financedUnitId: auditUnits.financedUnitId,
  vin: auditUnits.vin,
  model: auditUnits.model,
  description: auditUnits.description,
  amount: auditUnits.amount,
  result: auditUnits.result,
  photoFileId: auditUnits.photoFileId,
  checkedAt: auditUnits.checkedAt,
  checkedBy: auditUnits.checkedBy,
  checkedByName: sql<
    string | null
  >`case when ${users.id} is null then null else ${users.firstname} || ' ' || ${users.lastname} end`,
  latitude: auditUnits.latitude,
  longitude: auditUnits.longitude,
  findingDeadline: auditUnits.findingDeadline,
};
export type AuditUnitRow = {
  id: number;
  financedUnitId: number;
  vin: string;
  model: string;
  description: string;
  amount: string;
  result: number | null;
  photoFileId: number | null;
  checkedAt: Date | null;
  checkedBy: number | null;
  checkedByName: string | null;
  latitude: number | null;
  longitude: number | null;
  findingDeadline: string | null;
};

/** The audit's units by VIN; `vin` narrows to that one. */
export async function auditUnitsOf(
  db: Executor,
  auditId: number,
  only: { vin?: string; id?: number } = {},
): Promise<AuditUnitRow[]> {
  return db
    .select(unitColumns)
    .from(auditUnits)
    .leftJoin(users, eq(users.id, auditUnits.checkedBy))
    .where(
      and(
        eq(auditUnits.auditId, auditId),
        only.vin === undefined ? undefined : eq(auditUnits.vin, only.vin),
        only.id === undefined ? undefined : eq(auditUnits.id, only.id),
      ),
    )
    .orderBy(asc(auditUnits.vin), asc(auditUnits.id));
}

/** One audit's checked units and those not yet checked (`unitCounts` for one id). */
export async function unitCountsOf(db: Executor, auditId: number): Promise<{ checked: number; pending: number }> {
  const counts = (await unitCounts(db, [auditId])).get(auditId) ?? { checked: 0, total: 0 };
  return { checked: counts.checked, pending: counts.total - counts.checked };
}

/** The check of one unit of the audit; false when the audit has no such unit. */
export async function markUnit(
  tx: Executor,
  auditId: number,
  unitId: number,
  check: {
    result: number;
    photoFileId: number | null;
    checkedAt: Date;
    checkedBy: number;
    latitude: number | null;
    longitude: number | null;
  },
): Promise<boolean> {
  const moved = await tx
    .update(auditUnits)
    .set(check)
    .where(and(eq(auditUnits.id, unitId), eq(auditUnits.auditId, auditId)))
    .returning({ id: auditUnits.id });
  return moved.length === 1;
}

/** A stored file's owner and sniffed type (the photo's checks). */
export async function fileFacts(db: Executor, fileId: number) {
  const [row] = await db
    .select({ id: files.id, uploadedBy: files.uploadedBy, contentType: files.contentType, key: files.key })
    .from(files)
    .where(eq(files.id, fileId))
    .limit(1);
  return row;
}

/** The stored files of `ids` (the report's photos) in one query: their storage keys and sniffed types. */
export async function filesFacts(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: files.id, contentType: files.contentType, key: files.key })
    .from(files)
    .where(inArray(files.id, ids));
}

export async function setSelfAuditDeadline(tx: Executor, id: number, deadline: string, at: Date): Promise<void> {
  await tx
    .update(audits)
    .set({ selfAuditDeadline: deadline, version: sql`${audits.version} + 1`, updatedAt: at })
    .where(eq(audits.id, id));
}

/** The checked units with their financed unit, those rows locked: what the close moves. */
export async function lockCheckedUnits(tx: Executor, auditId: number) {
  return tx
    .select({
      auditUnitId: auditUnits.id,
      result: auditUnits.result,
      vin: auditUnits.vin,
      checkedAt: auditUnits.checkedAt,
      checkedBy: auditUnits.checkedBy,
      financedUnitId: financedUnits.id,
      accountId: financedUnits.accountId,
      companyId: financedUnits.companyId,
      status: financedUnits.status,
      version: financedUnits.version,
      releasedOn: financedUnits.releasedOn,
      payoffDueDate: financedUnits.payoffDueDate,
    })
    .from(auditUnits)
    .innerJoin(financedUnits, eq(financedUnits.id, auditUnits.financedUnitId))
    .where(and(eq(auditUnits.auditId, auditId), isNotNull(auditUnits.result)))
    .orderBy(asc(financedUnits.id))
    .for('update', { of: financedUnits });
}

export async function setFindingDeadline(tx: Executor, auditUnitId: number, deadline: string): Promise<void> {
  await tx.update(auditUnits).set({ findingDeadline: deadline }).where(eq(auditUnits.id, auditUnitId));
}

export async function closeAudit(tx: Executor, id: number, version: number, by: number, at: Date): Promise<boolean> {
  const moved = await tx
    .update(audits)
    .set({
      status: LOT_AUDIT_STATUS.CLOSED,
      closedAt: at,
      closedBy: by,
      version: sql`${audits.version} + 1`,
      updatedAt: at,
    })
    .where(and(eq(audits.id, id), eq(audits.version, version)))
    .returning({ id: audits.id });
  return moved.length === 1;
}
