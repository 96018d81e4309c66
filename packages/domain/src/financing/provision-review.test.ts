import { describe, expect, it } from 'vitest';
import {
  adminReviewIcon,
  checkIcon,
  pendingReviewCount,
  reviewTimelineComment,
  reviewConfirmLines,
  reviewNeedsComment,
  reviewedUnit,
  unitReviewLabel,
  unitsMissingComment,
} from './provision-review';

describe('disposition review rules (spec 3 §4, §5; decision 034)', () => {
  it.each([
    [0, false, 'Pendiente'],
    [1, false, 'Si'],
    [2, true, 'No'],
    [3, true, 'Ajuste'],
  ])('status %i needs a comment: %s (%s)', (status, needs, label) => {
    expect(reviewNeedsComment(status)).toBe(needs);
    expect(unitReviewLabel(status)).toBe(label);
  });

  it('counts the pending units and words the warning as the spec does', () => {
    const units = [{ status: 0 }, { status: 1 }, { status: 0 }, { status: 2 }];
    expect(pendingReviewCount(units)).toBe(2);
    expect(reviewConfirmLines(units)).toEqual([
      'Tienes 2 unidad(es) pendiente(s) por revisar,',
      '¿Seguro que deseas continuar con la actualización?',
    ]);
    expect(reviewConfirmLines([{ status: 1 }, { status: 3 }])).toEqual([
      '¿Seguro que deseas continuar con la actualización?',
    ]);
  });

  it.each([
    [{ id: 1, status: 2, comment: '' }, [1]],
    [{ id: 2, status: 3, comment: '   ' }, [2]],
    [{ id: 3, status: 2, comment: 'Sin factura' }, []],
    [{ id: 4, status: 1, comment: '' }, []],
    [{ id: 5, status: 0, comment: '' }, []],
  ])('a comment is required for No and Ajuste only: %o', (entry, missing) => {
    expect(unitsMissingComment([entry])).toEqual(missing);
  });

  it('marks a unit reviewed once not pending, and keeps the comment only for No and Ajuste', () => {
    expect(reviewedUnit({ id: 1, status: 0, comment: 'x' })).toEqual({ status: 0, comment: '', reviewAF: false });
    expect(reviewedUnit({ id: 1, status: 1, comment: 'viejo' })).toEqual({ status: 1, comment: '', reviewAF: true });
    expect(reviewedUnit({ id: 1, status: 2, comment: ' Sin factura ' })).toEqual({
      status: 2,
      comment: 'Sin factura',
      reviewAF: true,
    });
  });

  it('shows the checks and the admin icon as the spec says', () => {
    expect([true, false, null].map(checkIcon)).toEqual(['approved', 'disapproved', 'question']);
    expect(adminReviewIcon({ reviewAF: false, status: 2 })).toBeNull();
    expect(adminReviewIcon({ reviewAF: true, status: 0 })).toBeNull();
    expect(adminReviewIcon({ reviewAF: true, status: 1 })).toBe('approved');
    expect(adminReviewIcon({ reviewAF: true, status: 3 })).toBe('disapproved');
  });
});

describe('reviewTimelineComment', () => {
  it('names each unit marked No or Ajuste with its comment, and leaves out Si and pending', () => {
    expect(
      reviewTimelineComment([
        { status: 1, comment: '', vinNumber: 'VIN-SI' },
        { status: 2, comment: 'La factura no corresponde al VIN', vinNumber: 'VIN-NO' },
        { status: 0, comment: '', vinNumber: 'VIN-PENDIENTE' },
        { status: 3, comment: 'Ajustar el monto', vinNumber: 'VIN-AJUSTE' },
      ]),
    ).toBe('VIN-NO: No — La factura no corresponde al VIN\nVIN-AJUSTE: Ajuste — Ajustar el monto');
  });
});
