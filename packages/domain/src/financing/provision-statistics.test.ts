import { describe, expect, it } from 'vitest';
import { monthLabel, provisionStatistics, statisticsMonths } from './provision-statistics';

describe('statisticsMonths', () => {
  it.each([
    ['2026-11-23', '2025-12', '2026-11'],
    ['2026-01-05', '2025-02', '2026-01'],
    ['2026-12-31', '2026-01', '2026-12'],
  ])('the 12 months ending with %s run from %s to %s', (to, first, last) => {
    const months = statisticsMonths(to);
    expect(months).toHaveLength(12);
    expect(months[0]).toBe(first);
    expect(months[11]).toBe(last);
  });
});

describe('provisionStatistics', () => {
  it('averages and counts per month, with empty months at 0', () => {
    const graph = provisionStatistics(
      [
        { month: '2026-11', total: '100000.00' },
        { month: '2026-11', total: '250000.50' },
        { month: '2026-09', total: '80000' },
        // Outside the 12 months: ignored.
        { month: '2025-11', total: '999999.00' },
      ],
      '2026-11-23',
    );
    expect(graph.categories[11]).toBe('nov 2026');
    expect(graph.categories[0]).toBe('dic 2025');
    expect(graph.series[0]).toEqual({
      name: 'Monto promedio',
      data: [0, 0, 0, 0, 0, 0, 0, 0, 0, 80000, 0, 175000.25],
    });
    expect(graph.series[1]!.data).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 2]);
    expect(graph.rows[11]).toEqual({
      month: '2026-11',
      label: 'nov 2026',
      count: 2,
      total: 350000.5,
      average: 175000.25,
    });
  });

  it('sums a month of many small amounts to the cent and rounds the average half up', () => {
    const provisions = [
      ...Array.from({ length: 1000 }, () => ({ month: '2026-11', total: '0.10' })),
      { month: '2026-11', total: '123456789.99' },
      { month: '2026-10', total: '0.01' },
      { month: '2026-10', total: '0.02' },
    ];
    const graph = provisionStatistics(provisions, '2026-11-23');
    expect(graph.rows[11]).toMatchObject({ count: 1001, total: 123456889.99, average: 123333.56 });
    // 0.03 / 2 = 0.015 → 0.02 (half up), where float arithmetic gives 0.01 or 0.02 by luck.
    expect(graph.rows[10]).toMatchObject({ count: 2, total: 0.03, average: 0.02 });
  });

  it('labels months in Spanish', () => {
    expect(monthLabel('2026-01')).toBe('ene 2026');
    expect(monthLabel('2026-12')).toBe('dic 2026');
  });
});
