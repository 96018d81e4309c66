import type { provisionUnits } from '../../db/schema/financing';

/**
 * The columns that describe the vehicle, the same on a provision's unit and on a refinancing's (which copies them
 * from the provision's and shows them as copied, spec 3 §3).
 */
export type UnitDescription = Pick<
  typeof provisionUnits.$inferSelect,
  'vinNumber' | 'agency' | 'brandName' | 'type' | 'model' | 'description' | 'color' | 'insideColor' | 'motorNumber'
>;

/** The description of a unit: the one list of its columns that saves, copies and details share. */
export function unitDescriptionOf(unit: UnitDescription): UnitDescription {
  return {
    vinNumber: unit.vinNumber,
    agency: unit.agency,
    brandName: unit.brandName,
    type: unit.type,
    model: unit.model,
    description: unit.description,
    color: unit.color,
    insideColor: unit.insideColor,
    motorNumber: unit.motorNumber,
  };
}
