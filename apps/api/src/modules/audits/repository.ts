import { and, count, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { suspendingAuditsOn } from '../../db/query-parts';
import { audits } from '../../db/schema/audits';
import { accounts, companies } from '../../db/schema/organisation';
import { textKey, type Window, pageWithCount } from '../../platform/listing';
import type { AccountScope } from '../organisation-lookups';
import { companyScopeWhere } from '../organisation-lookups';

/** How many audits suspend the company's provisions panel on `day` (suspendingAuditsOn). */
export async function countSuspendingAudits(db: Executor, companyId: number, day: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(audits).where(suspendingAuditsOn(companyId, day));
  return row?.total ?? 0;
}

const columns = {
  id: audits.id,
  folio: audits.folio,
  auditor: audits.auditor,
  description: audits.description,
  accountId: audits.accountId,
  companyId: audits.companyId,
  isSuspended: audits.isSuspended,
  status: audits.status,
  selfAuditDeadline: audits.selfAuditDeadline,
  registerBy: audits.registerBy,
  initialDate: audits.initialDate,
  endDate: audits.endDate,
  version: audits.version,
  accountName: accounts.name,
  companyName: companies.name,
};
export type AuditRow = {
  id: number;
  folio: string;
  auditor: string;
  description: string;
  accountId: number;
  companyId: number;
  isSuspended: boolean;
  /** The lot audit's (LOT_AUDIT_STATUS: Abierta, Cerrada) and its self-audit's deadline, if requested. */
  status: number;
  selfAuditDeadline: string | null;
  registerBy: number | null;
  initialDate: string;
  endDate: string;
  version: number;
  accountName: string;
  companyName: string;
};

/**
 * Whose audits a caller reaches (spec 3 §6 "audits are filtered by registerBy equal to the current user"; decision
 * 014): the ones it registered, of companies whose account is still in its scope. Anything else is not found.
 */
export type AuditScope = { registerBy: number; accounts: AccountScope };
const scopeWhere = (scope: AuditScope): SQL =>
  and(eq(audits.registerBy, scope.registerBy), companyScopeWhere(scope.accounts))!;

export const auditId = audits.id;
/** Sortable fields (spec 3 §2 columns; §9: company name ascending by default). */
export const auditSortFields = {
  company: textKey(companies.name),
  folio: sql`lpad(${audits.folio}, 30, '0')`,
  initialDate: audits.initialDate,
  endDate: audits.endDate,
  isSuspended: audits.isSuspended,
};

export type AuditFilters = { account?: number; registerBy?: number; from?: string; to?: string };

export async function listAudits(
  db: Executor,
  scope: AuditScope,
  filters: AuditFilters,
  window: Window,
  order: SQL[],
): Promise<{ rows: AuditRow[]; total: number }> {
  const conditions: SQL[] = [scopeWhere(scope)];
  if (filters.account) conditions.push(eq(audits.accountId, filters.account));
  if (filters.registerBy) conditions.push(eq(audits.registerBy, filters.registerBy));
  // Audits whose days touch [from, to].
  if (filters.from) conditions.push(gte(audits.endDate, filters.from));
  if (filters.to) conditions.push(lte(audits.initialDate, filters.to));
  const where = and(...conditions);
  const query = db
    .select(columns)
    .from(audits)
    .innerJoin(companies, eq(companies.id, audits.companyId))
    .innerJoin(accounts, eq(accounts.id, audits.accountId))
    .where(where)
    .orderBy(...order);
  return pageWithCount(
    query,
    window,
    db.select({ n: count() }).from(audits).innerJoin(companies, eq(companies.id, audits.companyId)).where(where),
  );
}

export async function findAudit(
  db: Executor,
  scope: AuditScope,
  id: number,
  options: { lock?: boolean } = {},
): Promise<AuditRow | undefined> {
  const query = db
    .select(columns)
    .from(audits)
    .innerJoin(companies, eq(companies.id, audits.companyId))
    .innerJoin(accounts, eq(accounts.id, audits.accountId))
    .where(and(eq(audits.id, id), scopeWhere(scope)))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: audits }) : await query;
  return row;
}

export type AuditValues = {
  auditor: string;
  description: string;
  accountId: number;
  companyId: number;
  isSuspended: boolean;
  initialDate: string;
  endDate: string;
};

export async function insertAudit(db: Executor, values: AuditValues & { registerBy: number }): Promise<number> {
  const [row] = await db.insert(audits).values(values).returning({ id: audits.id });
  return row!.id;
}

/** Updates at the version the form read; false when the row moved on meanwhile (decision 016). */
export async function updateAudit(db: Executor, id: number, version: number, values: AuditValues): Promise<boolean> {
  const moved = await db
    .update(audits)
    .set({ ...values, version: sql`${audits.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(audits.id, id), eq(audits.version, version)))
    .returning({ id: audits.id });
  return moved.length === 1;
}
