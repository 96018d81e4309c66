import { describe, expect, it } from 'vitest';
import {
  FINANCING_MESSAGES,
  Money,
  createProvisionRequest,
  type CsvUnit,
  type ExternalCreditLine,
  type UnitDraft,
} from '@planpiso/domain';
import type { ProvisionDetail } from './api/provision-wizard-types';
import { PROVISION_40 } from '../../test/dealer-fixtures';
import {
  chooseLine,
  emptyWizard,
  fromDetail,
  fromReview,
  missingRequired,
  provisionBody,
  saveProblem,
  stepLineOf,
  tickAll,
  tickUnit,
  withCsvUnits,
  withManualUnit,
  type WizardState,
} from './provision-wizard-state';

const line = (over: Partial<ExternalCreditLine> = {}): ExternalCreditLine => ({
  lineaCredito: 'LC-1',
  tipoDispLinea: '100000000',
  montoRestante: '1000000.00',
  reservado: '0.00',
  disponible: '1000000.00',
  plazos: '1|3|6',
  terms: [1, 3, 6],
  tienesSaldosPendientes: false,
  ...over,
});

const draft = (vin: string, amount: string): UnitDraft => ({
  agency: 'León',
  brandName: 'Nissan',
  type: 'Versa',
  model: '2027',
  description: 'VERSA ADVANCE',
  color: 'Azul Marino Metálico',
  insideColor: 'Gris',
  vinNumber: vin,
  motorNumber: 'HR16-1',
  amount,
});
const csv = (row: number, vin: string, amount: string): CsvUnit => ({ ...draft(vin, amount), row });

const ready = (): WizardState => ({ ...emptyWizard(11), agencyId: 7, legalId: 104 });

describe('the credit line in the wizard', () => {
  it('takes available = montoRestante − reserved, never below 0, and gives back what the edited provision holds', () => {
    expect(stepLineOf(line({ montoRestante: '500.00', reservado: '200.10' }))!.available.toDecimalString()).toBe(
      '299.90',
    );
    expect(stepLineOf(line({ montoRestante: '500.00', reservado: '900.00' }))!.available.isZero()).toBe(true);
    // Editing a provision of 300.00 on the line: its own reservation is money it may spend again.
    expect(
      stepLineOf(
        line({ montoRestante: '500.00', reservado: '400.00' }),
        Money.of('300.00'),
      )!.available.toDecimalString(),
    ).toBe('400.00');
  });

  it('defaults the term to the longest and decides the ticks again when the line changes', () => {
    const loaded = withCsvUnits(
      ready(),
      'a.csv',
      [csv(2, 'VIN00000000000001', '600'), csv(3, 'VIN00000000000002', '300')],
      [],
      null,
    );
    expect(loaded.units.map((u) => u.checked)).toEqual([false, false]); // no line yet: nothing ticked
    const chosen = chooseLine(loaded, line({ montoRestante: '1000.00' }));
    expect(chosen.deadlines).toBe(6);
    expect(chosen.units.map((u) => u.checked)).toEqual([true, true]);
    // A smaller line: 600 fits strictly below 700, 900 would not.
    const smaller = chooseLine(chosen, line({ lineaCredito: 'LC-2', montoRestante: '700.00', terms: [1, 2] }));
    expect(smaller.deadlines).toBe(2);
    expect(smaller.units.map((u) => u.checked)).toEqual([true, false]);
  });
});

describe('units joining the step', () => {
  it('a new CSV replaces the earlier upload and keeps the units typed by hand, with its warnings by row', () => {
    const stepLine = stepLineOf(line());
    let state = withCsvUnits(ready(), 'a.csv', [csv(2, 'AAA00000000000001', '100')], [], stepLine);
    state = withManualUnit(state, draft('MAN00000000000001', '50'), stepLine);
    state = withCsvUnits(
      state,
      'b.csv',
      [csv(2, 'BBB00000000000001', '100'), csv(3, 'BBB00000000000002', '100')],
      [{ row: 3, messages: ['aviso'] }],
      stepLine,
    );
    expect(state.csvFileName).toBe('b.csv');
    expect(state.units.map((u) => [u.vinNumber, u.source])).toEqual([
      ['BBB00000000000001', 'csv'],
      ['BBB00000000000002', 'csv'],
      ['MAN00000000000001', 'manual'],
    ]);
    expect(state.units[1]!.warnings).toEqual(['aviso']);
  });

  it('in edit mode a CSV row whose VIN matches a saved unit keeps that unit (its id and evidences)', () => {
    const saved = fromDetail(detail());
    const next = withCsvUnits(
      saved,
      'edit.csv',
      [csv(2, '3n1cd3ap6vl213384', '376600'), csv(3, 'NEW00000000000001', '100')],
      [],
      stepLineOf(line()),
    );
    expect(next.units.map((u) => [u.id, u.vinNumber])).toEqual([
      [501, '3N1CD3AP6VL213384'],
      [undefined, 'NEW00000000000001'],
    ]);
    expect(next.units[0]!.evidences[0]).toMatchObject({ fileId: 91, locked: true });
  });

  it('a unit typed by hand carries the VIN check-digit warning, and does not block', () => {
    const state = withManualUnit(ready(), draft('3N1CD3AP0VL213384', '100'), stepLineOf(line()));
    expect(state.units[0]!.warnings[0]).toMatch(/dígito verificador/);
    expect(state.units[0]!.checked).toBe(true);
  });

  it('include all on a Nuevos line ticks every unit with the annex as evidence; on Seminuevos none', () => {
    const annex = { fileId: 9, fileName: 'anexo.pdf', url: '/api/files/9', type: 2 };
    const base = { ...ready(), includeAll: true, attachment: annex };
    const units = [csv(2, 'AAA00000000000001', '900000'), csv(3, 'AAA00000000000002', '900000')];
    const nuevos = withCsvUnits(base, 'a.csv', units, [], stepLineOf(line()));
    expect(nuevos.units.map((u) => u.checked)).toEqual([true, true]);
    expect(nuevos.units[0]!.evidences).toEqual([expect.objectContaining({ fileId: 9, type: 7 })]);
    const seminuevos = withCsvUnits(base, 'a.csv', units, [], stepLineOf(line({ tipoDispLinea: '100000001' })));
    expect(seminuevos.units.map((u) => u.checked)).toEqual([false, false]);
  });
});

describe('ticking', () => {
  it('asks for a line first, refuses a 0 balance, and allows going past the balance (the save refuses)', () => {
    const state = withCsvUnits(ready(), 'a.csv', [csv(2, 'AAA00000000000001', '100')], [], null);
    const key = state.units[0]!.key;
    expect(tickUnit(state, key, true, null).message).toBe(FINANCING_MESSAGES.selectCreditLine);
    expect(tickUnit(state, key, true, stepLineOf(line({ montoRestante: '0.00' }))).message).toBe(
      FINANCING_MESSAGES.creditLineZero,
    );
    const small = stepLineOf(line({ montoRestante: '50.00' }));
    const ticked = tickUnit(state, key, true, small);
    expect(ticked.message).toBeNull();
    expect(saveProblem({ ...ticked.state, creditLine: 'LC-1', deadlines: 6 }, small)).toBe(
      FINANCING_MESSAGES.balanceExceeded,
    );
    expect(tickAll(ticked.state, false, small).state.units.every((u) => !u.checked)).toBe(true);
  });
});

describe('the save body', () => {
  it('sends only the ticked units, the model as text and the total to the cent; the contract accepts it', () => {
    let state = chooseLine(ready(), line());
    state = withCsvUnits(
      state,
      'a.csv',
      [csv(2, 'AAA00000000000001', '0.10'), csv(3, 'AAA00000000000002', '0.20'), csv(4, 'AAA00000000000003', '5')],
      [],
      stepLineOf(line()),
    );
    state = tickUnit(state, state.units[2]!.key, false, stepLineOf(line())).state;
    const body = provisionBody(state);
    expect(body.units.map((u) => u.vinNumber)).toEqual(['AAA00000000000001', 'AAA00000000000002']);
    expect(body.total).toBe('0.30');
    expect(body).toMatchObject({ companyId: 11, agencyId: 7, legalId: 104, creditLine: 'LC-1', deadlines: 6 });
    expect(createProvisionRequest.safeParse(body).success).toBe(true);
  });

  it('says which fields are missing before anything is sent', () => {
    expect(missingRequired(emptyWizard(11))).toBe(true);
    expect(saveProblem(ready(), null)).toBe(FINANCING_MESSAGES.requiredFields);
    expect(saveProblem(chooseLine(ready(), line()), stepLineOf(line()))).toBeNull();
  });

  it('review mode flags the units and sends their ids', () => {
    const state = chooseLine(
      fromReview(ready(), [
        {
          id: 77,
          model: '2026',
          motorNumber: 'M-1',
          vinNumber: '3N1CD3AP6TL213754',
          color: 'Rojo',
          amount: '417000.00',
          createdAt: '2026-11-20T10:00:00Z',
          comment: 'Factura ilegible',
          agency: 'León',
          brandName: 'Nissan',
          type: 'Versa',
          description: 'VERSA',
          insideColor: 'Gris',
        },
      ]),
      line(),
    );
    const body = provisionBody(state);
    expect(body.reviewUnits).toBe(true);
    expect(body.units).toEqual([expect.objectContaining({ id: 77, agency: 'León', amount: '417000.00' })]);
  });
});

function detail(): ProvisionDetail {
  return {
    ...PROVISION_40,
    creditLine: 'LC-1',
    total: '376600.00',
    operator: { id: 105, name: 'Alicia Agencia' },
    countUnits: 1,
    units: [
      {
        id: 501,
        index: 0,
        vinNumber: '3N1CD3AP6VL213384',
        agency: 'León',
        brandName: 'Nissan',
        type: 'Versa',
        model: '2027',
        description: 'VERSA ADVANCE',
        color: 'Vino Tinto',
        insideColor: 'Gris Claro',
        motorNumber: 'HR16-850008E',
        amount: '376600.00',
        included: true,
        status: 0,
        reviewAF: false,
        comment: '',
        invoiceDate: null,
        validation: { validInvoice: null, validRepuve: null, validTransunion: null, validAx: null },
        evidences: [
          {
            id: 1,
            fileId: 91,
            fileName: 'factura.xml',
            fileSize: 2048,
            extension: 'xml',
            url: '/api/files/91',
            type: 7,
          },
        ],
      },
    ],
  };
}
