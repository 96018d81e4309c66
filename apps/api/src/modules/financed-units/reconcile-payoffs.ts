import { and, count, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import {
  CRM_BALANCES_BATCH,
  FINANCED_UNIT_MESSAGES as TEXT,
  FINANCED_UNIT_STATUS,
  SYSTEM_ACTOR,
  askFinancedUnit,
  businessClock,
  noticeHoldLifted,
  type CrmCreditBalance,
} from '@planpiso/domain';
import { ExternalServiceError } from '../../adapters/errors';
import type { Executor } from '../../db/client';
import { financedUnits } from '../../db/schema/financed-units';
import type { AppDeps } from '../../platform/deps';
import { noticeUnitAudience, type FinancedUnitNoticeDeps } from './notices';
import { soldOutOfTrustHoldOf } from './sold-out-of-trust-facts';
import { moveFinancedUnitBySystem } from './system-move';

/** The units whose payoff the control waits for: sold (by report or by the grace's end) and not yet paid. */
const AWAITING_PAYOFF = [FINANCED_UNIT_STATUS.SOLD, FINANCED_UNIT_STATUS.SOLD_OUT_OF_TRUST];

/** The company's units still in SOT (the one just paid already moved in this transaction). */
async function soldOutOfTrustLeft(tx: Executor, companyId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(financedUnits)
    .where(
      and(eq(financedUnits.companyId, companyId), eq(financedUnits.status, FINANCED_UNIT_STATUS.SOLD_OUT_OF_TRUST)),
    );
  return row?.n ?? 0;
}

/**
 * Keeps the CRM's money on the rows for the register's list (decision 080): a cache, no move, no version bump. One
 * UPDATE for a batch of balances.
 */
async function storeBalances(db: Executor, balances: { id: number; balance: CrmCreditBalance }[], asOf: string) {
  if (balances.length === 0) return;
  const rows = balances.map(
    ({ id, balance }) =>
      sql`(${id}::int, ${balance.principal}::numeric, ${balance.accruedInterest}::numeric, ${balance.paidTotal}::numeric,
        ${balance.nextCurtailment?.date ?? null}::date, ${balance.nextCurtailment?.amount ?? null}::numeric)`,
  );
  await db.execute(sql`update ${financedUnits} set
      balance_principal = v.principal, balance_interest = v.interest, balance_paid_total = v.paid,
      next_curtailment_date = v.next_date, next_curtailment_amount = v.next_amount, balance_as_of = ${asOf}::date
    from (values ${sql.join(rows, sql`, `)}) as v(id, principal, interest, paid, next_date, next_amount)
    where ${financedUnits.id} = v.id`);
}

/**
 * The register's reconciliation with the CRM (issue 29 items 1 and 2), one CRM call per batch of CRM_BALANCES_BATCH
 * credits, one at a time and outside any transaction (ARCHITECTURE §6):
 * - the units read keep the CRM's balance on their rows (principal, interest, payments, next curtailment: what the
 *   list shows). `scope: 'sold'` (the control's frequent pass) reads the sold units only; `scope: 'all'` (the
 *   register's reconciliation at its configured interval) every unit not yet Liquidada with a credit number;
 * - a credit the CRM shows liquidado moves its unit to Liquidada (the machine's recordPayoff, as the system) with its
 *   history and audit rows; when that was the company's last unit in SOT, the hold lifts and the dealer and the
 *   account's operator are told (noticeHoldLifted), in the same transaction — unless an approved exception had
 *   lifted it already.
 * A CRM that fails for a batch leaves its units for the next pass. Answers how many units moved to Liquidada.
 */
export async function reconcilePayoffs(
  { db, clock, adapters, ...notices }: Pick<AppDeps, 'db' | 'clock' | 'adapters'> & FinancedUnitNoticeDeps,
  scope: 'sold' | 'all' = 'sold',
) {
  const today = businessClock(clock.now()).day;
  const outstanding = await db
    .select({
      id: financedUnits.id,
      version: financedUnits.version,
      status: financedUnits.status,
      vin: financedUnits.vin,
      accountId: financedUnits.accountId,
      companyId: financedUnits.companyId,
      creditNumber: financedUnits.creditNumber,
      soldOutOfTrustAt: financedUnits.soldOutOfTrustAt,
    })
    .from(financedUnits)
    .where(
      and(
        ne(financedUnits.status, FINANCED_UNIT_STATUS.PAID),
        isNotNull(financedUnits.creditNumber),
        scope === 'all' ? undefined : inArray(financedUnits.status, AWAITING_PAYOFF),
      ),
    )
    .orderBy(financedUnits.id);
  let moved = 0;
  for (let start = 0; start < outstanding.length; start += CRM_BALANCES_BATCH) {
    const batch = outstanding.slice(start, start + CRM_BALANCES_BATCH);
    let balances: CrmCreditBalance[];
    try {
      balances = await adapters.crm.creditBalances(
        batch.map((unit) => unit.creditNumber!),
        today,
      );
    } catch (error) {
      // The CRM's failure leaves the batch for the next pass; anything else is a bug, and fails the pass loudly.
      if (error instanceof ExternalServiceError) continue;
      throw error;
    }
    const byCredit = new Map(balances.map((balance) => [balance.creditNumber, balance]));
    const read = batch.flatMap((unit) => {
      const balance = byCredit.get(unit.creditNumber!);
      return balance ? [{ unit, balance }] : [];
    });
    await storeBalances(
      db,
      read.map(({ unit, balance }) => ({ id: unit.id, balance })),
      today,
    );
    for (const { unit, balance } of read) {
      if (await recordPayoffOf(unit, balance)) moved += 1;
    }
  }
  return moved;

  /** A credit the CRM shows liquidado: its unit moves to Liquidada (and the hold may lift). Whether it moved. */
  async function recordPayoffOf(unit: (typeof outstanding)[number], balance: CrmCreditBalance): Promise<boolean> {
    if (balance.status !== 'liquidado' || balance.paidOffAt === null) return false;
    const verdict = askFinancedUnit(SYSTEM_ACTOR, 'recordPayoff', { status: unit.status });
    if (!verdict.allowed) return false;
    const wasHolding = unit.status === FINANCED_UNIT_STATUS.SOLD_OUT_OF_TRUST;
    const changed = await moveFinancedUnitBySystem(db, clock.now(), unit, {
      to: verdict.to,
      set: { paidAt: balance.paidOffAt },
      kind: 'paid',
      action: 'paid',
      details: { creditNumber: unit.creditNumber, paidAt: balance.paidOffAt, paidTotal: balance.paidTotal },
      after: async (tx) => {
        if (!wasHolding || (await soldOutOfTrustLeft(tx, unit.companyId)) > 0) return;
        // Only a payoff that lifts a hold in force reactivates the drawdowns: an exception approved since the unit fell
        // into SOT had lifted it already (reviewer #11).
        const held = await soldOutOfTrustHoldOf(tx, unit.companyId, today, {
          units: 1,
          latestAt: unit.soldOutOfTrustAt,
        });
        if (!held.held) return;
        await noticeUnitAudience(tx, notices, unit, {
          title: TEXT.noticeHoldLiftedTitle,
          message: noticeHoldLifted(unit.vin),
        });
      },
    });
    return changed;
  }
}
