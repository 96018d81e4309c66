import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { INSERTION_STATUS_RELEASED } from '@planpiso/domain';
import { companies } from '../../db/schema/organisation';
import { crmInsertions, provisionUnits, provisions } from '../../db/schema/financing';
import { refinancingUnits, refinancings } from '../../db/schema/refinancings';
import type { Executor } from '../../db/client';
import type { AppDeps, Logger } from '../../platform/deps';
import { transaction } from '../../platform/transaction';
import { moveInsertion } from '../credit-failures';
import { registerInsertedUnit } from '../financed-units';
import type { CreditLinesService } from './service';

/** A unit released without the CRM (Liberar, decision 055) whose credit the CRM has not listed yet. */
export type ReleasedUnit = { id: number; vin: string; creditLine: string; clientNumber: string };

/** Every 'released' insertion row, with the VIN, the line it was drawn on and the client the CRM files it under. */
export async function releasedAwaitingCrm(db: Executor): Promise<ReleasedUnit[]> {
  const fromRefinancing = sql`${crmInsertions.refinancingUnitId} is not null`;
  const rows = await db
    .select({
      id: crmInsertions.id,
      vin: provisionUnits.vinNumber,
      creditLine: sql<string>`case when ${fromRefinancing} then ${refinancings.creditLine} else ${provisions.creditLine} end`,
      clientNumber: companies.clientId,
    })
    .from(crmInsertions)
    .innerJoin(provisionUnits, eq(provisionUnits.id, crmInsertions.unitId))
    .innerJoin(provisions, eq(provisions.id, crmInsertions.provisionId))
    .innerJoin(companies, eq(companies.id, provisions.companyId))
    .leftJoin(refinancingUnits, eq(refinancingUnits.id, crmInsertions.refinancingUnitId))
    .leftJoin(refinancings, eq(refinancings.id, refinancingUnits.refinancingId))
    .where(eq(crmInsertions.status, INSERTION_STATUS_RELEASED))
    .orderBy(crmInsertions.id);
  return rows.flatMap((row) => (row.clientNumber ? [{ ...row, clientNumber: row.clientNumber }] : []));
}

/** The CRM credit numbers some insertion row already stands for: each CRM credit counts one of our units once. */
async function claimedCreditNumbers(db: Executor, numbers: string[]): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const rows = await db
    .select({ creditNumber: crmInsertions.creditNumber })
    .from(crmInsertions)
    .where(and(isNotNull(crmInsertions.creditNumber), inArray(crmInsertions.creditNumber, numbers)));
  return new Set(rows.map((row) => row.creditNumber!));
}

/**
 * The release reconciliation (decision 055). Units released without the CRM (Liberar, provisions and refinancings at
 * 10) keep holding their amounts on the line until the CRM lists their credits. For each client with such units it
 * reads the CRM's credit inventory — outside any transaction, like every CRM call — and a unit whose VIN the CRM lists
 * on the same line, under a credit number no other unit of ours stands for, is marked 'inserted' with that number
 * (a conditional move: two runs count it once). The lines it touched are read again from the CRM first, so the cached
 * remaining amount already has the credits when the holds stop (between the two, the amount counts twice: never an
 * overdraw). A CRM outage leaves the units held for the next run.
 */
export function createReleaseReconciliation(
  { db, adapters }: Pick<AppDeps, 'db' | 'adapters'>,
  creditLines: Pick<CreditLinesService, 'refreshFromCrm'>,
  log?: Pick<Logger, 'warn'>,
) {
  return async function reconcile(): Promise<{ counted: number; pending: number }> {
    const released = await releasedAwaitingCrm(db);
    const byClient = new Map<string, ReleasedUnit[]>();
    for (const unit of released) byClient.set(unit.clientNumber, [...(byClient.get(unit.clientNumber) ?? []), unit]);
    let counted = 0;
    for (const [clientNumber, units] of byClient) {
      let listed;
      try {
        listed = await adapters.crm.inventory(clientNumber, {});
      } catch (error) {
        log?.warn({ err: error, clientNumber }, 'release reconciliation: the CRM did not answer');
        continue;
      }
      const claimed = await claimedCreditNumbers(
        db,
        listed.map((credit) => credit.noCredito),
      );
      const matches: { unit: ReleasedUnit; creditNumber: string }[] = [];
      for (const unit of units) {
        const credit = listed.find(
          (row) =>
            row.vin.toUpperCase() === unit.vin.toUpperCase() &&
            row.lineaCredito === unit.creditLine &&
            !claimed.has(row.noCredito),
        );
        if (!credit) continue;
        claimed.add(credit.noCredito);
        matches.push({ unit, creditNumber: credit.noCredito });
      }
      const refreshed = new Set<string>();
      for (const line of new Set(matches.map((match) => match.unit.creditLine))) {
        try {
          await creditLines.refreshFromCrm(line);
          refreshed.add(line);
        } catch (error) {
          log?.warn({ err: error, line }, 'release reconciliation: the line could not be read again');
        }
      }
      for (const { unit, creditNumber } of matches.filter((match) => refreshed.has(match.unit.creditLine))) {
        // The move and the register's credit number together (issue 29): a unit never shows inserted without it.
        const moved = await transaction(db, async (tx) => {
          if (!(await moveInsertion(tx, unit.id, INSERTION_STATUS_RELEASED, 'inserted', { creditNumber })))
            return false;
          await registerInsertedUnit(tx, unit.id, new Date(), null);
          return true;
        });
        if (moved) counted++;
      }
    }
    return { counted, pending: released.length - counted };
  };
}

export type ReleaseReconciliation = ReturnType<typeof createReleaseReconciliation>;
