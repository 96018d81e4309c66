import { describe, expect, it } from 'vitest';
import { confirmRejectRequest, provisionUnitsXlsxName, updateFolioRequest } from '../contracts/provision-lender';
import {
  adminReviewIconShown,
  changedReviewCount,
  followUpTotalShown,
  invoiceIconState,
  manualFolioError,
  provisionTrackerPosition,
  shownFolio,
  unitSelectable,
  unitsInReviewCount,
  updateFolioError,
  type FollowUpUnit,
} from './provision-follow-up';

describe('the tracker (spec 3 §4)', () => {
  it.each([
    [1, 0],
    [2, 0],
    [3, 1],
    [4, 2],
    [5, 3],
    [6, 3],
    [7, 3],
    [8, 4],
    [10, 4],
    [12, 4],
  ])('status %i is step %i with the five plain labels', (status, step) => {
    const position = provisionTrackerPosition(status);
    expect(position.step).toBe(step);
    expect(position.labels).toEqual(['Creada', 'Validación FinBe', 'Aceptada', 'Enviada a firma', 'Autorizado']);
    expect(position.stopped).toBe(false);
  });

  it('a rejected provision stops at step 2 relabelled Rechazado', () => {
    expect(provisionTrackerPosition(9)).toEqual({
      step: 2,
      labels: ['Creada', 'Validación FinBe', 'Rechazado', 'Enviada a firma', 'Autorizado'],
      stopped: true,
    });
  });

  it('a cancelled provision stops at step 0 relabelled Cancelado', () => {
    expect(provisionTrackerPosition(11)).toEqual({
      step: 0,
      labels: ['Cancelado', 'Validación FinBe', 'Aceptada', 'Enviada a firma', 'Autorizado'],
      stopped: true,
    });
  });
});

describe('the total is shown only at status 1 or from 4 (spec 3 §4)', () => {
  it.each([
    [1, true],
    [2, false],
    [3, false],
    [4, true],
    [8, true],
    [11, true],
  ])('status %i: %s', (status, shown) => expect(followUpTotalShown(status)).toBe(shown));
});

const passing = { validInvoice: true, validRepuve: true, validTransunion: true, validAx: true };
const unit = (over: Partial<FollowUpUnit> = {}): FollowUpUnit => ({
  id: 1,
  status: 0,
  reviewAF: false,
  invoiceDate: null,
  validation: passing,
  ...over,
});

describe('which units may be selected (spec 3 §4 "Unit states")', () => {
  it('every check passing makes a unit selectable', () => expect(unitSelectable(unit())).toBe(true));
  it('one failing check does not', () =>
    expect(unitSelectable(unit({ validation: { ...passing, validRepuve: false } }))).toBe(false));
  it("the administrator's Si (status 1 with reviewAF) overrides a failing check", () =>
    expect(unitSelectable(unit({ status: 1, reviewAF: true, validation: { ...passing, validAx: false } }))).toBe(true));
  it('status 1 without reviewAF does not override', () =>
    expect(unitSelectable(unit({ status: 1, reviewAF: false, validation: { ...passing, validAx: false } }))).toBe(
      false,
    ));
  it('a No (status 2) from the administrator does not override either', () =>
    expect(unitSelectable(unit({ status: 2, reviewAF: true, validation: { ...passing, validAx: false } }))).toBe(
      false,
    ));
  it('no validation at all: not selectable, even with a Si', () => {
    expect(unitSelectable(unit({ status: 1, reviewAF: true, validation: null }))).toBe(false);
    const never = { validInvoice: null, validRepuve: null, validTransunion: null, validAx: null };
    expect(unitSelectable(unit({ status: 1, reviewAF: true, validation: never }))).toBe(false);
  });
});

describe('the invoice icon (spec 3 §4)', () => {
  it('approved when the invoice is valid', () =>
    expect(invoiceIconState({ invoiceDate: '2026-01-02', validation: passing })).toBe('approved'));
  it('disapproved when there is an invoice date but it is not valid', () =>
    expect(invoiceIconState({ invoiceDate: '2026-01-02', validation: { ...passing, validInvoice: false } })).toBe(
      'disapproved',
    ));
  it('a question mark when no invoice was read', () => {
    expect(invoiceIconState({ invoiceDate: null, validation: { ...passing, validInvoice: null } })).toBe('question');
    expect(invoiceIconState({ invoiceDate: null, validation: null })).toBe('question');
  });
});

describe('the admin column (spec 3 §4)', () => {
  it.each([
    [true, 1, true],
    [true, 2, true],
    [true, 3, true],
    [true, 0, false],
    [false, 1, false],
  ])('reviewAF %s, status %i: icon %s', (reviewAF, status, shown) =>
    expect(adminReviewIconShown({ reviewAF, status })).toBe(shown),
  );
});

describe('the changes-found dialog before Confirmar (spec 3 §4)', () => {
  const read = [
    { id: 1, status: 0, reviewAF: false },
    { id: 2, status: 1, reviewAF: true },
    { id: 3, status: 2, reviewAF: true },
  ];
  it('nothing changed: no dialog', () => expect(changedReviewCount(read, read)).toBe(0));
  it('counts units reviewed since the page loaded and reviews that changed', () => {
    const fresh = [
      { id: 1, status: 2, reviewAF: true },
      { id: 2, status: 3, reviewAF: true },
      { id: 3, status: 2, reviewAF: true },
    ];
    expect(changedReviewCount(read, fresh)).toBe(2);
  });
  it('a unit without reviewAF in the fresh read is not a change', () =>
    expect(changedReviewCount(read, [{ id: 1, status: 1, reviewAF: false }])).toBe(0));
  it('the units-in-review counter counts reviewAF', () => expect(unitsInReviewCount(read)).toBe(2));
});

describe('the folio users see (spec 3 §2 "manual folio if used")', () => {
  it('is the manual folio only when the row uses one', () => {
    expect(shownFolio({ folio: 41, useManualFolio: true, manualFolio: '900123' })).toBe('900123');
    expect(shownFolio({ folio: 41, useManualFolio: false, manualFolio: '900123' })).toBe('41');
    expect(shownFolio({ folio: 41, useManualFolio: true, manualFolio: null })).toBe('41');
  });
});

describe('the manual folio on Confirmar (spec 3 §5)', () => {
  it('is not asked without the option', () => expect(manualFolioError(false, '')).toBeNull());
  it("is required with it: 'Ingrese el folio manual'", () => {
    expect(manualFolioError(true, '')).toBe('Ingrese el folio manual');
    expect(manualFolioError(true, '   ')).toBe('Ingrese el folio manual');
    expect(manualFolioError(true, null)).toBe('Ingrese el folio manual');
  });
  it('is numeric and at most 250 long', () => {
    expect(manualFolioError(true, '12a')).toBe('El folio manual debe ser numérico');
    expect(manualFolioError(true, '1'.repeat(251))).toBe(
      'El folio manual excede el número de caracteres permitidos {250}',
    );
    expect(manualFolioError(true, '1'.repeat(250))).toBeNull();
    expect(manualFolioError(true, '4521')).toBeNull();
  });
  it('the request contract says the same', () => {
    const result = confirmRejectRequest.safeParse({ status: 4, version: 1, units: [], useManualFolio: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Ingrese el folio manual');
    expect(confirmRejectRequest.safeParse({ status: 9, version: 1, units: [], useManualFolio: true }).success).toBe(
      true,
    );
  });
});

describe('Actualizar folio (spec 3 §5)', () => {
  const message = 'El folio es requerido y debe de ser un numero mayor a 0';
  it.each([[''], [0], ['0'], ['-3'], ['1.5'], [null], [undefined], ['abc']])('%s is refused', (value) =>
    expect(updateFolioError(value as string)).toBe(message),
  );
  it.each([[1], ['25'], [4521]])('%s is accepted', (value) => expect(updateFolioError(value)).toBeNull());
  it('the request contract gives the same message', () => {
    const result = updateFolioRequest.safeParse({ manualFolio: 0, version: 1 });
    expect(result.error?.issues[0]?.message).toBe(message);
    expect(updateFolioRequest.safeParse({ version: 1 }).error?.issues[0]?.message).toBe(message);
    expect(updateFolioRequest.parse({ manualFolio: 77, version: 1 }).manualFolio).toBe('77');
  });
});

it("the XLSX is named 'Unidades (DD-MM-YYYY).xlsx'", () =>
  expect(provisionUnitsXlsxName('2026-11-03')).toBe('Unidades (03-11-2026).xlsx'));

describe('PUT /api/provisions/{id} bodies (spec 3 §7)', () => {
  it('status 4 or 9 is Confirmar/Rechazar, 10 Liberar, none the edit', async () => {
    const { provisionPutRequest } = await import('../contracts/provision-lender');
    const confirm = provisionPutRequest.parse({ status: 4, version: 2, units: [{ id: 1, included: true }] });
    expect(confirm).toMatchObject({ status: 4, useManualFolio: false, units: [{ id: 1, included: true }] });
    expect(provisionPutRequest.parse({ status: 10, version: 2 })).toEqual({ status: 10, version: 2 });
    const refused = provisionPutRequest.safeParse({ status: 4, version: 2, useManualFolio: true, manualFolio: '' });
    expect(refused.error?.issues[0]?.message).toBe('Ingrese el folio manual');
    expect(provisionPutRequest.safeParse({ status: 7, version: 2 }).success).toBe(false);
  });
});
