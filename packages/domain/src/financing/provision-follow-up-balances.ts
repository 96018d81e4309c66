import { Money } from '../money';
import { UNITS_RESERVE_UNTIL_INSERTED_STATUS, reservesBalance } from './provision-status';

export type FollowUpBalances = { available: Money; remaining: Money };

/**
 * The follow-up page's balances, in the words of the create screen (spec 3 §5): "Available balance = remaining amount
 * of the line minus the reserved amount ... Remaining balance = available minus total". Seen from one provision, the
 * line's available balance already has this provision's own hold taken out while its status holds money (1–7): it is
 * given back, so the page reads as the create and edit screens do — what was available to the provision, and what is
 * left after it. So is an authorised one's (8): its units hold their amounts until the CRM inserts them, and once
 * inserted the CRM's remaining amount counts them — either way its total is already out of the line's balance. A
 * provision that holds nothing (rejected, released, cancelled) is subtracted as it is.
 */
export function followUpBalances(lineAvailable: Money, total: Money, status: number): FollowUpBalances {
  const ownTotalOut = reservesBalance(status) || status === UNITS_RESERVE_UNTIL_INSERTED_STATUS;
  const available = ownTotalOut ? lineAvailable.add(total) : lineAvailable;
  return { available, remaining: available.sub(total) };
}
