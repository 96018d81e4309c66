import { and, inArray, isNotNull } from 'drizzle-orm';
import {
  FINANCED_UNIT_STATUS,
  SYSTEM_ACTOR,
  askFinancedUnit,
  businessClock,
  type CrmCreditBalance,
} from '@planpiso/domain';
import { financedUnits } from '../../db/schema/financed-units';
import type { AppDeps } from '../../platform/deps';
import { moveFinancedUnitBySystem } from './system-move';

/** The units whose payoff the control waits for: sold (by report or by the grace's end) and not yet paid. */
const AWAITING_PAYOFF = [FINANCED_UNIT_STATUS.SOLD, FINANCED_UNIT_STATUS.SOLD_OUT_OF_TRUST];

/**
 * The CRM is the source of a credit's money (issue 29 item 1): each sold unit with a credit number is asked about,
 * one CRM call at a time and outside any transaction (ARCHITECTURE §6); a credit the CRM shows liquidado moves its
 * unit to Liquidada (the machine's recordPayoff, as the system) with its history and audit rows, which lifts the
 * company's hold once no other unit keeps it. A CRM that fails for one credit leaves that unit for the next pass.
 * Answers how many units moved.
 */
export async function reconcilePayoffs({ db, clock, adapters }: Pick<AppDeps, 'db' | 'clock' | 'adapters'>) {
  const awaiting = await db
    .select({
      id: financedUnits.id,
      version: financedUnits.version,
      status: financedUnits.status,
      creditNumber: financedUnits.creditNumber,
    })
    .from(financedUnits)
    .where(and(inArray(financedUnits.status, AWAITING_PAYOFF), isNotNull(financedUnits.creditNumber)));
  let moved = 0;
  for (const unit of awaiting) {
    let balance: CrmCreditBalance | null;
    try {
      balance = await adapters.crm.creditBalance(unit.creditNumber!, businessClock(clock.now()).day);
    } catch {
      continue;
    }
    if (balance?.status !== 'liquidado' || balance.paidOffAt === null) continue;
    const verdict = askFinancedUnit(SYSTEM_ACTOR, 'recordPayoff', { status: unit.status });
    if (!verdict.allowed) continue;
    const changed = await moveFinancedUnitBySystem(db, clock.now(), unit, {
      to: verdict.to,
      set: { paidAt: balance.paidOffAt },
      kind: 'paid',
      action: 'paid',
      details: { creditNumber: unit.creditNumber, paidAt: balance.paidOffAt, paidTotal: balance.paidTotal },
    });
    if (changed) moved += 1;
  }
  return moved;
}
