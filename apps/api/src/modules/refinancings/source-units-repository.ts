import { and, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { OPEN_REFINANCING_STATUSES, type RefinancingUnitsQuery } from '@planpiso/domain';
import type { Executor, Tx } from '../../db/client';
import { provisionUnits, provisions } from '../../db/schema/financing';
import { accounts, companies } from '../../db/schema/organisation';
import { refinancingUnits, refinancings } from '../../db/schema/refinancings';
import { containsPattern, orderBy, textKey, type Window } from '../../platform/listing';
import { accountScopeWhere } from '../organisation-lookups';
import { FINANCED_STATUSES } from '../layouts';
import type { RefinancingScope } from './policy';

// The financed provision units a refinancing draws from (decision 044); the refinancing rows live in repository.ts.
/** The WHERE of the financed units a scope reaches (decision 044: the layout's financed units, by company). */
function unitScopeWhere(scope: RefinancingScope): SQL | undefined {
  switch (scope.kind) {
    case 'lender':
      return sql`${provisions.accountId} in (select ${accounts.id} from ${accounts} where ${accountScopeWhere(scope.accounts)})`;
    case 'company':
      return eq(provisions.companyId, scope.companyId);
    default:
      return sql`false`;
  }
}

/** A unit in an open refinancing (statuses 1–7) is not available for another one. */
const inOpenRefinancing = sql`exists (select 1 from ${refinancingUnits}
  join ${refinancings} on ${refinancings.id} = ${refinancingUnits.refinancingId}
  where ${refinancingUnits.sourceUnitId} = ${provisionUnits.id}
    and ${inArray(refinancings.status, [...OPEN_REFINANCING_STATUSES])})`;

const availableColumns = {
  id: provisionUnits.id,
  vinNumber: provisionUnits.vinNumber,
  model: provisionUnits.model,
  motorNumber: provisionUnits.motorNumber,
  color: provisionUnits.color,
  brandName: provisionUnits.brandName,
  deadlines: provisionUnits.deadlines,
  amount: provisionUnits.amount,
  isSold: provisionUnits.isSold,
  validRepuve: provisionUnits.validRepuve,
  validTransunion: provisionUnits.validTransunion,
  validAx: provisionUnits.validAx,
  companyId: provisions.companyId,
  companyName: companies.name,
  creditLine: provisions.creditLine,
  createdAt: provisionUnits.createdAt,
  version: provisionUnits.version,
};

/** Financed (8 or 10), made refinanceable by the layout, not sent back for review. */
const financedAndRefinanceable = () =>
  and(
    inArray(provisions.status, FINANCED_STATUSES),
    eq(provisions.isArchived, false),
    eq(provisionUnits.inReview, false),
    eq(provisionUnits.canRefinance, true),
  );

export async function availableUnits(
  db: Executor,
  scope: RefinancingScope,
  query: RefinancingUnitsQuery,
  window: Window,
) {
  const where = and(
    unitScopeWhere(scope),
    financedAndRefinanceable(),
    sql`not ${inOpenRefinancing}`,
    eq(provisionUnits.isSold, query.isSold === 'true'),
    query.company === undefined ? undefined : eq(provisions.companyId, query.company),
    query.vinNumber ? ilike(provisionUnits.vinNumber, containsPattern(query.vinNumber)) : undefined,
    query.motorNumber ? ilike(provisionUnits.motorNumber, containsPattern(query.motorNumber)) : undefined,
    query.creditLine ? eq(provisions.creditLine, query.creditLine) : undefined,
  );
  const base = () =>
    db
      .select(availableColumns)
      .from(provisionUnits)
      .innerJoin(provisions, eq(provisions.id, provisionUnits.provisionId))
      .innerJoin(companies, eq(companies.id, provisions.companyId))
      .where(where);
  const order = orderBy(
    query.sort,
    'vinNumber:asc',
    {
      vinNumber: textKey(provisionUnits.vinNumber),
      deadlines: provisionUnits.deadlines,
      amount: provisionUnits.amount,
    },
    provisionUnits.id,
  );
  const rows = window
    ? await base()
        .orderBy(...order)
        .limit(window.limit)
        .offset(window.offset)
    : await base().orderBy(...order);
  const [total] = await db
    .select({ n: count() })
    .from(provisionUnits)
    .innerJoin(provisions, eq(provisions.id, provisionUnits.provisionId))
    .innerJoin(companies, eq(companies.id, provisions.companyId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** One financed unit in scope (for set-deadlines / set-sold), whatever its availability. */
export async function findFinancedUnit(db: Executor, scope: RefinancingScope, unitId: number) {
  const [row] = await db
    .select(availableColumns)
    .from(provisionUnits)
    .innerJoin(provisions, eq(provisions.id, provisionUnits.provisionId))
    .innerJoin(companies, eq(companies.id, provisions.companyId))
    .where(and(unitScopeWhere(scope), financedAndRefinanceable(), eq(provisionUnits.id, unitId)))
    .limit(1);
  return row;
}

export async function updateUnit(db: Executor, unitId: number, values: { deadlines?: number; isSold?: boolean }) {
  const [row] = await db
    .update(provisionUnits)
    .set({ ...values, version: sql`${provisionUnits.version} + 1` })
    .where(eq(provisionUnits.id, unitId))
    .returning({ id: provisionUnits.id, deadlines: provisionUnits.deadlines, isSold: provisionUnits.isSold });
  return row!;
}

/**
 * The units a create asks for, locked (FOR UPDATE of the unit rows, so two creates with one unit go one after the
 * other whatever their lines), with what the rules need: the company, whether financed and refinanceable, and
 * whether an open refinancing already holds it.
 */
export async function lockUnitsForCreate(tx: Tx, unitIds: number[]) {
  const locked = await tx
    .select({ id: provisionUnits.id })
    .from(provisionUnits)
    .where(inArray(provisionUnits.id, unitIds))
    .orderBy(provisionUnits.id)
    .for('update');
  if (locked.length === 0) return [];
  return tx
    .select({
      ...availableColumns,
      agency: provisionUnits.agency,
      type: provisionUnits.type,
      description: provisionUnits.description,
      insideColor: provisionUnits.insideColor,
      refinanceable: sql<boolean>`(${financedAndRefinanceable()})`,
      inOpenRefinancing: sql<boolean>`${inOpenRefinancing}`,
    })
    .from(provisionUnits)
    .innerJoin(provisions, eq(provisions.id, provisionUnits.provisionId))
    .innerJoin(companies, eq(companies.id, provisions.companyId))
    .where(inArray(provisionUnits.id, unitIds));
}
