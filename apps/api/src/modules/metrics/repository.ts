import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { financedUnits } from '../../db/schema/financed-units';
import { provisions } from '../../db/schema/financing';
import { reservedOnAllLines } from '../credit-lines';

/** What a lender watches, read in three aggregates at scrape time (decision 085). */
export type BusinessFigures = {
  /** Provisions not archived, by status code. */
  provisions: Map<number, number>;
  /** Financed units, by status code (4: sold out of trust). */
  financedUnits: Map<number, number>;
  /** Money reserved on every line by open provisions and refinancings, exact ('151000.75'). */
  reserved: string;
};

async function provisionsByStatus(db: Executor) {
  const result = await db
    .select({ status: provisions.status, count: sql<number>`count(*)::int` })
    .from(provisions)
    .where(eq(provisions.isArchived, false))
    .groupBy(provisions.status);
  return new Map(result.map((row) => [row.status, row.count]));
}

async function unitsByStatus(db: Executor) {
  const result = await db
    .select({ status: financedUnits.status, count: sql<number>`count(*)::int` })
    .from(financedUnits)
    .groupBy(financedUnits.status);
  return new Map(result.map((row) => [row.status, row.count]));
}

export async function readBusinessFigures(db: Executor): Promise<BusinessFigures> {
  const [byProvision, byUnit, reserved] = await Promise.all([
    provisionsByStatus(db),
    unitsByStatus(db),
    reservedOnAllLines(db),
  ]);
  return { provisions: byProvision, financedUnits: byUnit, reserved };
}
