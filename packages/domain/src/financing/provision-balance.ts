import { LINE_TYPE } from '../user-types';
import { FINANCING_MESSAGES } from '../messages-financing';
import { Money } from '../money';
import { availableBalance } from './credit-lines';

/**
 * The units step of a provision (spec 3 §2 "Create provision" step 3, §5 "Provision save and confirm"): which units
 * are ticked, their total, and what is left of the credit line. Pure functions over a small state, so the screen
 * and the server's re-check compute the same cents. Amounts are the units' decimal strings (UnitDraft.amount).
 */

/** An evidence file as the units and the provision carry it (spec 3 §3 "Evidence"). */
export type EvidenceRef = { fileName: string; url: string; fileSize?: number; extension?: string; type?: number };

/** Unit evidence types (spec 3 §3): 7 attached with the unit (undeletable), 8 uploaded later. */
export const UNIT_EVIDENCE_TYPE = { ATTACHED: 7, UPLOADED: 8 } as const;

export type SelectableUnit = { amount: string; checked: boolean; evidences?: readonly EvidenceRef[] };

/** The credit line chosen in the step, with its available balance already computed (`lineAvailable`). */
export type StepLine = { id: string; typeLine: number; available: Money };

export type UnitsStep<U extends SelectableUnit> = {
  line: StepLine | null;
  /** Step 1's 'include all units' switch. */
  includeAll: boolean;
  /** Step 1's PDF, given to every unit as evidence when all are included on a Nuevos line. */
  attachment?: EvidenceRef | null;
  units: readonly U[];
};

export type StepBalances = {
  available: Money;
  total: Money;
  remaining: Money;
  canSave: boolean;
  /** 'El monto total supera el saldo restante' when the remaining balance is below 0. */
  message: string | null;
};

const amountOf = (unit: SelectableUnit) => Money.of(unit.amount);

/**
 * A line's available balance: montoRestante minus what open provisions reserve, never below 0, to the cent (spec 3
 * §5). Recompute it whenever the line changes.
 */
export const lineAvailable = (montoRestante: Money, reserved: Money): Money =>
  availableBalance(montoRestante, reserved);

/** The total of the ticked units. */
export const checkedTotal = (units: readonly SelectableUnit[]): Money =>
  Money.sum(units.filter((u) => u.checked).map(amountOf));

/** The figures every screen of a provision or a refinancing shows about its credit line (issue 26). */
export type OperationBalances = { available: Money; total: Money; remaining: Money };

/**
 * The one balance rule of both operations (provisions and refinancings) and of every screen that shows it — the
 * create pages and the refinancing detail (issue 26): Saldo disponible = the line's remaining amount (CRM
 * montoRestante) minus every hold on the line other than this operation's own, never below 0; Saldo restante =
 * disponible − Monto total (below 0 when the total does not fit). Shown for an operation that already holds its
 * total, `otherHolds` leaves that hold out, so the detail shows the figures its create page showed.
 */
export function operationBalances(montoRestante: Money, otherHolds: Money, total: Money): OperationBalances {
  const available = lineAvailable(montoRestante, otherHolds);
  return { available, total, remaining: available.sub(total) };
}

/** Available, total and remaining (available − total); saving is blocked while the remaining is below 0. */
export function stepBalances(step: UnitsStep<SelectableUnit>): StepBalances {
  const available = step.line?.available ?? Money.zero;
  const total = checkedTotal(step.units);
  const remaining = available.sub(total);
  const canSave = !remaining.isNegative();
  return { available, total, remaining, canSave, message: canSave ? null : FINANCING_MESSAGES.balanceExceeded };
}

export const isUsedLine = (typeLine: number) => typeLine === LINE_TYPE.USED;

/**
 * The person ticks or unticks one unit. Ticking needs a chosen line ('Seleccione la línea de crédito') with a balance
 * ('La línea de crédito no puede tener un monto 0'); then it is allowed even past the balance — the save is what
 * refuses a negative remaining (spec 3 §5), so the person sees the figure and unticks. Unticking is always allowed.
 */
export function toggleUnit<U extends SelectableUnit>(
  step: UnitsStep<U>,
  index: number,
  checked: boolean,
): { units: U[]; message: string | null } {
  const units = [...step.units];
  const unit = units[index];
  if (!unit) return { units, message: null };
  if (checked) {
    if (!step.line) return { units, message: FINANCING_MESSAGES.selectCreditLine };
    if (step.line.available.isZero()) return { units, message: FINANCING_MESSAGES.creditLineZero };
  }
  units[index] = { ...unit, checked };
  return { units, message: null };
}

function withAttachment<U extends SelectableUnit>(unit: U, attachment: EvidenceRef | null | undefined): U {
  if (!attachment) return unit;
  const evidences = unit.evidences ?? [];
  if (evidences.some((e) => e.url === attachment.url)) return unit;
  return { ...unit, evidences: [...evidences, { ...attachment, type: UNIT_EVIDENCE_TYPE.ATTACHED }] };
}

/**
 * Ticks the `added` units that still fit, in order, after what `current` already ticks: a unit is auto-marked only
 * when the total plus its amount stays strictly below the available balance (spec 3 §5 "below"; a unit that would
 * leave exactly 0 is left for the person to tick).
 */
function autoMark<U extends SelectableUnit>(current: readonly U[], added: readonly U[], available: Money): U[] {
  let total = checkedTotal(current);
  return added.map((unit) => {
    const next = total.add(amountOf(unit));
    if (next.lessThan(available)) {
      total = next;
      return { ...unit, checked: true };
    }
    return { ...unit, checked: false };
  });
}

/**
 * Decides the ticks of units joining the step (a CSV upload, the add-unit dialog, units from review), by the line and
 * the include-all switch (spec 3 §5):
 * - no line chosen: none ticked;
 * - include all on a Seminuevos line: none ticked (the total stays 0);
 * - include all on a Nuevos line: all ticked, each with step 1's attachment as its evidence;
 * - otherwise: auto-marked while they fit strictly below the available balance.
 */
export function addUnits<U extends SelectableUnit>(step: UnitsStep<U>, added: readonly U[]): U[] {
  const { line } = step;
  let incoming: U[];
  if (!line) incoming = added.map((u) => ({ ...u, checked: false }));
  else if (step.includeAll && isUsedLine(line.typeLine)) incoming = added.map((u) => ({ ...u, checked: false }));
  else if (step.includeAll) incoming = added.map((u) => withAttachment({ ...u, checked: true }, step.attachment));
  else incoming = autoMark(step.units, added, line.available);
  return [...step.units, ...incoming];
}

/**
 * The line (or the include-all switch) changed: every tick is decided again from scratch by the rules of `addUnits`,
 * against the new line's balance (spec 3 §5 "recalculated when the credit line changes").
 */
export function applyLineRules<U extends SelectableUnit>(step: UnitsStep<U>): U[] {
  return addUnits({ ...step, units: [] }, step.units);
}

/** The default term: the longest of the line's terms (spec 3 §5), or null when it has none. */
export const defaultTerm = (terms: readonly number[]): number | null => (terms.length ? Math.max(...terms) : null);

/** A single credit line is preselected (spec 3 §5); with several, the person chooses. */
export const preselectedLine = <L>(lines: readonly L[]): L | null => (lines.length === 1 ? lines[0]! : null);

/** The units the save sends: only the ticked ones (spec 3 §5). */
export const unitsToSend = <U extends SelectableUnit>(units: readonly U[]): U[] => units.filter((u) => u.checked);
