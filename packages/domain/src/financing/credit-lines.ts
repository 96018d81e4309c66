/** Rounds an amount to cents (spec 3 §9 "Balance rounded to 2 decimals"); EPSILON keeps 1.005 from becoming 1. */
export function roundAmount(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}

/**
 * The available balance of a credit line: what the CRM says remains, minus what open provisions already reserve,
 * never below 0 and rounded to 2 decimals (spec 3 §5 "Available balance", ARCHITECTURE §6 "No overdraw").
 */
export function availableBalance(montoRestante: number, reserved: number): number {
  if (!Number.isFinite(montoRestante) || !Number.isFinite(reserved)) return 0;
  return Math.max(0, roundAmount(montoRestante - reserved));
}

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
