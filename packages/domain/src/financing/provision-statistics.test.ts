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
        { month: '2026-11', total: 100000 },
        { month: '2026-11', total: 250000.5 },
        { month: '2026-09', total: 80000 },
        // Outside the 12 months: ignored.
        { month: '2025-11', total: 999999 },
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

  it('labels months in Spanish', () => {
    expect(monthLabel('2026-01')).toBe('ene 2026');
    expect(monthLabel('2026-12')).toBe('dic 2026');
  });
});
