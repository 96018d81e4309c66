import { describe, expect, it } from 'vitest';
import {
  UNIT_VALIDATION_CHECK,
  awaitsOutsideVerdict,
  axCountIsValid,
  unitValidationCheckLabel,
  validationRunOrder,
  verdictIsValid,
  vinValidation,
  type CheckOutcome,
  type VinVerdict,
} from './vin-checks';

const answered = <T>(value: T): CheckOutcome<T> => ({ status: 'fulfilled', value });
const failed: CheckOutcome<never> = { status: 'rejected', reason: new Error('503') };

describe('REPUVE and TransUnion verdicts (spec 3 §5)', () => {
  it.each([
    ['a clean verdict', answered<VinVerdict>({ valid: true, reason: 'Sin reporte' }), true],
    ['a report', answered<VinVerdict>({ valid: false, reason: 'Reporte de robo' }), false],
    ['a failed call', failed, false],
  ])('%s is %j', (_name, outcome, valid) => {
    expect(verdictIsValid(outcome)).toBe(valid);
  });
});

describe('AX count (spec 3 §5)', () => {
  it.each([
    [answered(1), true],
    [answered(0), false],
    [answered(2), false],
    [failed, false],
  ])('%j is %j', (outcome, valid) => {
    expect(axCountIsValid(outcome)).toBe(valid);
  });
});

describe('a unit validation by VIN', () => {
  const clean = answered<VinVerdict>({ valid: true });
  it.each([
    ['all pass', clean, clean, answered(1), { validRepuve: true, validTransunion: true, validAx: true }],
    ['REPUVE down', failed, clean, answered(1), { validRepuve: false, validTransunion: true, validAx: true }],
    [
      'TransUnion report, AX duplicated',
      clean,
      answered<VinVerdict>({ valid: false }),
      answered(2),
      { validRepuve: true, validTransunion: false, validAx: false },
    ],
    ['everything down', failed, failed, failed, { validRepuve: false, validTransunion: false, validAx: false }],
  ])('%s', (_name, repuve, transUnion, ax, flags) => {
    expect(vinValidation({ repuve, transUnion, ax })).toEqual(flags);
  });
});

describe('unit validation checks (the history: three systems and the invoice, decision 035)', () => {
  it('labels the four checks a unit’s history records, and an unknown code as its number', () => {
    expect([1, 2, 3, 4].map(unitValidationCheckLabel)).toEqual(['REPUVE', 'TransUnion', 'AX', 'Factura']);
    expect(UNIT_VALIDATION_CHECK.INVOICE).toBe(4);
    expect(unitValidationCheckLabel(9)).toBe('9');
  });
});

describe('the units a validation run takes (decision 070)', () => {
  const unit = (
    id: number,
    repuve: boolean | null,
    transunion: boolean | null,
    ax: boolean | null,
    invoice: boolean | null,
  ) => ({
    id,
    validRepuve: repuve,
    validTransunion: transunion,
    validAx: ax,
    validInvoice: invoice,
  });

  it.each([
    ['no verdict yet', unit(1, null, null, null, null), true],
    ['only REPUVE missing', unit(1, null, true, false, true), true],
    ['only TransUnion missing', unit(1, true, null, true, true), true],
    ['only AX missing', unit(1, false, true, null, true), true],
    ['every outside verdict, invoice missing', unit(1, true, false, true, null), false],
    ['every verdict', unit(1, true, true, true, false), false],
  ])('%s: waits for an outside verdict is %j', (_name, row, waits) => {
    expect(awaitsOutsideVerdict(row)).toBe(waits);
  });

  it('takes the units waiting for an outside verdict first, then those missing only the invoice, each in order', () => {
    const units = [
      unit(1, true, true, true, null),
      unit(2, null, true, true, true),
      unit(3, true, true, true, true),
      unit(4, true, true, true, null),
      unit(5, true, null, null, null),
    ];
    expect(validationRunOrder(units).map((u) => u.id)).toEqual([2, 5, 1, 4]);
  });

  it('takes nothing from units judged in full', () => {
    expect(validationRunOrder([unit(1, true, false, true, false)])).toEqual([]);
  });
});
