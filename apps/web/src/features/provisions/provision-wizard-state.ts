import {
  FINANCING_MESSAGES,
  Money,
  UNIT_EVIDENCE_TYPE,
  addUnits,
  applyLineRules,
  checkedTotal,
  defaultTerm,
  lineAvailable,
  mergeCsvUnits,
  toggleUnit,
  unitsToSend,
  vinWarning,
  type CreateProvisionRequestInput,
  type CsvRowMessages,
  type CsvUnit,
  type ExternalCreditLine,
  type StepLine,
  type UnitDraft,
  type UnitsStep,
  type EvidenceRef,
} from '@planpiso/domain';
import type { ProvisionDetail, ReviewUnit, SavedEvidence } from './api/provision-wizard-types';

/**
 * The wizard's state and the moves on it, pure so they are tested without a screen. Every money rule (balances,
 * ticks, include-all, auto-marking) is the domain's `provision-balance`; this module only keeps the wizard's
 * own bookkeeping: where a unit came from, its evidences and warnings, and the body the save sends.
 */

/** An evidence as the wizard holds it; `locked` ones were saved with the unit (type 7) and cannot be removed. */
export type WizardEvidence = EvidenceRef & { id?: number; fileId: number; locked?: boolean };

export type UnitSource = 'csv' | 'manual' | 'saved' | 'review';

export type WizardUnit = UnitDraft & {
  key: string;
  /** The unit's id when it exists already (edit mode, units under review). */
  id?: number;
  checked: boolean;
  evidences: WizardEvidence[];
  /** Non-blocking warnings (the VIN check digit, a repeated VIN). */
  warnings: string[];
  source: UnitSource;
};

export type WizardState = {
  companyId: number | null;
  agencyId: number | null;
  legalId: number | null;
  description: string;
  includeAll: boolean;
  /** Step 1's PDF annex, uploaded already. */
  attachment: WizardEvidence | null;
  creditLine: string | null;
  deadlines: number | null;
  units: WizardUnit[];
  csvFileName: string | null;
  /** Opened from the units under review (spec 3 §2 "Review mode"). */
  review: boolean;
};

export const emptyWizard = (companyId: number | null): WizardState => ({
  companyId,
  agencyId: null,
  legalId: null,
  description: '',
  includeAll: false,
  attachment: null,
  creditLine: null,
  deadlines: null,
  units: [],
  csvFileName: null,
  review: false,
});

let keys = 0;
const nextKey = () => `u${++keys}`;

/**
 * The credit line as the balance rules see it: available = montoRestante − reserved, never below 0 (the domain's
 * `lineAvailable`). `ownReserved` is what the provision being edited holds on the line already: its own reservation
 * is not money spent by someone else.
 */
export function stepLineOf(
  line: ExternalCreditLine | null | undefined,
  ownReserved: Money = Money.zero,
): StepLine | null {
  if (!line) return null;
  const reserved = Money.of(line.reservado).sub(ownReserved).atLeastZero();
  return {
    id: line.lineaCredito,
    typeLine: Number(line.tipoDispLinea),
    available: lineAvailable(Money.of(line.montoRestante), reserved),
  };
}

const stepOf = (state: WizardState, line: StepLine | null): UnitsStep<WizardUnit> => ({
  line,
  includeAll: state.includeAll,
  attachment: state.attachment,
  units: state.units,
});

/** The line changed (or the include-all switch): the term goes to the longest and every tick is decided again. */
export function chooseLine(
  state: WizardState,
  line: ExternalCreditLine | null,
  ownReserved: Money = Money.zero,
): WizardState {
  const step = stepLineOf(line, ownReserved);
  return {
    ...state,
    creditLine: line?.lineaCredito ?? null,
    deadlines: line ? defaultTerm(line.terms) : null,
    units: applyLineRules(stepOf(state, step)),
  };
}

/** Re-decides the ticks against the current line (after the include-all switch moved). */
export const reapplyLineRules = (state: WizardState, line: StepLine | null): WizardState => ({
  ...state,
  units: applyLineRules(stepOf(state, line)),
});

function csvUnit(unit: CsvUnit, warnings: readonly CsvRowMessages[]): WizardUnit {
  const { row, ...draft } = unit;
  return {
    ...draft,
    key: nextKey(),
    checked: false,
    evidences: [],
    warnings: warnings.find((w) => w.row === row)?.messages ?? [],
    source: 'csv',
  };
}

/**
 * A CSV that passed every check replaces the units of an earlier upload; units typed by hand stay. In edit mode a
 * row whose VIN matches a saved unit keeps that unit — its id and evidences (spec 3 §5); saved units the file no
 * longer names leave. The ticks of what arrives follow the line rules (include-all, auto-marking).
 */
export function withCsvUnits(
  state: WizardState,
  fileName: string,
  units: readonly CsvUnit[],
  warnings: readonly CsvRowMessages[],
  line: StepLine | null,
): WizardState {
  const incoming = units.map((u) => csvUnit(u, warnings));
  const saved = state.units.filter((u) => u.source === 'saved');
  const merged = mergeCsvUnits(saved, incoming).map((unit) =>
    unit.source === 'saved' ? { ...unit, warnings: incoming.find((u) => sameVin(u, unit))?.warnings ?? [] } : unit,
  );
  const kept = state.units.filter((u) => u.source === 'manual' && !merged.some((m) => sameVin(m, u)));
  const next = addUnits({ ...stepOf(state, line), units: kept }, merged);
  return { ...state, csvFileName: fileName, units: [...next.slice(kept.length), ...kept] };
}

const sameVin = (a: { vinNumber: string }, b: { vinNumber: string }) =>
  a.vinNumber.trim().toUpperCase() === b.vinNumber.trim().toUpperCase();

/** The add-unit dialog's unit joins the table, ticked by the line rules. */
export function withManualUnit(state: WizardState, draft: UnitDraft, line: StepLine | null): WizardState {
  const warning = vinWarning(draft.vinNumber);
  const unit: WizardUnit = {
    ...draft,
    key: nextKey(),
    checked: false,
    evidences: [],
    warnings: warning ? [warning] : [],
    source: 'manual',
  };
  return { ...state, units: addUnits(stepOf(state, line), [unit]) };
}

/** Ticks or unticks one unit; the message is the domain's ('Seleccione la línea de crédito', a 0 balance). */
export function tickUnit(
  state: WizardState,
  key: string,
  checked: boolean,
  line: StepLine | null,
): { state: WizardState; message: string | null } {
  const index = state.units.findIndex((u) => u.key === key);
  const { units, message } = toggleUnit(stepOf(state, line), index, checked);
  return { state: { ...state, units }, message };
}

/** Ticks or unticks every unit (the header checkbox): the same rules as one at a time. */
export function tickAll(
  state: WizardState,
  checked: boolean,
  line: StepLine | null,
): { state: WizardState; message: string | null } {
  let current = state;
  for (const unit of state.units) {
    const result = tickUnit(current, unit.key, checked, line);
    if (result.message) return { state: current, message: result.message };
    current = result.state;
  }
  return { state: current, message: null };
}

export const setUnitEvidences = (state: WizardState, key: string, evidences: WizardEvidence[]): WizardState => ({
  ...state,
  units: state.units.map((u) => (u.key === key ? { ...u, evidences } : u)),
});

export const removeUnit = (state: WizardState, key: string): WizardState => ({
  ...state,
  units: state.units.filter((u) => u.key !== key),
});

/** Spec 3 §5: agency, company, credit line, deadline and legal representative are required to save. */
export const missingRequired = (state: WizardState): boolean =>
  !state.companyId || !state.agencyId || !state.legalId || !state.creditLine || !state.deadlines;

/** Step 1 may be left once its required fields are chosen (the rest is checked at the save). */
export const companyStepComplete = (state: WizardState): boolean =>
  Boolean(state.companyId && state.agencyId && state.legalId);

const evidenceBody = ({ fileName, url, fileSize, extension, type, fileId }: WizardEvidence) => ({
  fileId,
  fileName,
  url,
  ...(fileSize !== undefined ? { fileSize } : {}),
  ...(extension ? { extension } : {}),
  ...(type !== undefined ? { type } : {}),
});

/**
 * The save body (provision-requests.ts): only the ticked units, the model as text, and the total as the sum of
 * their amounts to the cent.
 */
export function provisionBody(state: WizardState): CreateProvisionRequestInput {
  const units = unitsToSend(state.units);
  return {
    companyId: state.companyId ?? 0,
    agencyId: state.agencyId ?? 0,
    legalId: state.legalId ?? 0,
    description: state.description.trim() || undefined,
    creditLine: state.creditLine ?? '',
    deadlines: state.deadlines ?? 0,
    includeAll: state.includeAll,
    evidences: state.attachment ? [evidenceBody(state.attachment)] : [],
    units: units.map(({ key: _key, checked: _checked, warnings: _warnings, source: _source, evidences, ...unit }) => ({
      ...unit,
      model: String(unit.model),
      evidences: evidences.map(evidenceBody),
    })),
    total: checkedTotal(units).toDecimalString(),
    ...(state.review ? { reviewUnits: true } : {}),
  };
}

/** Why the save cannot go yet, or null: the required fields first, then the balance (spec 3 §5). */
export function saveProblem(state: WizardState, line: StepLine | null): string | null {
  if (missingRequired(state)) return FINANCING_MESSAGES.requiredFields;
  const available = line?.available ?? Money.zero;
  if (available.sub(checkedTotal(state.units)).isNegative()) return FINANCING_MESSAGES.balanceExceeded;
  return null;
}

/** A saved evidence; one attached with its unit (type 7) cannot be removed (spec 3 §3). */
const savedEvidence = (evidence: SavedEvidence, lockAttached = true): WizardEvidence => ({
  id: evidence.id,
  fileId: evidence.fileId,
  fileName: evidence.fileName,
  url: evidence.url,
  fileSize: evidence.fileSize,
  extension: evidence.extension,
  type: evidence.type,
  locked: lockAttached && evidence.type === UNIT_EVIDENCE_TYPE.ATTACHED,
});

/** The edit screen's state from GET /api/provisions/{id}: every field as saved, each unit with its id and tick. */
export function fromDetail(detail: ProvisionDetail): WizardState {
  return {
    companyId: detail.company.id,
    agencyId: detail.agency?.id ?? null,
    legalId: detail.legalPerson?.id ?? null,
    description: detail.description,
    includeAll: detail.includeAll,
    attachment: detail.evidences[0] ? savedEvidence(detail.evidences[0], false) : null,
    creditLine: detail.creditLine,
    deadlines: detail.deadlines ?? null,
    units: detail.units.map((unit) => ({
      id: unit.id,
      agency: unit.agency,
      brandName: unit.brandName,
      type: unit.type,
      model: String(unit.model),
      description: unit.description,
      color: unit.color,
      insideColor: unit.insideColor,
      vinNumber: unit.vinNumber,
      motorNumber: unit.motorNumber,
      amount: Money.of(unit.amount).toDecimalString(),
      key: nextKey(),
      checked: unit.included,
      evidences: unit.evidences.map((e) => savedEvidence(e)),
      warnings: [],
      source: 'saved' as const,
    })),
    csvFileName: null,
    review: false,
  };
}

/**
 * Review mode (spec 3 §2): the units chosen in 'Creación de disposición', each with its id, flagged under review.
 * The list gives every column of the unit; one it does not carry stays empty (the server keeps the unit's own).
 */
export function fromReview(base: WizardState, reviewUnits: readonly ReviewUnit[]): WizardState {
  return {
    ...base,
    review: true,
    units: reviewUnits.map((unit) => ({
      id: unit.id,
      agency: unit.agency ?? '',
      brandName: unit.brandName ?? '',
      type: unit.type ?? '',
      model: String(unit.model),
      description: unit.description ?? '',
      color: unit.color,
      insideColor: unit.insideColor ?? '',
      vinNumber: unit.vinNumber,
      motorNumber: unit.motorNumber,
      amount: Money.of(unit.amount).toDecimalString(),
      key: nextKey(),
      checked: false,
      evidences: [],
      warnings: [],
      source: 'review' as const,
    })),
  };
}
