import { Money } from '../money';
import { availableBalance } from './credit-lines';
import { PROVISION_STATUS, UNITS_RESERVE_UNTIL_INSERTED_STATUS, reservesBalance } from './provision-status';

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

/**
 * A closed provision (decision 054): authorised (8), rejected (9), released (10) or cancelled (11). Its follow-up page
 * shows the balances as they were at Confirmar, never the line's live ones, which move with every other provision.
 */
export const CLOSED_PROVISION_STATUSES: readonly number[] = [
  PROVISION_STATUS.AUTHORIZED,
  PROVISION_STATUS.REJECTED,
  PROVISION_STATUS.RELEASED,
  PROVISION_STATUS.CANCELLED,
];

export const provisionClosed = (status: number): boolean => CLOSED_PROVISION_STATUSES.includes(status);

/**
 * The snapshot Confirmar stores (decision 054), taken under the line's lock: the figures the follow-up page shows
 * right after the confirmation. `line` is the locked line (its montoRestante and what every hold on it adds up to,
 * this provision's hold before the confirmation — `ownHeld` — included); `total` the confirmed total (its included
 * units).
 */
export function confirmationBalances(
  line: { montoRestante: Money; reserved: Money },
  ownHeld: Money,
  total: Money,
): FollowUpBalances {
  const reservedAfter = line.reserved.sub(ownHeld).add(total);
  return followUpBalances(availableBalance(line.montoRestante, reservedAfter), total, PROVISION_STATUS.ACCEPTED);
}

/** What the follow-up page shows as balances: live while open, the Confirmar snapshot once closed. */
export type FollowUpBalanceView =
  | { kind: 'live'; available: Money | null; remaining: Money | null }
  | { kind: 'confirmed'; available: Money; remaining: Money; at: string }
  | { kind: 'notRecorded' };

/**
 * Decision 054: an open provision shows the line's live balances (unknown, null, until the line was read from the
 * CRM); a closed one the snapshot taken at Confirmar, with when; a closed one without a snapshot (rejected before
 * any confirmation, or confirmed before snapshots were kept) shows no amounts, and says why.
 */
export function followUpBalanceView(provision: {
  status: number;
  total: string;
  balances: { available: string; known: boolean } | null;
  confirmedBalances: { available: string; remaining: string; at: string } | null;
}): FollowUpBalanceView {
  if (provisionClosed(provision.status)) {
    const snapshot = provision.confirmedBalances;
    if (!snapshot) return { kind: 'notRecorded' };
    return {
      kind: 'confirmed',
      available: Money.of(snapshot.available),
      remaining: Money.of(snapshot.remaining),
      at: snapshot.at,
    };
  }
  if (!provision.balances?.known) return { kind: 'live', available: null, remaining: null };
  const live = followUpBalances(Money.of(provision.balances.available), Money.of(provision.total), provision.status);
  return { kind: 'live', ...live };
}
