import {
  Money,
  REFINANCING_UNITS_XLSX_COLUMNS,
  businessClock,
  provisionUnitsXlsxName,
  refinancingUnitVerdictCell,
} from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { addSheetRow, newWorkbook } from '../../platform/spreadsheet';
import { visibleRefinancing } from './follow-up-detail';

/** GET /refinancings/{id}/units.xlsx: the units table (spec 3 §2), 'Unidades (DD-MM-YYYY).xlsx'. */
export async function refinancingUnitsXlsx(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: AuthUser,
  id: number,
): Promise<{ bytes: Buffer; fileName: string }> {
  const { db, clock } = deps;
  const found = await visibleRefinancing(db, actor, id);
  const { workbook, sheet } = newWorkbook('Unidades', REFINANCING_UNITS_XLSX_COLUMNS, clock.now());
  const check = (value: boolean | null) => (value === null ? '' : value ? 'Sí' : 'No');
  for (const unit of found.units) {
    // The amount a number with the amount format (a spreadsheet sums it); text cells never start a formula.
    addSheetRow(sheet, [
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
    ]);
  }
  sheet.columns.forEach((column) => (column.width = 20));
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  return {
    bytes,
    fileName: provisionUnitsXlsxName(businessClock(clock.now()).day),
  };
}
