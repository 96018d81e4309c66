import {
  FINANCED_UNITS_DEFAULT_SORT,
  FINANCED_UNITS_EXPORT_MAX,
  FINANCED_UNIT_MESSAGES as TEXT,
  Money,
  businessClock,
  financedUnitStatusName,
  type FinancedUnitExportQuery,
} from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { orderBy } from '../../platform/listing';
import { sheetXlsx } from '../../platform/spreadsheet';
import { provisionScopeOf } from '../provisions';
import { presentFinancedUnit } from './presenter';
import * as repo from './repository';

/** A YYYY-MM-DD day as every export shows it: dd/MM/yyyy (a calendar day: no time zone moves it). */
const shownDay = (day: string) => day.split('-').reverse().join('/');

/**
 * GET /api/financed-units/export: the list's rows (its scope, filters and sort; every page, up to
 * FINANCED_UNITS_EXPORT_MAX) as 'Unidades financiadas (DD-MM-YYYY).xlsx', Mexico City's day.
 */
export async function exportFinancedUnits(
  { db, clock }: Pick<AppDeps, 'db' | 'clock'>,
  actor: AuthUser,
  query: FinancedUnitExportQuery,
): Promise<{ bytes: Buffer; fileName: string }> {
  const order = orderBy(query.sort, FINANCED_UNITS_DEFAULT_SORT, repo.financedUnitSortFields, repo.financedUnitId);
  const today = businessClock(clock.now()).day;
  const rows = await repo.allFinancedUnits(
    db,
    provisionScopeOf(actor),
    { ...query, today },
    order,
    FINANCED_UNITS_EXPORT_MAX,
  );
  const bytes = await sheetXlsx({
    sheetName: TEXT.xlsxSheet,
    columns: TEXT.xlsxColumns,
    created: clock.now(),
    width: 20,
    rows: rows.map((row) => {
      const unit = presentFinancedUnit(row, today);
      return [
        unit.vin,
        unit.brand,
        unit.model,
        unit.description,
        unit.companyName,
        unit.agencyName ?? '',
        unit.folio,
        unit.creditLine,
        unit.creditNumber ?? '',
        Money.of(unit.amount),
        shownDay(unit.releasedOn),
        unit.term,
        shownDay(unit.endsOn),
        unit.daysFloored,
        financedUnitStatusName(unit.status),
      ];
    }),
  });
  return { bytes, fileName: TEXT.xlsxName(today) };
}
