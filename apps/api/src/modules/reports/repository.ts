import { and, count, eq, ilike, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { STATISTICS_EXCLUDED_STATUSES } from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { userCompanies } from '../../db/schema/assignments';
import { provisions, unitValidations } from '../../db/schema/financing';
import { companies } from '../../db/schema/organisation';
import { users } from '../../db/schema/users';
import { BUSINESS_TIME_ZONE, containsPattern, withinDays, type Window, pageWithCount } from '../../platform/listing';
import { companyScopeWhere } from '../organisation-lookups';
import type { AccountScope } from '../organisation-lookups';

export async function customers(db: Executor, scope: AccountScope) {
  const rows = await db
    .select({ accountId: companies.accountId, id: companies.id, name: companies.name, clientId: companies.clientId })
    .from(companies)
    .where(companyScopeWhere(scope))
    .orderBy(sql`lower(${companies.name}) collate "C"`, companies.id);
  if (rows.length === 0) return [];
  // Each company's legal representative: its first type 4 user (spec 2 §3 "Customer option: ... legal").
  const legals = await db
    .select({ companyId: userCompanies.companyId, id: users.id, firstname: users.firstname, lastname: users.lastname })
    .from(userCompanies)
    .innerJoin(users, eq(users.id, userCompanies.userId))
    .where(
      and(
        inArray(
          userCompanies.companyId,
          rows.map((row) => row.id),
        ),
        eq(users.type, 4),
        eq(users.isArchived, false),
      ),
    )
    .orderBy(users.id);
  return rows.map((row) => {
    const legal = legals.find((l) => l.companyId === row.id);
    return { ...row, legal: legal ? { id: legal.id, firstname: legal.firstname, lastname: legal.lastname } : null };
  });
}

export async function customerByClient(db: Executor, scope: AccountScope, clientId: string) {
  const [row] = await db
    .select({ id: companies.id, name: companies.name, legalName: companies.legalName, clientId: companies.clientId })
    .from(companies)
    .where(and(eq(companies.clientId, clientId), companyScopeWhere(scope)))
    .limit(1);
  return row;
}

const monthOf = sql<string>`to_char(timezone(${BUSINESS_TIME_ZONE}, ${provisions.createdAt}), 'YYYY-MM')`;

/** The company's provisions that count (not rejected, cancelled or archived), by Mexico City month. */
export async function provisionsByMonth(
  db: Executor,
  companyId: number,
  filters: { creditLine?: string; from: string; to: string },
) {
  const where = [
    eq(provisions.companyId, companyId),
    eq(provisions.isArchived, false),
    notInArray(provisions.status, [...STATISTICS_EXCLUDED_STATUSES]),
    ...withinDays(provisions.createdAt, filters.from, filters.to),
  ];
  if (filters.creditLine) where.push(eq(provisions.creditLine, filters.creditLine));
  const rows = await db
    .select({ month: monthOf, total: provisions.total })
    .from(provisions)
    .where(and(...where));
  return rows;
}

export async function creditLinesOf(db: Executor, companyId: number) {
  return db
    .selectDistinct({ creditLine: provisions.creditLine, typeLine: provisions.typeLine })
    .from(provisions)
    .where(eq(provisions.companyId, companyId))
    .orderBy(provisions.creditLine);
}

export const validationSortFields = {
  validatedAt: unitValidations.validatedAt,
  vin: unitValidations.vin,
  check: unitValidations.check,
};

export async function historicalValidations(
  db: Executor,
  filters: { vin?: string; check?: number; from?: string; to?: string },
  window: Window,
  order: SQL[],
) {
  const where: SQL[] = [...withinDays(unitValidations.validatedAt, filters.from, filters.to)];
  if (filters.vin) where.push(ilike(unitValidations.vin, containsPattern(filters.vin)));
  if (filters.check) where.push(eq(unitValidations.check, filters.check));
  const condition = where.length > 0 ? and(...where) : undefined;
  const query = db
    .select({
      id: unitValidations.id,
      vin: unitValidations.vin,
      check: unitValidations.check,
      valid: unitValidations.valid,
      reason: unitValidations.reason,
      firstname: users.firstname,
      lastname: users.lastname,
      validatedAt: sql<string>`to_char(timezone(${BUSINESS_TIME_ZONE}, ${unitValidations.validatedAt}), 'DD/MM/YYYY HH24:MI')`,
    })
    .from(unitValidations)
    .leftJoin(users, eq(users.id, unitValidations.requestedBy))
    .where(condition)
    .orderBy(...order);
  return pageWithCount(query, window, db.select({ n: count() }).from(unitValidations).where(condition));
}
