import { and, eq, inArray, sql } from 'drizzle-orm';
import { PROVISION_STATUS } from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { provisionUnits, provisions } from '../../db/schema/financing';
import { accounts, companies } from '../../db/schema/organisation';
import type { AccountScope } from '../organisation-lookups';
import { accountScopeWhere } from '../organisation-lookups';

/** Spec 3 §4: the provisions whose units are financed — Autorizada (8) and Liberada (10). */
export const FINANCED_STATUSES = [PROVISION_STATUS.AUTHORIZED, PROVISION_STATUS.RELEASED];

export type FinancedUnit = {
  unitId: number;
  vin: string;
  plazo: number | null;
  isSold: boolean;
  clientId: string | null;
  creditLine: string;
};

/**
 * The financed units the scope reaches (decision 043): the units of the live provisions at 8 or 10 of the accounts
 * in scope (an administrator: the accounts of the operators it registered, decision 014), not sent back for review.
 */
export async function financedUnits(db: Executor, scope: AccountScope, unitIds?: number[]): Promise<FinancedUnit[]> {
  const inScope = sql`select ${accounts.id} from ${accounts} where ${accountScopeWhere(scope)}`;
  return db
    .select({
      unitId: provisionUnits.id,
      vin: provisionUnits.vinNumber,
      plazo: provisions.deadlines,
      isSold: provisionUnits.isSold,
      clientId: companies.clientId,
      creditLine: provisions.creditLine,
    })
    .from(provisionUnits)
    .innerJoin(provisions, eq(provisions.id, provisionUnits.provisionId))
    .innerJoin(companies, eq(companies.id, provisions.companyId))
    .where(
      and(
        sql`${provisions.accountId} in (${inScope})`,
        inArray(provisions.status, FINANCED_STATUSES),
        eq(provisions.isArchived, false),
        eq(provisionUnits.inReview, false),
        unitIds === undefined ? undefined : inArray(provisionUnits.id, unitIds),
      ),
    );
}

/** Stores the layout's choice on the units: term and availability for refinancing; each unit's version bumped. */
export async function applyLayout(
  tx: Executor,
  units: { unitId: number; deadlines: number | null; canRefinancing: boolean }[],
): Promise<void> {
  for (let i = 0; i < units.length; i += 1000) {
    const values = sql.join(
      units
        .slice(i, i + 1000)
        .map((u) => sql`(${u.unitId}::int, ${u.deadlines}::smallint, ${u.canRefinancing}::boolean)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${provisionUnits} set deadlines = v.deadlines, can_refinance = v.can_refinance,
        version = ${provisionUnits.version} + 1
      from (values ${values}) as v(id, deadlines, can_refinance)
      where ${provisionUnits.id} = v.id`);
  }
}
