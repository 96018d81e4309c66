import { describe, expect, it } from 'vitest';
import { SPEC_SHARED_LIFE_STATUS_NAMES } from '../test-support/fixtures';
import { can } from '../authorization/can';
import { REFINANCING_MESSAGES } from '../messages-financing';
import { SYSTEM_ACTOR, askMachine, type ActorType } from '../state-machine';
import {
  OPEN_REFINANCING_STATUSES,
  REFINANCING_MACHINE,
  REFINANCING_STATUS_CODES,
  REFINANCING_STATUS_NAMES,
  refinancingCreditLineTerms,
  refinancingSelectionRefusal,
  refinancingTickRefusal,
  refinancingActionsFor,
  refinancingUsesUpUnits,
  refinancingVisibility,
  type RefinancingMachineAction,
  type RefinancingMachineEntity,
  type RefinancingTickUnit,
} from './refinancing-machine';
import {
  REFINANCING_CONTEXTS_BY_HAND,
  REFINANCING_GUARDS_BY_HAND,
  REFINANCING_ROWS_BY_HAND,
  REFINANCING_STATUSES_BY_HAND,
  type RefinancingContext,
  type UnitsCase,
} from './refinancing-machine.spec-table';
import { itMatchesTheHandTable } from './machine-spec-checks';
import { refinancingEntity } from '../test-support/fixtures';

const actor = (type: 1 | 2 | 3 | 4 | 5) => ({ id: 7, type });
const entity = refinancingEntity;
const noEvidences = { requireEvidences: false };
/** May this type create a refinancing (`can` asked without a row)? */
const canCreate = (type: number) => can({ id: 7, type }, 'refinancing.create').allowed;

describe('refinancing statuses (spec 3 §4)', () => {
  it('names and codes every status 1 to 10 as the spec does', () => {
    expect(REFINANCING_STATUS_NAMES).toEqual({
      1: 'Creada',
      2: 'Solicitud Evidencias',
      3: 'Validación Administrador',
      ...SPEC_SHARED_LIFE_STATUS_NAMES,
    });
    expect(REFINANCING_STATUS_CODES[10]).toBe('LIBERADO');
    expect(Object.keys(REFINANCING_STATUS_NAMES)).toHaveLength(10);
    expect(OPEN_REFINANCING_STATUSES).not.toContain(8);
  });
});

describe('REFINANCING_MACHINE (spec 3 §4, decision 045)', () => {
  it('Evidencia completa takes 1 (or 2) to 3 only when evidences are required and every unit has one', () => {
    expect(askMachine(REFINANCING_MACHINE, actor(5), 'evidenceComplete', entity(1))).toEqual({ allowed: true, to: 3 });
    expect(askMachine(REFINANCING_MACHINE, actor(3), 'evidenceComplete', entity(2))).toEqual({ allowed: true, to: 3 });
    expect(askMachine(REFINANCING_MACHINE, actor(5), 'evidenceComplete', entity(1, noEvidences))).toMatchObject({
      allowed: false,
      httpStatus: 422,
    });
    expect(
      askMachine(REFINANCING_MACHINE, actor(5), 'evidenceComplete', entity(1, { unitsWithoutEvidence: 1 })),
    ).toMatchObject({ allowed: false, message: REFINANCING_MESSAGES.evidenceIncomplete });
    expect(askMachine(REFINANCING_MACHINE, actor(5), 'evidenceComplete', entity(3))).toMatchObject({ httpStatus: 409 });
  });

  it('Enviar a FinBe takes 1 to 5 only when evidences are not required; Enviar takes 4 to 3', () => {
    expect(askMachine(REFINANCING_MACHINE, actor(5), 'sendToFinbe', entity(1, noEvidences))).toEqual({
      allowed: true,
      to: 5,
    });
    expect(askMachine(REFINANCING_MACHINE, actor(5), 'sendToFinbe', entity(1)).allowed).toBe(false);
    expect(askMachine(REFINANCING_MACHINE, actor(5), 'send', entity(4))).toEqual({ allowed: true, to: 3 });
    expect(askMachine(REFINANCING_MACHINE, actor(5), 'send', entity(1)).allowed).toBe(false);
  });

  it('at 3 type 2 validates units and confirms: back to 2 when a unit was said No, else it waits at 3', () => {
    expect(askMachine(REFINANCING_MACHINE, actor(2), 'confirmUnits', entity(3))).toEqual({ allowed: true, to: 3 });
    expect(askMachine(REFINANCING_MACHINE, actor(2), 'confirm', entity(3))).toEqual({ allowed: true, to: 3 });
    expect(askMachine(REFINANCING_MACHINE, actor(2), 'confirm', entity(3, { disapprovedUnits: 1 }))).toEqual({
      allowed: true,
      to: 2,
    });
    expect(askMachine(REFINANCING_MACHINE, actor(2), 'confirm', entity(3, { unreviewedUnits: 1 }))).toMatchObject({
      message: REFINANCING_MESSAGES.unitsNotReviewed,
    });
    expect(askMachine(REFINANCING_MACHINE, actor(2), 'confirm', entity(3, { adminValidated: true }))).toMatchObject({
      message: REFINANCING_MESSAGES.alreadyValidated,
    });
    expect(askMachine(REFINANCING_MACHINE, actor(3), 'confirmUnits', entity(3))).toMatchObject({ httpStatus: 403 });
  });

  it('type 3 accepts (→ 4) once the administrator validated, or rejects (→ 9)', () => {
    expect(askMachine(REFINANCING_MACHINE, actor(3), 'accept', entity(3, { adminValidated: true }))).toEqual({
      allowed: true,
      to: 4,
    });
    expect(askMachine(REFINANCING_MACHINE, actor(3), 'accept', entity(3))).toMatchObject({
      message: REFINANCING_MESSAGES.adminValidationPending,
    });
    expect(askMachine(REFINANCING_MACHINE, actor(3), 'accept', entity(3, noEvidences))).toEqual({
      allowed: true,
      to: 4,
    });
    expect(askMachine(REFINANCING_MACHINE, actor(2), 'accept', entity(3))).toMatchObject({ httpStatus: 403 });
    expect(
      askMachine(REFINANCING_MACHINE, actor(3), 'accept', entity(3, { adminValidated: true, unitCount: 0 })),
    ).toMatchObject({ code: 'NO_UNITS' });
    expect(askMachine(REFINANCING_MACHINE, actor(3), 'reject', entity(3))).toEqual({ allowed: true, to: 9 });
  });

  it('once accepted the dealer sends it to sign (→ 5); types 1, 3 and 4 redo a document while signing', () => {
    expect(askMachine(REFINANCING_MACHINE, actor(5), 'sendToSign', entity(4))).toEqual({ allowed: true, to: 5 });
    expect(askMachine(REFINANCING_MACHINE, actor(3), 'sendToSign', entity(4)).allowed).toBe(false);
    for (const type of [1, 3, 4] as const)
      expect(askMachine(REFINANCING_MACHINE, actor(type), 'redoDocument', entity(6))).toEqual({ allowed: true, to: 6 });
    expect(askMachine(REFINANCING_MACHINE, actor(5), 'redoDocument', entity(5)).allowed).toBe(false);
  });

  it('signing 5 → 6 → 7 is the system’s; types 1 and 3 release (10) or send to CRM (8) at 6', () => {
    expect(askMachine(REFINANCING_MACHINE, SYSTEM_ACTOR, 'signingStarted', entity(5))).toEqual({
      allowed: true,
      to: 6,
    });
    expect(askMachine(REFINANCING_MACHINE, SYSTEM_ACTOR, 'signingCompleted', entity(6))).toEqual({
      allowed: true,
      to: 7,
    });
    expect(askMachine(REFINANCING_MACHINE, actor(3), 'signingStarted', entity(5)).allowed).toBe(false);
    for (const type of [1, 3] as const) {
      expect(askMachine(REFINANCING_MACHINE, actor(type), 'release', entity(6))).toEqual({ allowed: true, to: 10 });
      expect(askMachine(REFINANCING_MACHINE, actor(type), 'sendToCrm', entity(6))).toEqual({ allowed: true, to: 8 });
    }
    expect(askMachine(REFINANCING_MACHINE, actor(5), 'release', entity(6)).allowed).toBe(false);
    expect(askMachine(REFINANCING_MACHINE, actor(3), 'release', entity(5)).allowed).toBe(false);
  });

  it('Actualizar folio from status 4 on, for types 1 and 3', () => {
    expect(askMachine(REFINANCING_MACHINE, actor(3), 'updateFolio', entity(3)).allowed).toBe(false);
    expect(askMachine(REFINANCING_MACHINE, actor(1), 'updateFolio', entity(4))).toEqual({ allowed: true, to: 4 });
    expect(askMachine(REFINANCING_MACHINE, actor(3), 'updateFolio', entity(10))).toEqual({ allowed: true, to: 10 });
    expect(askMachine(REFINANCING_MACHINE, actor(2), 'updateFolio', entity(4)).allowed).toBe(false);
  });

  it('only the agency operator creates', () => {
    expect(canCreate(5)).toBe(true);
    expect([1, 2, 3, 4].some(canCreate)).toBe(false);
  });
});

describe('refinancingActionsFor: the buttons of spec 3 §6 "Refinancing detail"', () => {
  const offer = (status: number, requireEvidences: boolean, adminValidated = false) => ({
    status,
    requireEvidences,
    adminValidated,
  });
  it('type 5 at 1: Evidencia completa when evidences are required, Enviar a FinBe when not', () => {
    expect(refinancingActionsFor(5, offer(1, true))).toEqual(['evidenceComplete']);
    expect(refinancingActionsFor(5, offer(1, false))).toEqual(['sendToFinbe']);
  });
  it('at 3 type 2 validates until it confirmed; type 3 accepts once validated and may always reject', () => {
    expect(refinancingActionsFor(2, offer(3, true))).toEqual(['confirmUnits', 'confirm']);
    expect(refinancingActionsFor(2, offer(3, true, true))).toEqual([]);
    expect(refinancingActionsFor(3, offer(3, true))).toEqual(['reject']);
    expect(refinancingActionsFor(3, offer(3, true, true))).toEqual(['accept', 'reject']);
  });
  it('types 1 and 3 release, send to CRM and update the folio at 6; never a webhook’s action', () => {
    expect(refinancingActionsFor(3, offer(6, true, true))).toEqual([
      'redoDocument',
      'release',
      'sendToCrm',
      'updateFolio',
    ]);
    expect(refinancingActionsFor(5, offer(6, true, true))).toEqual([]);
    expect(refinancingActionsFor(5, offer(4, false))).toEqual(['send', 'sendToSign']);
  });
});

describe('visibility per type (spec 3 §4)', () => {
  it('type 2 sees 3–10, type 3 1–10, type 5 own company 1–10, type 4 own company 5–10', () => {
    expect(refinancingVisibility(2)).toEqual({ statuses: [3, 4, 5, 6, 7, 8, 9, 10], ownCompany: false });
    expect(refinancingVisibility(3)).toEqual({ statuses: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], ownCompany: false });
    expect(refinancingVisibility(5)).toEqual({ statuses: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], ownCompany: true });
    expect(refinancingVisibility(4)).toEqual({ statuses: [5, 6, 7, 8, 9, 10], ownCompany: true });
  });
});

describe('unit tick rules (spec 3 §5 "Refinancing")', () => {
  const unit = (overrides: Partial<RefinancingTickUnit> = {}): RefinancingTickUnit => ({
    vinNumber: '1HGCM82633A004352',
    deadlines: 2,
    isSold: false,
    validRepuve: true,
    validTransunion: true,
    validAx: true,
    status: 0,
    ...overrides,
  });

  it('ticks a valid unsold unit and units of the same term', () => {
    expect(refinancingTickRefusal(unit(), [])).toBeNull();
    expect(refinancingSelectionRefusal([unit(), unit({ vinNumber: 'X' })])).toBeNull();
  });

  it('refuses units of different terms together', () => {
    expect(refinancingSelectionRefusal([unit(), unit({ deadlines: 3 })])).toBe(REFINANCING_MESSAGES.mixedTerms);
  });

  it('refuses a sold unit', () => {
    expect(refinancingTickRefusal(unit({ isSold: true }), [])).toBe(REFINANCING_MESSAGES.unitSold('1HGCM82633A004352'));
  });

  it('needs REPUVE, TransUnion and AX all valid, or status 1 on the detail', () => {
    for (const check of ['validRepuve', 'validTransunion', 'validAx'] as const) {
      expect(refinancingTickRefusal(unit({ [check]: null }), [])).not.toBeNull();
      expect(refinancingTickRefusal(unit({ [check]: false }), [])).not.toBeNull();
      expect(refinancingTickRefusal(unit({ [check]: false, status: 1 }), [])).toBeNull();
    }
  });

  it('offers only credit-line terms of 3 months or less on create', () => {
    expect(refinancingCreditLineTerms([1, 2, 3, 6, 12])).toEqual([1, 2, 3]);
  });

  it('words the messages as the spec does', () => {
    expect(REFINANCING_MESSAGES.created('12')).toBe('Refinanciamiento con folio 12 generado exitosamente.');
    expect(REFINANCING_MESSAGES.unitUpdated('ABC')).toBe('La unidad con vin:ABC se actualizo correctamente.');
  });
});

describe('an authorised refinancing uses up its units (decision 057)', () => {
  it.each([
    [8, true],
    [10, true],
    [9, false],
    [7, false],
    [1, false],
  ])('status %i: %s', (status, used) => {
    expect(refinancingUsesUpUnits(status)).toBe(used);
  });
});

/**
 * The machine against the table written by hand from spec 3 §4/§6 (refinancing-machine.spec-table.ts), every
 * action × status 1–10 × actor (the system 0, user types 1–5) × context (evidences required or not, validated by the
 * administrator or not): the same answer, `→ to` when allowed, else `403 who`, `409 status` or `422 code message`
 * (issue 28 item 6; the server keeps one HTTP case per verdict kind).
 */
describe('the refinancing machine against spec 3 §4/§6, pair by pair', () => {
  const ACTORS = [0, 1, 2, 3, 4, 5] as const satisfies readonly ActorType[];
  const MOVES = REFINANCING_ROWS_BY_HAND.filter((row) => !row.from.includes(null));
  const ACTIONS = [...new Set(MOVES.map((row) => row.action))];
  const CONTEXTS: Record<RefinancingContext, Pick<RefinancingMachineEntity, 'requireEvidences' | 'adminValidated'>> = {
    'required+pending': { requireEvidences: true, adminValidated: false },
    'required+validated': { requireEvidences: true, adminValidated: true },
    'free+pending': { requireEvidences: false, adminValidated: false },
    'free+validated': { requireEvidences: false, adminValidated: true },
  };
  const UNITS: Record<UnitsCase, Partial<RefinancingMachineEntity>> = {
    noUnits: { unitCount: 0 },
    unitWithoutEvidence: { unitsWithoutEvidence: 1 },
    unitNotReviewed: { unreviewedUnits: 1 },
    unitSaidNo: { disapprovedUnits: 1 },
  };
  type Pair = { action: string; status: number; type: ActorType; context: RefinancingContext };
  const byHand = ({ action, status, type, context }: Pair): string => {
    const ofAction = MOVES.filter((row) => row.action === action);
    if (!ofAction.some((row) => row.who.includes(type))) return '403 who';
    const row = ofAction.find((row) => row.from.includes(status));
    if (!row) return '409 status';
    const refused = row.refusedIn?.[context];
    if (refused) return `422 REFINANCING_RULE ${refused}`;
    return `→ ${row.to === 'same' ? status : row.to}`;
  };
  const machine = ({ action, status, type, context }: Pair, units: Partial<RefinancingMachineEntity> = {}) => {
    const verdict = askMachine(REFINANCING_MACHINE, { id: 9, type }, action as RefinancingMachineAction, {
      ...entity(status, CONTEXTS[context]),
      ...units,
    });
    if (verdict.allowed) return `→ ${verdict.to}`;
    return verdict.reason === 'needs'
      ? `422 ${verdict.code} ${verdict.message}`
      : `${verdict.httpStatus} ${verdict.reason}`;
  };
  const pairs: Pair[] = ACTIONS.flatMap((action) =>
    REFINANCING_STATUSES_BY_HAND.flatMap((status) =>
      ACTORS.flatMap((type) => REFINANCING_CONTEXTS_BY_HAND.map((context) => ({ action, status, type, context }))),
    ),
  );
  const line = (pair: Pair, answer: string) =>
    `${pair.action} from ${pair.status} by ${pair.type} (${pair.context}): ${answer}`;
  const handAnswers = pairs.map((pair) => line(pair, byHand(pair)));
  const machineAnswers = pairs.map((pair) => line(pair, machine(pair)));

  itMatchesTheHandTable({
    machineActions: REFINANCING_MACHINE.transitions.map((row) => row.action),
    tableActions: ACTIONS,
    tableAnswers: handAnswers,
    machineAnswers,
  });

  it('the guards on the units are the table’s, and refuse nothing else', () => {
    for (const pair of pairs.filter((p) => byHand(p).startsWith('→'))) {
      for (const [when, units] of Object.entries(UNITS) as [UnitsCase, Partial<RefinancingMachineEntity>][]) {
        const guard = REFINANCING_GUARDS_BY_HAND.find((g) => g.action === pair.action && g.when === when);
        expect(line(pair, `${when}: ${machine(pair, units)}`)).toBe(
          line(pair, `${when}: ${guard ? guard.answer : byHand(pair)}`),
        );
      }
    }
  });

  it('a screen offers a type exactly the actions the table allows it (refinancingActionsFor)', () => {
    for (const type of [1, 2, 3, 4, 5] as const)
      for (const status of REFINANCING_STATUSES_BY_HAND)
        for (const context of REFINANCING_CONTEXTS_BY_HAND) {
          const offered = refinancingActionsFor(type, { status, ...CONTEXTS[context] });
          const expected = ACTIONS.filter((action) => byHand({ action, status, type, context }).startsWith('→'));
          expect([type, status, context, [...offered].sort()]).toEqual([type, status, context, [...expected].sort()]);
        }
  });

  it("creates as the table says (can's refinancing.create)", () => {
    const create = REFINANCING_ROWS_BY_HAND.find((row) => row.action === 'create')!;
    for (const type of ACTORS) expect([type, canCreate(type)]).toEqual([type, create.who.includes(type)]);
  });
});
