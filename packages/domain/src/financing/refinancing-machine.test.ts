import { describe, expect, it } from 'vitest';
import { REFINANCING_MESSAGES } from '../messages-financing';
import { SYSTEM_ACTOR, can } from '../state-machine';
import {
  OPEN_REFINANCING_STATUSES,
  REFINANCING_MACHINE,
  REFINANCING_STATUS_CODES,
  REFINANCING_STATUS_NAMES,
  canCreateRefinancing,
  refinancingCreditLineTerms,
  refinancingSelectionRefusal,
  refinancingTickRefusal,
  refinancingVisibility,
  type RefinancingTickUnit,
} from './refinancing-machine';

const actor = (type: 1 | 2 | 3 | 4 | 5) => ({ id: 7, type });
const entity = (status: number, requireEvidences = true, unitCount = 2) => ({ status, requireEvidences, unitCount });

describe('refinancing statuses (spec 3 §4)', () => {
  it('names and codes every status 1 to 10 as the spec does', () => {
    expect(REFINANCING_STATUS_NAMES[2]).toBe('Solicitud Evidencias');
    expect(REFINANCING_STATUS_NAMES[3]).toBe('Validación Administrador');
    expect(REFINANCING_STATUS_CODES[10]).toBe('LIBERADO');
    expect(Object.keys(REFINANCING_STATUS_NAMES)).toHaveLength(10);
    expect(OPEN_REFINANCING_STATUSES).not.toContain(8);
  });
});

describe('REFINANCING_MACHINE (spec 3 §4)', () => {
  it('Evidencia completa takes 1 to 3 only when evidences are required', () => {
    expect(can(REFINANCING_MACHINE, actor(5), 'evidenceComplete', entity(1, true))).toEqual({ allowed: true, to: 3 });
    expect(can(REFINANCING_MACHINE, actor(5), 'evidenceComplete', entity(1, false))).toMatchObject({
      allowed: false,
      httpStatus: 422,
    });
    expect(can(REFINANCING_MACHINE, actor(5), 'evidenceComplete', entity(3, true))).toMatchObject({ httpStatus: 409 });
  });

  it('Enviar a FinBe takes 1 to 5 only when evidences are not required; Enviar takes 4 to 3', () => {
    expect(can(REFINANCING_MACHINE, actor(5), 'sendToFinbe', entity(1, false))).toEqual({ allowed: true, to: 5 });
    expect(can(REFINANCING_MACHINE, actor(5), 'sendToFinbe', entity(1, true)).allowed).toBe(false);
    expect(can(REFINANCING_MACHINE, actor(5), 'send', entity(4))).toEqual({ allowed: true, to: 3 });
    expect(can(REFINANCING_MACHINE, actor(5), 'send', entity(1)).allowed).toBe(false);
  });

  it('at 3 type 2 validates units and confirms, type 3 accepts (→ 4); not the other way round', () => {
    expect(can(REFINANCING_MACHINE, actor(2), 'confirmUnits', entity(3))).toEqual({ allowed: true, to: 3 });
    expect(can(REFINANCING_MACHINE, actor(2), 'confirm', entity(3))).toEqual({ allowed: true, to: 3 });
    expect(can(REFINANCING_MACHINE, actor(3), 'accept', entity(3))).toEqual({ allowed: true, to: 4 });
    expect(can(REFINANCING_MACHINE, actor(2), 'accept', entity(3))).toMatchObject({ httpStatus: 403 });
    expect(can(REFINANCING_MACHINE, actor(3), 'confirmUnits', entity(3))).toMatchObject({ httpStatus: 403 });
    expect(can(REFINANCING_MACHINE, actor(3), 'accept', entity(3, true, 0))).toMatchObject({ code: 'NO_UNITS' });
  });

  it('signing 5 → 6 → 7 is the system’s; types 1 and 3 release (10) or send to CRM (8) at 6', () => {
    expect(can(REFINANCING_MACHINE, SYSTEM_ACTOR, 'signingStarted', entity(5))).toEqual({ allowed: true, to: 6 });
    expect(can(REFINANCING_MACHINE, SYSTEM_ACTOR, 'signingCompleted', entity(6))).toEqual({ allowed: true, to: 7 });
    expect(can(REFINANCING_MACHINE, actor(3), 'signingStarted', entity(5)).allowed).toBe(false);
    for (const type of [1, 3] as const) {
      expect(can(REFINANCING_MACHINE, actor(type), 'release', entity(6))).toEqual({ allowed: true, to: 10 });
      expect(can(REFINANCING_MACHINE, actor(type), 'sendToCrm', entity(6))).toEqual({ allowed: true, to: 8 });
    }
    expect(can(REFINANCING_MACHINE, actor(5), 'release', entity(6)).allowed).toBe(false);
    expect(can(REFINANCING_MACHINE, actor(3), 'release', entity(5)).allowed).toBe(false);
  });

  it('Actualizar folio from status 4 on, for types 1 and 3', () => {
    expect(can(REFINANCING_MACHINE, actor(3), 'updateFolio', entity(3)).allowed).toBe(false);
    expect(can(REFINANCING_MACHINE, actor(1), 'updateFolio', entity(4))).toEqual({ allowed: true, to: 4 });
    expect(can(REFINANCING_MACHINE, actor(3), 'updateFolio', entity(10))).toEqual({ allowed: true, to: 10 });
    expect(can(REFINANCING_MACHINE, actor(2), 'updateFolio', entity(4)).allowed).toBe(false);
  });

  it('only the agency operator creates', () => {
    expect(canCreateRefinancing(5)).toBe(true);
    expect([1, 2, 3, 4].some(canCreateRefinancing)).toBe(false);
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
