import {
  HISTORICAL_VALIDATIONS_DEFAULT_SORT,
  unitValidationCheckLabel,
  businessToday,
  provisionStatistics,
  statisticsMonths,
  type CustomerOption,
  type HistoricalValidation,
  type HistoricalValidationsQuery,
  type StatisticsQuery,
  type StatisticsResponse,
  CONFIGURATION_MESSAGES,
} from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { orderBy, pageWindow, type Page } from '../../platform/listing';
import { accountScopeOf } from '../organisation-lookups';
import * as repo from './repository';
import { statisticsPdf } from './statistics-pdf';

export type ReportsService = ReturnType<typeof createReportsService>;

/** The statistics report's file name (spec 2 §2): 'Estadísticas de disposiciones (DD-MM-YYYY).pdf'. */
export const statisticsFileName = (day: string) =>
  `Estadísticas de disposiciones (${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}).pdf`;

/**
 * Reports (spec 2 "Provisions statistics", spec 3 §7): the customers assigned to the caller, the provisions
 * statistics of one of them, and the history of VIN validations. A customer outside the caller's accounts is 404.
 */
export function createReportsService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  async function customerOf(actor: AuthUser, clientId: string) {
    const customer = await repo.customerByClient(db, accountScopeOf(actor), clientId);
    if (!customer) throw notFound(CONFIGURATION_MESSAGES.customerNotFound);
    return customer;
  }

  async function statistics(actor: AuthUser, query: StatisticsQuery): Promise<StatisticsResponse> {
    const customer = await customerOf(actor, query.clientId);
    const to = query.to ?? businessToday(clock.now());
    // The chart's 12 months end with the month of `to`; `from` narrows them further.
    const firstMonth = statisticsMonths(to)[0]!;
    const from = query.from && query.from > `${firstMonth}-01` ? query.from : `${firstMonth}-01`;
    const provisions = await repo.provisionsByMonth(db, customer.id, { creditLine: query.creditLine, from, to });
    return {
      customer: { name: customer.name, legalName: customer.legalName, clientId: customer.clientId ?? query.clientId },
      ...provisionStatistics(provisions, to),
    };
  }

  return {
    /** GET /accounts/assigned/{id}/companies: only one's own customers (another user's id is 404). */
    async customers(actor: AuthUser, userId: number): Promise<CustomerOption[]> {
      if (userId !== actor.id) throw notFound();
      return repo.customers(db, accountScopeOf(actor));
    },

    statistics,

    async creditLines(actor: AuthUser, clientId: string) {
      const customer = await customerOf(actor, clientId);
      return repo.creditLinesOf(db, customer.id);
    },

    async statisticsPdf(actor: AuthUser, query: StatisticsQuery) {
      const graph = await statistics(actor, query);
      const today = businessToday(clock.now());
      const generatedOn = `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;
      return { bytes: await statisticsPdf(graph, query, generatedOn), fileName: statisticsFileName(today) };
    },

    async historicalValidations(query: HistoricalValidationsQuery): Promise<Page<HistoricalValidation>> {
      const { rows, total } = await repo.historicalValidations(
        db,
        query,
        pageWindow(query),
        orderBy(
          query.sort,
          HISTORICAL_VALIDATIONS_DEFAULT_SORT,
          repo.validationSortFields,
          repo.validationSortFields.validatedAt,
        ),
      );
      return {
        items: rows.map((row) => ({
          id: row.id,
          vin: row.vin,
          check: row.check,
          checkLabel: unitValidationCheckLabel(row.check),
          valid: row.valid,
          reason: row.reason,
          // Nobody asked: the periodic validation job did (decision 011).
          requestedBy: row.firstname ? `${row.firstname} ${row.lastname}` : 'Sistema',
          validatedAt: row.validatedAt,
        })),
        total,
      };
    },
  };
}
