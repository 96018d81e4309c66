import { describe, expect, it } from 'vitest';
import { LINE_TYPE } from '../user-types';
import { Money } from '../money';
import {
  addUnits,
  applyLineRules,
  checkedTotal,
  defaultTerm,
  lineAvailable,
  operationBalances,
  preselectedLine,
  stepBalances,
  toggleUnit,
  unitsToSend,
  type SelectableUnit,
  type StepLine,
  type UnitsStep,
} from './provision-balance';

type U = SelectableUnit & { vin: string };
const unit = (vin: string, amount: string, checked = false): U => ({ vin, amount, checked });
const line = (available: string, typeLine: number = LINE_TYPE.NEW): StepLine => ({
  id: 'LC-1',
  typeLine,
  available: Money.of(available),
});
const step = (units: U[], l: StepLine | null = line('1000.00'), includeAll = false): UnitsStep<U> => ({
  line: l,
  includeAll,
  attachment: { fileName: 'anexo.pdf', url: 'files/anexo.pdf', extension: 'pdf' },
  units,
});
const checks = (units: readonly U[]) => units.map((u) => u.checked);

describe('available, total and remaining (spec 3 §5)', () => {
  it.each([
    ['500000.00', '120000.50', '379999.50'],
    ['100.00', '250.75', '0.00'],
    ['0.30', '0.10', '0.20'],
  ])('available of %s minus %s reserved is %s, never below 0', (restante, reserved, expected) => {
    expect(lineAvailable(Money.of(restante), Money.of(reserved)).toDecimalString()).toBe(expected);
  });

  it('remaining is available minus the ticked total; a negative remaining blocks the save', () => {
    const ok = stepBalances(step([unit('A', '600.00', true), unit('B', '400.00', true), unit('C', '1.00')]));
    expect([ok.available, ok.total, ok.remaining].map(String)).toEqual(['1000.00', '1000.00', '0.00']);
    expect(ok).toMatchObject({ canSave: true, message: null });

    const over = stepBalances(step([unit('A', '600.00', true), unit('B', '400.01', true)]));
    expect(over.remaining.toDecimalString()).toBe('-0.01');
    expect(over).toMatchObject({ canSave: false, message: 'El monto total supera el saldo restante' });
  });

  it('one rule for both operations and every screen (issue 26): available, then remaining = available − total', () => {
    // The refinancing of issue 26: the line has 1,645,795.00 left at the CRM, other operations hold 1,156,050.00,
    // the refinancing's total is 441,900.00 — the create page's 489,745.00 / 47,845.00, and the detail's too.
    const shown = operationBalances(Money.of('1645795.00'), Money.of('1156050.00'), Money.of('441900.00'));
    expect([shown.available, shown.remaining, shown.total].map((m) => m.toDecimalString())).toEqual([
      '489745.00',
      '47845.00',
      '441900.00',
    ]);
    // Never remaining above available; available never below 0; a total that does not fit leaves a negative remaining.
    const over = operationBalances(Money.of('100.00'), Money.of('250.00'), Money.of('10.00'));
    expect([over.available, over.remaining].map((m) => m.toDecimalString())).toEqual(['0.00', '-10.00']);
    // The create page's step computes the same figures.
    const step1 = stepBalances(step([unit('A', '441900.00', true)], line('489745.00')));
    expect(step1.remaining.equals(shown.remaining)).toBe(true);
  });

  it('with no line the available balance is 0', () => {
    expect(stepBalances(step([unit('A', '1.00', true)], null)).remaining.toDecimalString()).toBe('-1.00');
  });

  it('adds 1,000 units exactly to the cent', () => {
    // 0.01, 0.02, ... 10.00: the sum is 5005.00 exactly; 0.1 + 0.2 style drift would show here.
    const units = Array.from({ length: 1000 }, (_, i) => unit(`V${i}`, Money.fromCents(i + 1).toDecimalString(), true));
    expect(checkedTotal(units).toDecimalString()).toBe('5005.00');
    const tenths = Array.from({ length: 1000 }, (_, i) => unit(`T${i}`, '0.10', true));
    const balances = stepBalances(step(tenths, line('100.00')));
    expect([balances.total.toDecimalString(), balances.remaining.toDecimalString(), balances.canSave]).toEqual([
      '100.00',
      '0.00',
      true,
    ]);
    const big = Array.from({ length: 1000 }, (_, i) => unit(`B${i}`, '9999999.99', i % 2 === 0));
    expect(checkedTotal(big).toDecimalString()).toBe('4999999995.00');
  });
});

describe('ticking a unit', () => {
  it('needs a credit line', () => {
    expect(toggleUnit(step([unit('A', '1.00')], null), 0, true)).toEqual({
      units: [unit('A', '1.00')],
      message: 'Seleccione la línea de crédito',
    });
  });

  it('needs a line with a balance', () => {
    const result = toggleUnit(step([unit('A', '1.00')], line('0.00')), 0, true);
    expect(result.message).toBe('La línea de crédito no puede tener un monto 0');
    expect(checks(result.units)).toEqual([false]);
  });

  it('may go past the balance (the save refuses it) and may always untick', () => {
    const ticked = toggleUnit(step([unit('A', '2000.00')]), 0, true);
    expect(ticked).toMatchObject({ message: null });
    expect(checks(ticked.units)).toEqual([true]);
    expect(checks(toggleUnit(step([unit('A', '1.00', true)], null), 0, false).units)).toEqual([false]);
  });
});

describe('auto-marking and include all (spec 3 §5)', () => {
  it('marks a unit only while the total plus its amount stays strictly below the available balance', () => {
    const units = addUnits(step([]), [
      unit('A', '400.00'),
      unit('B', '599.99'), // 999.99 < 1000: marked
      unit('C', '0.01'), // would make exactly 1000.00: not below, left unticked
      unit('D', '0.00'),
    ]);
    expect(checks(units)).toEqual([true, true, false, true]);
  });

  it('counts what is already ticked before marking added units', () => {
    const units = addUnits(step([unit('A', '900.00', true)]), [unit('B', '200.00'), unit('C', '99.99')]);
    expect(checks(units)).toEqual([true, false, true]);
  });

  it('marks nothing without a line', () => {
    expect(checks(addUnits(step([], null), [unit('A', '1.00')]))).toEqual([false]);
  });

  it('Seminuevos with include all: every unit unticked, total 0', () => {
    const s = step([], line('1000.00', LINE_TYPE.USED), true);
    const units = addUnits(s, [unit('A', '1.00', true), unit('B', '2.00')]);
    expect(checks(units)).toEqual([false, false]);
    expect(checkedTotal(units).isZero()).toBe(true);
  });

  it('Nuevos with include all: every unit ticked, even past the balance, with the attachment as evidence', () => {
    const s = step([], line('1000.00', LINE_TYPE.NEW), true);
    const units = addUnits(s, [unit('A', '800.00'), unit('B', '800.00')]);
    expect(checks(units)).toEqual([true, true]);
    expect(units[0]!.evidences).toEqual([{ fileName: 'anexo.pdf', url: 'files/anexo.pdf', extension: 'pdf', type: 7 }]);
    expect(stepBalances({ ...s, units }).canSave).toBe(false);
    // Applying the rules again does not attach the file twice.
    expect(applyLineRules({ ...s, units })[0]!.evidences).toHaveLength(1);
  });

  it('decides every tick again when the line changes', () => {
    const units = [unit('A', '300.00', true), unit('B', '300.00', true), unit('C', '300.00')];
    expect(checks(applyLineRules(step(units, line('650.00'))))).toEqual([true, true, false]);
    expect(checks(applyLineRules(step(units, line('10000.00'))))).toEqual([true, true, true]);
    expect(checks(applyLineRules(step(units, line('5000.00', LINE_TYPE.USED), true)))).toEqual([false, false, false]);
  });

  it('sends only the ticked units', () => {
    expect(unitsToSend([unit('A', '1.00', true), unit('B', '1.00')]).map((u) => u.vin)).toEqual(['A']);
  });
});

describe('term and line defaults (spec 3 §5)', () => {
  it('the default term is the longest', () => {
    expect(defaultTerm([1, 2, 3, 6])).toBe(6);
    expect(defaultTerm([])).toBeNull();
  });

  it('a single credit line is preselected', () => {
    expect(preselectedLine(['LC-1'])).toBe('LC-1');
    expect(preselectedLine(['LC-1', 'LC-2'])).toBeNull();
    expect(preselectedLine([])).toBeNull();
  });
});
