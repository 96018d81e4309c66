import { and, desc, eq, getTableColumns, inArray, isNotNull, max, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { suspendingAuditsOn } from '../../db/query-parts';
import { accountOperators } from '../../db/schema/assignments';
import { exceptions } from '../../db/schema/exceptions';
import { evidences, files } from '../../db/schema/files';
import { audits } from '../../db/schema/audits';
import { accounts, companies } from '../../db/schema/organisation';
import { users } from '../../db/schema/users';
import { pageWithTotal, withinDays, type Counted, type Window } from '../../platform/listing';
import { accountScopeWhere } from '../organisation-lookups';
import type { ExceptionScope } from './policy';

export type ExceptionRow = typeof exceptions.$inferSelect;
/** An exception with its customer's name: what the list and the detail show. */
export type ExceptionWithCompany = ExceptionRow & { companyName: string };

export async function insertException(
  tx: Executor,
  row: Pick<ExceptionRow, 'accountId' | 'companyId' | 'registerBy' | 'type' | 'comment' | 'createdAt' | 'updatedAt'>,
): Promise<ExceptionRow> {
  // The folio comes from its sequence (exception_folio_seq); the status starts at 0, pending (spec 3 §4).
  const [saved] = await tx.insert(exceptions).values(row).returning();
  return saved!;
}

/** The lender's operator (type 3) assigned to the account (spec 2 §4: one per account), if any. */
export async function accountOperatorOf(db: Executor, accountId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: accountOperators.userId })
    .from(accountOperators)
    .where(eq(accountOperators.accountId, accountId))
    .limit(1);
  return row?.userId;
}

/**
 * The administrators (type 2) of the account: those who registered its operators (decision 014: an administrator's
 * accounts are its operators'), told of the operator's observations.
 */
export async function accountAdminsOf(db: Executor, accountId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ adminId: users.registerBy })
    .from(accountOperators)
    .innerJoin(users, eq(users.id, accountOperators.userId))
    .where(and(eq(accountOperators.accountId, accountId), isNotNull(users.registerBy)));
  const ids = rows.map((row) => row.adminId).filter((id): id is number => id !== null);
  if (ids.length === 0) return [];
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.type, 2)));
  return admins.map((row) => row.id);
}

/** The scope as a condition on `exceptions` (ARCHITECTURE §6: a foreign exception is simply not found). */
export function exceptionScopeWhere(scope: ExceptionScope): SQL {
  switch (scope.kind) {
    case 'company':
      return and(eq(exceptions.accountId, scope.accountId), eq(exceptions.companyId, scope.companyId))!;
    case 'accounts':
      return sql`${exceptions.accountId} in (select ${accounts.id} from ${accounts} where ${accountScopeWhere(scope.accounts)})`;
    case 'none':
      return sql`false`;
  }
}

const withCompany = { ...getTableColumns(exceptions), companyName: companies.name };

export type ExceptionFilters = {
  account?: number;
  company?: number;
  folio?: string;
  type?: number;
  from?: string;
  to?: string;
  statuses: readonly number[];
};

export const exceptionSortFields = {
  createdAt: exceptions.createdAt,
  folio: sql`${exceptions.folio}::bigint`,
  status: exceptions.status,
  companyName: sql`lower(${companies.name}) collate "C"`,
};

export async function listExceptions(
  db: Executor,
  scope: ExceptionScope,
  filters: ExceptionFilters,
  window: Window,
  order: SQL[],
): Promise<{ rows: ExceptionWithCompany[] } & Counted> {
  const where = and(
    exceptionScopeWhere(scope),
    filters.statuses.length > 0 ? inArray(exceptions.status, [...filters.statuses]) : sql`false`,
    filters.account ? eq(exceptions.accountId, filters.account) : undefined,
    filters.company ? eq(exceptions.companyId, filters.company) : undefined,
    filters.folio ? eq(exceptions.folio, filters.folio) : undefined,
    filters.type ? eq(exceptions.type, filters.type) : undefined,
    ...withinDays(exceptions.createdAt, filters.from, filters.to),
  );
  return pageWithTotal(
    db,
    db
      .select(withCompany)
      .from(exceptions)
      .innerJoin(companies, eq(companies.id, exceptions.companyId))
      .where(where)
      .orderBy(...order),
    db
      .select({ one: sql`1` })
      .from(exceptions)
      .where(where),
    window,
  );
}

export async function findException(
  db: Executor,
  scope: ExceptionScope,
  id: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<ExceptionWithCompany | undefined> {
  const query = db
    .select(withCompany)
    .from(exceptions)
    .innerJoin(companies, eq(companies.id, exceptions.companyId))
    .where(and(eq(exceptions.id, id), exceptionScopeWhere(scope)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: exceptions }) : await query;
  return row;
}

/** The evidences of these exceptions with their files, oldest first. */
export async function evidencesOf(db: Executor, exceptionIds: number[]) {
  if (exceptionIds.length === 0) return [];
  return db
    .select({ evidence: { id: evidences.id, type: evidences.type, exceptionId: evidences.exceptionId }, file: files })
    .from(evidences)
    .innerJoin(files, eq(files.id, evidences.fileId))
    .where(inArray(evidences.exceptionId, exceptionIds))
    .orderBy(evidences.id);
}

/**
 * For the eligibility check (spec 3 §4; issue 18): the company's latest exception with when it last moved (its
 * approval), and when the latest suspending audit running on `day` was recorded. Reads the audits table only.
 */
export async function approvalAgainstAudits(
  db: Executor,
  companyId: number,
  day: string,
): Promise<{ approvedAt: Date | null; auditRecordedAt: Date | null }> {
  const [latest] = await db
    .select({ status: exceptions.status, updatedAt: exceptions.updatedAt })
    .from(exceptions)
    .where(eq(exceptions.companyId, companyId))
    .orderBy(desc(exceptions.createdAt), desc(exceptions.id))
    .limit(1);
  const [audit] = await db
    .select({ recordedAt: max(audits.createdAt) })
    .from(audits)
    .where(suspendingAuditsOn(companyId, day));
  return {
    approvedAt: latest && latest.status === 2 ? latest.updatedAt : null,
    auditRecordedAt: audit?.recordedAt ?? null,
  };
}
