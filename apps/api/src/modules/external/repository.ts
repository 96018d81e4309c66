import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { userCompanies } from '../../db/schema/assignments';
import { provisionUnits, provisions, unitValidations } from '../../db/schema/financing';
import { accounts, companies } from '../../db/schema/organisation';
import { users } from '../../db/schema/users';
import { companyScopeWhere as accountCompaniesWhere } from '../organisation-lookups';
import type { ClientScope } from './policy';

/** The companies (live accounts only) an actor's client scope reaches, as a WHERE on `companies`. */
function companyScopeWhere(scope: ClientScope): SQL {
  switch (scope.kind) {
    case 'all':
    case 'operated':
      return accountCompaniesWhere(scope);
    case 'own':
      // A dealer's companies: only those with a live assignment, of its own account (issue 14 §2.1–2). The
      // active company of the header counts only while it is assigned, so it adds nothing here.
      return and(
        accountCompaniesWhere({ kind: 'all' }),
        sql`${companies.id} in (select ${userCompanies.companyId} from ${userCompanies}
          inner join ${users} on ${users.id} = ${userCompanies.userId} and ${users.accountId} = ${userCompanies.accountId}
          where ${userCompanies.userId} = ${scope.userId})`,
      )!;
  }
}

/** Is `clientNumber` one of the scope's clients? 'all' reaches clients with no company yet, too. */
export async function clientInScope(db: Executor, scope: ClientScope, clientNumber: string): Promise<boolean> {
  if (scope.kind === 'all') return true;
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.clientId, clientNumber), companyScopeWhere(scope)))
    .limit(1);
  return row !== undefined;
}

/** The registered company of each client number given (to mark the CRM's clients the wizard already used). */
export async function companiesByClient(db: Executor, clientNumbers: string[]) {
  if (clientNumbers.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ id: companies.id, clientId: companies.clientId })
    .from(companies)
    .where(inArray(companies.clientId, clientNumbers));
  return new Map(rows.map((row) => [row.clientId!, row.id]));
}

/** The client numbers of a dealer's companies. */
export async function ownClientNumbers(db: Executor, scope: ClientScope): Promise<Set<string>> {
  const rows = await db.select({ clientId: companies.clientId }).from(companies).where(companyScopeWhere(scope));
  return new Set(rows.map((row) => row.clientId).filter((id): id is string => id !== null));
}

/** check: 1 REPUVE, 2 TransUnion, 3 AX, 4 the unit's CFDI invoice (decision 035). */
export type ValidationRecord = { vin: string; check: 1 | 2 | 3 | 4; valid: boolean; reason: string };

/** The history of verdicts (GET /reports/historical-validations): who asked, which check, what it said. */
export async function recordValidations(
  db: Executor,
  records: ValidationRecord[],
  requestedBy: number | null,
  unitId: number | null = null,
) {
  if (records.length === 0) return;
  await db.insert(unitValidations).values(records.map((record) => ({ ...record, requestedBy, unitId })));
}

/** Is `vin` a unit of a provision of one of the scope's companies (the units an actor holds)? */
export async function vinInScope(db: Executor, scope: ClientScope, vin: string): Promise<boolean> {
  const [row] = await db
    .select({ id: provisionUnits.id })
    .from(provisionUnits)
    .innerJoin(provisions, eq(provisions.id, provisionUnits.provisionId))
    .innerJoin(companies, eq(companies.id, provisions.companyId))
    .where(and(sql`upper(${provisionUnits.vinNumber}) = ${vin}`, companyScopeWhere(scope)))
    .limit(1);
  return row !== undefined;
}

/**
 * Which companies' units hold `vin` (an upper-case VIN), seen from a scope: some of the scope's, some outside it
 * (decision 063). One statement; a VIN no unit holds is neither.
 */
export async function vinHolders(
  db: Executor,
  scope: ClientScope,
  vin: string,
): Promise<{ inScope: boolean; outsideScope: boolean }> {
  const inside = companyScopeWhere(scope);
  const [row] = await db
    .select({
      inScope: sql<boolean>`coalesce(bool_or(${inside}), false)`,
      outsideScope: sql<boolean>`coalesce(bool_or(not (${inside})), false)`,
    })
    .from(provisionUnits)
    .innerJoin(provisions, eq(provisions.id, provisionUnits.provisionId))
    .innerJoin(companies, eq(companies.id, provisions.companyId))
    .where(sql`upper(${provisionUnits.vinNumber}) = ${vin}`);
  return { inScope: row?.inScope === true, outsideScope: row?.outsideScope === true };
}

/**
 * May this dealer enter units now? Its active company is one assigned to it, active, of an active account that is
 * not archived (spec 3 §5 pre-checks: no account or company, no provision). The audit half of spec 3 §4's
 * eligibility (suspended audits without an approved exception) joins here when audits exist.
 */
export async function companyEligibleForEntry(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(users)
    .innerJoin(companies, and(eq(companies.id, users.companyId), eq(companies.accountId, users.accountId)))
    .innerJoin(accounts, eq(accounts.id, companies.accountId))
    .innerJoin(userCompanies, and(eq(userCompanies.userId, users.id), eq(userCompanies.companyId, companies.id)))
    .where(
      and(
        eq(users.id, userId),
        eq(companies.isActive, true),
        eq(accounts.isActive, true),
        eq(accounts.isArchived, false),
      ),
    )
    .limit(1);
  return row !== undefined;
}
