import { describe, expect, it } from 'vitest';
import { LAYOUT_MESSAGES } from '../messages-financing';
import {
  compareLayoutRows,
  dueWithin,
  layoutApplyEntry,
  layoutMonthsError,
  layoutRefinanceable,
  layoutXlsxName,
  suggestedLayoutTerm,
} from './layout';
import { layoutGenerateQuery } from '../contracts/layout';

describe('layout suggested term (spec 3 §5: round(diasRescate / 30.4), N/A cases)', () => {
  it.each([
    { diasRescate: 91, auditoria: false, puedeRefinanciar: true, term: 3 }, // 2.99 → 3
    { diasRescate: 30, auditoria: false, puedeRefinanciar: true, term: 1 }, // 0.99 → 1
    { diasRescate: 45, auditoria: false, puedeRefinanciar: true, term: 1 }, // 1.48 → 1
    { diasRescate: 46, auditoria: false, puedeRefinanciar: true, term: 2 }, // 1.51 → 2
    { diasRescate: 182, auditoria: false, puedeRefinanciar: true, term: 6 },
    { diasRescate: 15, auditoria: false, puedeRefinanciar: true, term: 'N/A' }, // 0.49 → 0
    { diasRescate: 0, auditoria: false, puedeRefinanciar: true, term: 'N/A' },
    { diasRescate: -20, auditoria: false, puedeRefinanciar: true, term: 'N/A' },
    { diasRescate: 91, auditoria: true, puedeRefinanciar: true, term: 'N/A' },
    { diasRescate: 91, auditoria: false, puedeRefinanciar: false, term: 'N/A' },
  ])('$diasRescate days, audit $auditoria, refinanceable $puedeRefinanciar → $term', (row) => {
    expect(suggestedLayoutTerm(row)).toBe(row.term);
  });
});

describe('months of anticipation (spec 3 §5)', () => {
  it.each([
    [undefined, LAYOUT_MESSAGES.monthsRequired],
    ['', LAYOUT_MESSAGES.monthsRequired],
    ['0', LAYOUT_MESSAGES.monthsRequired],
    [-2, LAYOUT_MESSAGES.monthsRequired],
    ['1.5', LAYOUT_MESSAGES.monthsRequired],
    ['abc', LAYOUT_MESSAGES.monthsRequired],
    ['3', null],
    [1, null],
  ])('%s → %s', (months, error) => {
    expect(layoutMonthsError(months as string | number | undefined)).toBe(error);
  });

  it('the API query answers the same message', () => {
    const parsed = layoutGenerateQuery.safeParse({ months: '0' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(LAYOUT_MESSAGES.monthsRequired);
    expect(layoutGenerateQuery.parse({ months: '2' })).toEqual({ months: 2 });
  });
});

describe('layout rows', () => {
  it('a credit is due within N months when its days to rescue are at most N × 30.4', () => {
    expect(dueWithin(60, 2)).toBe(true);
    expect(dueWithin(61, 2)).toBe(false);
    expect(dueWithin(-3, 1)).toBe(true);
  });

  it('a sold unit or one under audit is not refinanceable', () => {
    expect(layoutRefinanceable({ isSold: false, auditoria: false })).toBe(true);
    expect(layoutRefinanceable({ isSold: true, auditoria: false })).toBe(false);
    expect(layoutRefinanceable({ isSold: false, auditoria: true })).toBe(false);
  });

  it('Aplicar sends a term of 1–6 as refinanceable, N/A or a longer term as not', () => {
    expect(layoutApplyEntry({ unitId: 4, plazoSugerido: 2 })).toEqual({
      unitId: 4,
      deadlines: 2,
      canRefinancing: true,
    });
    expect(layoutApplyEntry({ unitId: 4, plazoSugerido: 'N/A' })).toEqual({
      unitId: 4,
      deadlines: null,
      canRefinancing: false,
    });
    expect(layoutApplyEntry({ unitId: 4, plazoSugerido: 8 }).canRefinancing).toBe(false);
  });

  it('sorts by noCredito, numbers as numbers, and names the file with the day', () => {
    const rows = [{ noCredito: 'CRE-10' }, { noCredito: 'CRE-9' }, { noCredito: 'CRE-0001047' }];
    expect([...rows].sort(compareLayoutRows).map((r) => r.noCredito)).toEqual(['CRE-9', 'CRE-10', 'CRE-0001047']);
    expect(layoutXlsxName('2026-11-24')).toBe('Layout (24-11-2026).xlsx');
  });
});
