import { Money, PROVISION_UNITS_XLSX_COLUMNS, businessClock, provisionUnitsXlsxName } from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { sheetXlsx } from '../../platform/spreadsheet';
import { provisionScopeOf } from './policy';
import * as repo from './repository';

/** The units as an XLSX (spec 3 §2 "Descargar XLSX"): 'Unidades (DD-MM-YYYY).xlsx', Mexico City's day. */
export async function provisionUnitsXlsx(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: AuthUser,
  id: number,
): Promise<{ bytes: Buffer; fileName: string }> {
  const { db, clock } = deps;
  const found = await repo.findProvision(db, provisionScopeOf(actor), id);
  if (!found) throw notFound();
  const units = await repo.unitsOf(db, id);
  // The amount a number with the amount format (a spreadsheet sums it); text cells never start a formula.
  const bytes = await sheetXlsx({
    sheetName: 'Unidades',
    columns: PROVISION_UNITS_XLSX_COLUMNS,
    created: clock.now(),
    width: 20,
    rows: units.map((unit) => [
      unit.vinNumber,
      unit.model,
      unit.motorNumber,
      unit.brandName,
      unit.type,
      unit.description,
      unit.color,
      unit.insideColor,
      unit.agency,
      Money.of(unit.amount),
      unit.included ? 'Sí' : 'No',
    ]),
  });
  return { bytes, fileName: provisionUnitsXlsxName(businessClock(clock.now()).day) };
}
