import { z } from 'zod';
import { auditFields, type AuditResponse } from '../contracts/audits';
import { AUDIT_MESSAGES } from '../messages-financing';

/** Spec 3 §2: the list's line state — 'Desactivado' while the audit suspends the provisions panel, else 'Activado'. */
export function auditLineState(isSuspended: boolean): string {
  return isSuspended ? AUDIT_MESSAGES.lineSuspended : AUDIT_MESSAGES.lineActive;
}

/** Days are YYYY-MM-DD, so their text order is their calendar order. An audit may start and end the same day. */
export function auditDaysInOrder(initialDate: string, endDate: string): boolean {
  return endDate >= initialDate;
}

/** The form: the contract's fields plus the days' order as a field error under the end day (spec 3 §5). */
export const auditForm = auditFields.superRefine((value, ctx) => {
  if (!auditDaysInOrder(value.initialDate, value.endDate)) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: AUDIT_MESSAGES.endBeforeStart });
  }
});
export type AuditFormValues = z.infer<typeof auditForm>;

/** The day after a YYYY-MM-DD day, computed in UTC so no time zone moves it. */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export type AuditCalendarEvent = {
  id: string;
  title: string;
  start: string;
  /** Exclusive, as calendars count all-day ends. */
  end: string;
  allDay: true;
  description: string;
};

/**
 * An audit as an all-day calendar event titled 'folio-auditor' with its description (spec 3 §2). Spec 3 §4: "an
 * event whose start equals its end is extended by 1 day". Our days are inclusive at both ends (the eligibility
 * check counts the end day too) and calendars take an exclusive end, so every event ends the day after its end
 * day: a one-day audit lasts one day, and a longer one keeps its last day (decision 041).
 */
export function auditCalendarEvent(
  audit: Pick<AuditResponse, 'id' | 'folio' | 'auditor' | 'description' | 'initialDate' | 'endDate'>,
): AuditCalendarEvent {
  return {
    id: String(audit.id),
    title: `${audit.folio}-${audit.auditor}`,
    start: audit.initialDate,
    end: nextDay(audit.endDate),
    allDay: true,
    description: audit.description,
  };
}

/**
 * The form's auto-select rules (spec 3 §5 "Audit form"): the account is chosen when the user has only one, the
 * company when the chosen account has only one. Otherwise nothing is chosen for the user.
 */
export function onlyChoice<T extends { id: number }>(options: readonly T[] | undefined): number | null {
  return options && options.length === 1 ? options[0]!.id : null;
}
