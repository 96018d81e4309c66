import { Money } from '../money';

/**
 * The available balance of a credit line: what the CRM says remains, minus what open provisions already reserve,
 * never below 0 (spec 3 §5 "Available balance", ARCHITECTURE §6 "No overdraw"). Exact cents: no rounding needed.
 */
export function availableBalance(montoRestante: Money, reserved: Money): Money {
  return montoRestante.sub(reserved).atLeastZero();
}

/**
 * May `amount` be reserved on a line whose available balance is `available`? Spec 3 §5 blocks a total that leaves
 * the remaining balance (available − total) below 0; exactly 0 left is allowed.
 */
export const fitsBalance = (available: Money, amount: Money): boolean => !amount.greaterThan(available);

/**
 * The terms of a line from the CRM's `plazos` ('1|2|3|6'): '|'-separated, blanks dropped, sorted ascending
 * (spec 2 §3, spec 3 §3). Anything that is not a whole number of months is dropped too, and repeats once.
 */
export function parseTerms(plazos: string | null | undefined): number[] {
  const terms = new Set<number>();
  for (const part of (plazos ?? '').split('|')) {
    const text = part.trim();
    if (!/^\d+$/.test(text)) continue;
    const months = Number(text);
    if (months > 0) terms.add(months);
  }
  return [...terms].sort((a, b) => a - b);
}
