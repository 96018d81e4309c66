import type { refinancingUnits } from '../../db/schema/refinancings';

/** The columns that describe the vehicle: copied from the provision's unit, shown as copied (spec 3 §3). */
export type UnitDescription = Pick<
  typeof refinancingUnits.$inferSelect,
  'vinNumber' | 'agency' | 'brandName' | 'type' | 'model' | 'description' | 'color' | 'insideColor' | 'motorNumber'
>;

/** The description of a unit, the one list of its columns the create's copy and the follow-up detail share. */
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
