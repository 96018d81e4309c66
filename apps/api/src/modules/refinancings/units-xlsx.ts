import {
  Money,
  REFINANCING_UNITS_XLSX_COLUMNS,
  businessClock,
  provisionUnitsXlsxName,
  refinancingUnitVerdictCell,
} from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { sheetXlsx } from '../../platform/spreadsheet';
import { visibleRefinancing } from './visible';

/** GET /refinancings/{id}/units.xlsx: the units table (spec 3 §2), 'Unidades (DD-MM-YYYY).xlsx'. */
export async function refinancingUnitsXlsx(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: AuthUser,
  id: number,
): Promise<{ bytes: Buffer; fileName: string }> {
  const { db, clock } = deps;
  const found = await visibleRefinancing(db, actor, id);
  const check = (value: boolean | null) => (value === null ? '' : value ? 'Sí' : 'No');
  // The amount a number with the amount format (a spreadsheet sums it); text cells never start a formula.
  const bytes = await sheetXlsx({
    sheetName: 'Unidades',
    columns: REFINANCING_UNITS_XLSX_COLUMNS,
    created: clock.now(),
    width: 20,
    rows: found.units.map((unit) => [
      unit.vinNumber,
      unit.agency,
      unit.brandName,
      unit.type,
      unit.model,
      unit.description,
      unit.color,
      unit.insideColor,
      unit.motorNumber,
      String(unit.deadlines),
      check(unit.validRepuve),
      check(unit.validTransunion),
      check(unit.validAx),
      refinancingUnitVerdictCell(unit.status),
      Money.of(unit.amount),
    ]),
  });
  return {
    bytes,
    fileName: provisionUnitsXlsxName(businessClock(clock.now()).day),
  };
}
