import {
  FINANCED_UNITS_DEFAULT_SORT,
  businessClock,
  type FinancedUnitItem,
  type FinancedUnitListQuery,
} from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { orderBy, pageWindow, sortKeyOf, type Page } from '../../platform/listing';
import { provisionScopeOf } from '../provisions';
import { presentFinancedUnit } from './presenter';
import * as repo from './repository';

/** GET /api/financed-units: the released units the caller's provisions scope reaches, a page and its total. */
export async function listFinancedUnits(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  actor: AuthUser,
  query: FinancedUnitListQuery,
): Promise<Page<FinancedUnitItem>> {
  const order = orderBy(query.sort, FINANCED_UNITS_DEFAULT_SORT, repo.financedUnitSortFields, repo.financedUnitId);
  const window = pageWindow(query)!;
  const today = businessClock(clock.now()).day;
  const { rows, ...counted } = await repo.listFinancedUnits(
    db,
    provisionScopeOf(actor),
    { ...query, today },
    window,
    order,
    sortKeyOf(query.sort, FINANCED_UNITS_DEFAULT_SORT),
  );
  return { items: rows.map((row) => presentFinancedUnit(row, today)), ...counted };
}
