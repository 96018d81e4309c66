import { eq } from 'drizzle-orm';
import { Money } from '@planpiso/domain';
import type { Db } from '../src/db/client';
import { crmInsertions, provisionUnits, provisions } from '../src/db/schema/financing';
import { companies } from '../src/db/schema/organisation';
import { users } from '../src/db/schema/users';

// Provisions, units and CRM insertion attempts on the demo population (a seededDatabase), for the tests of the
// credit failures and the jobs. The demo company Autos del Norte is the CRM's client 10001. Their units go on
// its second line, LC-10001-02: inserting units lowers a line's balance in the CRM, and external.test.ts reads the
// first line's balance from the same simulator.

export type InsertionStatus = 'queued' | 'inserted' | 'failed' | 'archived';

export async function demoNorth(db: Db) {
  const [company] = await db
    .select({ id: companies.id, accountId: companies.accountId, legalName: companies.legalName })
    .from(companies)
    .where(eq(companies.clientId, '10001'));
  const [agent] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'agencia@autosdelnorte.mx'));
  return { company: company!, agentId: agent!.id };
}

/**
 * A provision of Autos del Norte with one unit per VIN, in `status`, each unit of `unitAmount` (bench/crm-insertion.ts
 * makes its 1,000 units of one peso here too).
 */
export async function createProvision(db: Db, vins: string[], status = 8, unitAmount = '250000.00') {
  const { company, agentId } = await demoNorth(db);
  const [provision] = await db
    .insert(provisions)
    .values({
      status,
      accountId: company.accountId,
      companyId: company.id,
      creditLine: 'LC-10001-02',
      // A Seminuevos line in the CRM.
      typeLine: '100000001',
      deadlines: 3,
      total: Money.sum(vins.map(() => Money.of(unitAmount))).toDecimalString(),
      registerBy: agentId,
      approvedDate: '2026-11-20',
    })
    .returning({ id: provisions.id, folio: provisions.folio });
  const units = await db
    .insert(provisionUnits)
    .values(
      vins.map((vin, index) => ({
        provisionId: provision!.id,
        vinNumber: vin,
        agency: 'Monterrey',
        brandName: 'Nissan',
        type: 'Sedan',
        model: '2026',
        description: 'Versa Sense',
        color: 'Blanco',
        insideColor: 'Negro',
        motorNumber: `MTR-${index}`,
        amount: unitAmount,
      })),
    )
    .returning({ id: provisionUnits.id, vin: provisionUnits.vinNumber });
  return { provision: provision!, units };
}

/** A provision with one unit per VIN, each on its way into the CRM in `status` (a 'failed' one is a credit failure). */
export async function queueInsertions(db: Db, vins: string[], status: InsertionStatus, lastDate?: Date) {
  const { provision, units } = await createProvision(db, vins);
  const rows = await db
    .insert(crmInsertions)
    .values(
      units.map((unit) => ({
        unitId: unit.id,
        provisionId: provision.id,
        status,
        lastDate: lastDate ?? (status === 'queued' ? null : new Date()),
        attempts: status === 'queued' ? 0 : 1,
        lastError: status === 'failed' ? 'La unidad tiene un crédito previo sin liquidar' : '',
      })),
    )
    .returning({ id: crmInsertions.id });
  return { provision, ids: rows.map((row) => row.id) };
}

export async function insertionRow(db: Db, id: number) {
  const [row] = await db.select().from(crmInsertions).where(eq(crmInsertions.id, id));
  return row!;
}

/** Polls `check` until it answers truthy (jobs run on their own schedule), failing after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false | null>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('the expected state did not arrive in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
