import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { userCompanies } from '../../db/schema/assignments';
import { unitValidations } from '../../db/schema/financing';
import { companies } from '../../db/schema/organisation';
import { users } from '../../db/schema/users';
import { companyScopeWhere as accountCompaniesWhere } from '../organisation-lookups/repository';
import type { ClientScope } from './policy';

/** The companies (live accounts only) an actor's client scope reaches, as a WHERE on `companies`. */
function companyScopeWhere(scope: ClientScope): SQL {
  switch (scope.kind) {
    case 'all':
    case 'operated':
      return accountCompaniesWhere(scope);
    case 'own':
      // A dealer's companies: the ones assigned to it, and the active one it picked in the header.
      return and(
        accountCompaniesWhere({ kind: 'all' }),
        sql`(${companies.id} in (select ${userCompanies.companyId} from ${userCompanies} where ${userCompanies.userId} = ${scope.userId})
          or ${companies.id} = (select ${users.companyId} from ${users} where ${users.id} = ${scope.userId}))`,
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

export type ValidationRecord = { vin: string; check: 1 | 2 | 3; valid: boolean; reason: string };

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
