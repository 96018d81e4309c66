import { describe, expect, it } from 'vitest';
import {
  canSignRefinancing,
  refinancingSignLink,
  refinancingAcceptUnits,
  refinancingEvidenceDialogTitle,
  refinancingEvidenceUploadAllowed,
  refinancingRemainingShown,
  refinancingSelectionShown,
  refinancingUnitVerdictCell,
} from './refinancing-detail';

describe('refinancing detail rules', () => {
  it.each([
    [3, 1, true, 'Cargar Evidencia'],
    [3, 2, false, 'Cargar Evidencia'],
    [5, 1, true, 'Cargar Evidencia'],
    [5, 2, true, 'Cargar Evidencia'],
    // Issue 26: type 5 on a refinancing created with evidences = No is not offered the upload.
    [5, 1, false, 'Evidencia'],
    [5, 2, false, 'Evidencia'],
    [3, 3, true, 'Evidencia'],
    [5, 4, true, 'Evidencia'],
    [2, 1, true, 'Evidencia'],
    [1, 2, true, 'Evidencia'],
    [4, 5, true, 'Evidencia'],
  ])(
    'type %i at status %i (evidences required %s) titles the evidence dialog %s',
    (type, status, requireEvidences, title) => {
      expect(refinancingEvidenceDialogTitle(type, { status, requireEvidences })).toBe(title);
    },
  );

  it.each([
    [3, 1, false, true],
    [3, 2, true, true],
    [3, 3, true, false],
    [5, 1, true, true],
    [5, 2, true, true],
    [5, 1, false, false],
    [5, 3, true, false],
    [2, 1, true, false],
    [1, 1, true, false],
  ])('type %i at status %i (evidences required %s) may upload: %s', (type, status, requireEvidences, allowed) => {
    expect(refinancingEvidenceUploadAllowed(type, { status, requireEvidences })).toBe(allowed);
  });

  it.each([
    [3, 1, true],
    [3, 3, true],
    [3, 4, false],
    [2, 3, false],
    [5, 1, false],
  ])('type %i at status %i sees the checkboxes: %s', (type, status, shown) => {
    expect(refinancingSelectionShown(type, status)).toBe(shown);
  });

  it.each([
    [1, false],
    [2, true],
    [3, true],
    [4, false],
    [5, false],
  ])('type %i sees the remaining balance: %s', (type, shown) => {
    expect(refinancingRemainingShown(type)).toBe(shown);
  });

  it('sends every unit, ticked ones with status 1, and their exact sum as the total', () => {
    const units = [
      { id: 1, amount: '100000.10', comment: '' },
      { id: 2, amount: '0.20', comment: 'Factura ilegible' },
      { id: 3, amount: '50.05', comment: '' },
    ];
    expect(refinancingAcceptUnits(units, new Set([1, 2]))).toEqual({
      units: [
        { id: 1, comment: '', status: 1 },
        { id: 2, comment: 'Factura ilegible', status: 1 },
        { id: 3, comment: '', status: 2 },
      ],
      total: '100000.30',
    });
    expect(refinancingAcceptUnits(units, new Set()).total).toBe('0.00');
  });
});

describe('Firmar documentos on a refinancing (issue 26)', () => {
  it.each([
    [4, 5, true],
    [4, 6, true],
    [4, 4, false],
    [4, 7, false],
    [5, 5, false],
    [3, 6, false],
  ])('type %i at status %i: %s', (type, status, shown) => {
    expect(canSignRefinancing(type, status)).toBe(shown);
  });

  it('leads to the in-app signing page', () => {
    expect(refinancingSignLink(42)).toBe('/firmar-refinanciamiento/42');
  });
});

describe("the units XLSX's administrator verdict (spec 3 §2)", () => {
  it.each([
    [0, ''],
    [1, 'Sí'],
    [2, 'No'],
    [3, ''],
  ])('status %i shows %j', (status, cell) => {
    expect(refinancingUnitVerdictCell(status)).toBe(cell);
  });
});
