/** The grace period from a sale to its payoff when nothing else is configured (issue 29 item 2: default 10). */
export const DEFAULT_PAYOFF_GRACE_DAYS = 10;

/**
 * When a sold unit's payoff is due: `graceDays` calendar days after `soldAt` (YYYY-MM-DD each).
 * TODO(issue 29): use `payoffDueDate` from packages/domain/src/financing/financed-unit-machine.ts (business days on
 * the lender's calendar) once it is merged, and the grace configured in /configuraciones.
 */
export function calendarPayoffDueDate(soldAt: string, graceDays: number = DEFAULT_PAYOFF_GRACE_DAYS): string {
  const due = new Date(`${soldAt}T00:00:00Z`);
  due.setUTCDate(due.getUTCDate() + graceDays);
  return due.toISOString().slice(0, 10);
}
