import { businessClock } from '../operating-window';
import { PROVISION_STATUS, type ProvisionStatus } from './provision-status';
import { Money } from '../money';

/**
 * Provisions statistics (spec 2 "Provisions statistics", spec 3 "Statistics"): 'Gráfica de disposiciones promedio en
 * un lapso de 12 meses'. For the 12 calendar months (Mexico City) ending with the month of `to` (today when absent),
 * the average provision amount and the number of provisions per month.
 */

/** A rejected or cancelled provision drew nothing: it does not count in the averages. */
export const STATISTICS_EXCLUDED_STATUSES: readonly ProvisionStatus[] = [
  PROVISION_STATUS.REJECTED,
  PROVISION_STATUS.CANCELLED,
];
export const STATISTICS_MONTHS = 12;

const MONTH_LABELS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

/** 'YYYY-MM' → 'nov 2026'. */
export const monthLabel = (month: string) => `${MONTH_LABELS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** The 12 months ('YYYY-MM', oldest first) ending with the month of the day `to` (YYYY-MM-DD). */
export function statisticsMonths(to: string): string[] {
  let year = Number(to.slice(0, 4));
  let month = Number(to.slice(5, 7));
  const months: string[] = [];
  for (let i = 0; i < STATISTICS_MONTHS; i++) {
    months.unshift(`${year}-${String(month).padStart(2, '0')}`);
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
  }
  return months;
}

/** A provision's month and its total as the numeric column gives it ('250000.50'). */
export type StatisticsProvision = { month: string; total: string };
export type StatisticsRow = { month: string; label: string; count: number; total: number; average: number };
export type StatisticsGraph = {
  categories: string[];
  series: { name: string; data: number[] }[];
  rows: StatisticsRow[];
};

/**
 * Per month: how many provisions, their sum and their average (0 for a month without any), summed in exact cents
 * and the average rounded half up to the cent. The chart plots numbers, so the results leave as numbers, each the
 * exact 2-decimal amount (Money.toNumber).
 */
export function provisionStatistics(provisions: readonly StatisticsProvision[], to: string): StatisticsGraph {
  const months = statisticsMonths(to);
  const rows = months.map((month) => {
    const inMonth = provisions.filter((p) => p.month === month);
    const total = Money.sum(inMonth.map((p) => Money.of(p.total)));
    return {
      month,
      label: monthLabel(month),
      count: inMonth.length,
      total: total.toNumber(),
      average: inMonth.length === 0 ? 0 : total.divideRounded(inMonth.length).toNumber(),
    };
  });
  return {
    categories: rows.map((row) => row.label),
    series: [
      { name: 'Monto promedio', data: rows.map((row) => row.average) },
      { name: 'Disposiciones', data: rows.map((row) => row.count) },
    ],
    rows,
  };
}

/** Today in Mexico City, YYYY-MM-DD (the default end of the period). */
export const businessToday = (now: Date) => businessClock(now).day;
