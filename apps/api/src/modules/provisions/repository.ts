import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CONFIRMED_PROVISION_STATUSES, PROVISION_STATUS, VIN_HOLDING_PROVISION_STATUSES } from '@planpiso/domain';
import type { Executor, Tx } from '../../db/client';
import { userAgencies, userCompanies } from '../../db/schema/assignments';
import { evidences, files } from '../../db/schema/files';
import { provisionUnits, provisions } from '../../db/schema/financing';
import { accounts, agencies, companies } from '../../db/schema/organisation';
import { users } from '../../db/schema/users';
import { accountScopeWhere } from '../organisation-lookups';
import type { ProvisionScope } from './policy';

export type ProvisionRow = typeof provisions.$inferSelect;
export type UnitRow = typeof provisionUnits.$inferSelect;
export type NewUnit = typeof provisionUnits.$inferInsert;
export type FileRow = typeof files.$inferSelect;

const never = sql`false`;

/** The scope of `provisionScopeOf` as a condition on `provisions` alone (no join: the list's indexes serve it). */
export function provisionScopeWhere(scope: ProvisionScope): SQL {
  switch (scope.kind) {
    case 'lender': {
      const inScope = sql`select ${accounts.id} from ${accounts} where ${accountScopeWhere(scope.accounts)}`;
      return and(
        sql`${provisions.accountId} in (${inScope})`,
        sql`${provisions.status} between ${scope.statuses[0]} and ${scope.statuses[1]}`,
      )!;
    }
    case 'legal': {
      const assigned = sql`select ${userCompanies.companyId} from ${userCompanies} where ${userCompanies.userId} = ${scope.userId}`;
      return and(
        sql`${provisions.companyId} in (${assigned})`,
        sql`${provisions.status} between ${scope.statuses[0]} and ${scope.statuses[1]}`,
      )!;
    }
    case 'dealer':
      return eq(provisions.companyId, scope.companyId);
    case 'none':
      return never;
  }
}

/** The number users quote: the manual folio when the provision uses one (spec 3 §2 "N° de Disposición"). */
export const shownFolio = sql<string>`case when ${provisions.useManualFolio} and ${provisions.manualFolio} is not null
  then ${provisions.manualFolio} else ${provisions.folio}::text end`;
/**
 * The units a provision finances, counted by provision_units_provision_idx: the included ones (issue 26 item 9 — a
 * unit a confirmation left out is not financed; before Confirmar every unit is included). Written out with its table
 * names: drizzle leaves select-list columns unqualified in a query without joins, and `provision_id = id` would then
 * compare provision_units with itself.
 */
export const unitCount = sql<number>`(select count(*)::int from "provision_units" as "counted"
  where "counted"."provision_id" = "provisions"."id" and "counted"."included")`;

const operatorName = sql<string>`${users.firstname} || ' ' || ${users.lastname}`;

/** A provision the scope reaches, with the names its detail shows; undefined otherwise (404). */
export async function findProvision(db: Executor, scope: ProvisionScope, id: number) {
  const legal = alias(users, 'legal');
  const [row] = await db
    .select({
      provision: provisions,
      folioShown: shownFolio,
      company: { id: companies.id, name: companies.name, clientId: companies.clientId },
      agencyName: agencies.name,
      legalName: sql<string | null>`${legal.firstname} || ' ' || ${legal.lastname}`,
      operatorName,
    })
    .from(provisions)
    .innerJoin(companies, eq(companies.id, provisions.companyId))
    .leftJoin(users, eq(users.id, provisions.registerBy))
    .leftJoin(agencies, eq(agencies.id, provisions.agencyId))
    .leftJoin(legal, eq(legal.id, provisions.legalId))
    .where(and(eq(provisions.id, id), provisionScopeWhere(scope)))
    .limit(1);
  return row;
}

/** The provision's row locked for the rest of `tx`, if the scope reaches it. */
export async function lockProvision(tx: Executor, scope: ProvisionScope, id: number) {
  const [row] = await tx
    .select()
    .from(provisions)
    .where(and(eq(provisions.id, id), provisionScopeWhere(scope)))
    .for('update')
    .limit(1);
  return row;
}

export async function unitsOf(db: Executor, provisionId: number): Promise<UnitRow[]> {
  return db
    .select()
    .from(provisionUnits)
    .where(eq(provisionUnits.provisionId, provisionId))
    .orderBy(asc(provisionUnits.id));
}

export async function countUnitsOf(db: Executor, provisionId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(provisionUnits)
    .where(eq(provisionUnits.provisionId, provisionId));
  return row?.n ?? 0;
}

/** The evidences of a provision and of its units, with their files, in upload order. */
export async function evidencesOf(db: Executor, provisionId: number) {
  const ofUnits = sql`${evidences.unitId} in (select ${provisionUnits.id} from ${provisionUnits} where ${provisionUnits.provisionId} = ${provisionId})`;
  return db
    .select({ evidence: evidences, file: files })
    .from(evidences)
    .innerJoin(files, eq(files.id, evidences.fileId))
    .where(sql`(${evidences.provisionId} = ${provisionId} or ${ofUnits})`)
    .orderBy(asc(evidences.position), asc(evidences.id));
}

/** The branch, if it is one of `userId`'s assigned branches and belongs to the company (spec 3 §6). */
export async function findAssignedBranch(db: Executor, userId: number, agencyId: number, companyId: number) {
  const [row] = await db
    .select({ id: agencies.id, name: agencies.name })
    .from(agencies)
    .innerJoin(userAgencies, and(eq(userAgencies.agencyId, agencies.id), eq(userAgencies.userId, userId)))
    .where(and(eq(agencies.id, agencyId), eq(agencies.companyId, companyId), eq(agencies.isActive, true)))
    .limit(1);
  return row;
}

/** The legal representative: an active type 4 user assigned to the company (spec 3 §3: person type 4). */
export async function findLegalRepresentative(db: Executor, legalId: number, companyId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userCompanies, and(eq(userCompanies.userId, users.id), eq(userCompanies.companyId, companyId)))
    .where(and(eq(users.id, legalId), eq(users.type, 4), eq(users.isActive, true), eq(users.isArchived, false)))
    .limit(1);
  return row;
}

export async function findCompany(db: Executor, companyId: number) {
  const [row] = await db
    .select({ id: companies.id, name: companies.name, clientId: companies.clientId, accountId: companies.accountId })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row;
}

/**
 * VINs of `vins` that another provision holds (decision 029): one that is open (statuses 1–8, not archived) or
 * financed (released, 10, and not sold) — the domain's `unitHoldsVin`, so not a unit its confirmation left out (it
 * went back to review, decision 054). VINs are stored upper case (the service writes them so), so
 * provision_units_vin_idx answers. Read under the credit line's lock.
 */
export async function vinsHeldElsewhere(
  tx: Executor,
  vins: readonly string[],
  exceptProvisionId: number | null,
): Promise<{ vin: string; folio: string }[]> {
  if (vins.length === 0) return [];
  const upper = [...new Set(vins.map((vin) => vin.toUpperCase()))];
  return tx
    .select({ vin: provisionUnits.vinNumber, folio: shownFolio })
    .from(provisionUnits)
    .innerJoin(provisions, eq(provisions.id, provisionUnits.provisionId))
    .where(
      and(
        inArray(provisionUnits.vinNumber, upper),
        eq(provisions.isArchived, false),
        sql`(${inArray(provisions.status, [...VIN_HOLDING_PROVISION_STATUSES])}
          or (${provisions.status} = ${PROVISION_STATUS.RELEASED} and not ${provisionUnits.isSold}))`,
        // Rejected (9) is outside both; a unit a confirmation left out holds nothing either (unitReturnsToReview).
        sql`not (${inArray(provisions.status, [...CONFIRMED_PROVISION_STATUSES])} and not ${provisionUnits.included})`,
        exceptProvisionId === null ? undefined : sql`${provisions.id} <> ${exceptProvisionId}`,
      ),
    )
    .orderBy(asc(provisionUnits.vinNumber))
    .limit(20);
}

/** The advisory-lock namespace of VIN buckets (any constant no other lock in the schema uses). */
const VIN_LOCK_NAMESPACE = 16_016;
/** Few enough that a 10,000-unit save takes at most this many lock-table slots; enough that unrelated saves rarely meet. */
export const VIN_LOCK_BUCKETS = 256;

/** A VIN's bucket: FNV-1a of its upper-case text, so every API process computes the same one. */
export function vinBucket(vin: string): number {
  let hash = 0x811c9dc5;
  for (const char of vin.toUpperCase()) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % VIN_LOCK_BUCKETS;
}

/**
 * Serialises saves that share a VIN although they lock different credit lines (decision 029 "Double financing"):
 * each save takes, after its line's lock and before it looks for VINs held elsewhere, the transaction-scoped advisory
 * locks of its VINs' buckets, in ascending order (so two saves never wait on each other in a cycle). Released at
 * commit or rollback.
 */
export async function lockVinBuckets(tx: Tx, vins: readonly string[]): Promise<void> {
  const buckets = [...new Set(vins.map(vinBucket))].sort((x, y) => x - y);
  if (buckets.length === 0) return;
  // unnest yields the array in order, so the locks are taken in that order.
  await tx.execute(
    sql`select pg_advisory_xact_lock(${VIN_LOCK_NAMESPACE}, b) from unnest(${`{${buckets.join(',')}}`}::int[]) as b`,
  );
}

export async function insertProvision(tx: Executor, row: typeof provisions.$inferInsert): Promise<ProvisionRow> {
  const [saved] = await tx.insert(provisions).values(row).returning();
  return saved!;
}

export async function updateProvision(
  tx: Executor,
  id: number,
  values: Partial<typeof provisions.$inferInsert>,
): Promise<ProvisionRow> {
  const [saved] = await tx
    .update(provisions)
    .set({ ...values, version: sql`${provisions.version} + 1` })
    .where(eq(provisions.id, id))
    .returning();
  return saved!;
}

/** PostgreSQL takes at most 65,535 parameters a statement: units go in batches (a 10,000-unit CSV). */
const UNIT_BATCH = 1000;

export async function insertUnits(tx: Executor, rows: NewUnit[]): Promise<{ id: number; vinNumber: string }[]> {
  const saved: { id: number; vinNumber: string }[] = [];
  for (let i = 0; i < rows.length; i += UNIT_BATCH) {
    saved.push(
      ...(await tx
        .insert(provisionUnits)
        .values(rows.slice(i, i + UNIT_BATCH))
        .returning({ id: provisionUnits.id, vinNumber: provisionUnits.vinNumber })),
    );
  }
  return saved;
}

/**
 * Rewrites the dealer's fields of many kept units (an edit of a large CSV): one UPDATE … FROM (VALUES …) per batch
 * instead of a round trip per unit, so the credit line's lock is held for milliseconds, not seconds.
 */
export async function updateUnits(tx: Executor, rows: { id: number; values: UnitFields }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += UNIT_BATCH) {
    const values = sql.join(
      rows.slice(i, i + UNIT_BATCH).map(
        ({ id, values: v }) =>
          sql`(${id}::int, ${v.vinNumber}, ${v.agency}, ${v.brandName}, ${v.type}, ${v.model}, ${v.description},
            ${v.color}, ${v.insideColor}, ${v.motorNumber}, ${v.amount}::numeric(14, 2))`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update ${provisionUnits} set vin_number = v.vin, agency = v.agency, brand_name = v.brand, type = v.type,
        model = v.model, description = v.description, color = v.color, inside_color = v.inside,
        motor_number = v.motor, amount = v.amount, included = true
      from (values ${values}) as v(id, vin, agency, brand, type, model, description, color, inside, motor, amount)
      where ${provisionUnits.id} = v.id`);
  }
}

export type UnitFields = {
  vinNumber: string;
  agency: string;
  brandName: string;
  type: string;
  model: string;
  description: string;
  color: string;
  insideColor: string;
  motorNumber: string;
  amount: string;
};

/** A unit in review drawn into a new provision: out of review, its version bumped (a stale /unidades action is 409). */
export async function moveReviewUnit(tx: Executor, id: number, provisionId: number, values: Partial<NewUnit>) {
  await tx
    .update(provisionUnits)
    .set({ ...values, provisionId, inReview: false, reviewBy: null, version: sql`${provisionUnits.version} + 1` })
    .where(eq(provisionUnits.id, id));
}

/** Removes units (and their evidences' rows) an edit dropped; answers the file ids left without an owner. */
export async function deleteUnits(tx: Executor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(evidences).where(inArray(evidences.unitId, ids));
  await tx.delete(provisionUnits).where(inArray(provisionUnits.id, ids));
}

/**
 * Units `userId` has under review (decision 030), locked for the rest of `tx`: a create from review moves them into
 * the new provision.
 */
export async function lockReviewUnits(tx: Executor, userId: number, ids: number[]): Promise<UnitRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(provisionUnits)
    .where(and(inArray(provisionUnits.id, ids), eq(provisionUnits.reviewBy, userId), eq(provisionUnits.inReview, true)))
    .for('update');
}

/** Files locked for the rest of `tx` (a concurrent save or delete of the same upload waits, then sees ours). */
export async function lockFiles(tx: Executor, ids: number[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(files).where(inArray(files.id, ids)).for('update');
}

/** The evidences that already hold these files: read after `lockFiles`, so a commit just before is seen. */
export async function evidencesOfFiles(tx: Executor, fileIds: number[]) {
  if (fileIds.length === 0) return [];
  return tx.select().from(evidences).where(inArray(evidences.fileId, fileIds));
}

export async function insertEvidences(tx: Executor, rows: (typeof evidences.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += UNIT_BATCH) await tx.insert(evidences).values(rows.slice(i, i + UNIT_BATCH));
}

export async function deleteEvidences(tx: Executor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(evidences).where(inArray(evidences.id, ids));
}

/** A type 3 user the caller's account scope reaches through its accounts (types 1 and 2 asking for its list). */
export async function findOperator(db: Executor, userId: number, registeredBy: number | null) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.type, 3),
        registeredBy === null ? undefined : eq(users.registerBy, registeredBy),
      ),
    )
    .limit(1);
  return row;
}

/** The companies assigned to a dealer user (decision 024), as a condition on `companies`. */
export const assignedCompaniesWhere = (userId: number): SQL =>
  sql`${companies.id} in (select ${userCompanies.companyId} from ${userCompanies} where ${userCompanies.userId} = ${userId})`;

/** Whether a company of the CRM client `clientNumber` satisfies `reach` (a company scope condition). */
export async function clientInScope(db: Executor, reach: SQL, clientNumber: string): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.clientId, clientNumber), reach))
    .limit(1);
  return row !== undefined;
}
