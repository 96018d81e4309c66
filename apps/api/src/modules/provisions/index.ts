// The provisions module's public face: what the rest of the API may use of it (decision 078). Other modules,
// jobs and the seed import from here, never from a file of this folder; the import lint enforces it.
export { provisionScopeOf } from './policy';
export { scopeShape, slot } from './scope-shape';
export type { ProvisionScope } from './policy';
export {
  countUnitsOf,
  evidencesOf,
  findAssignedBranch,
  findCompany,
  findLegalRepresentative,
  findProvision,
  lockProvision,
  provisionScopeWhere,
  shownFolio,
  unitCount,
} from './repository';
export { presentValidation } from './presenter';
export type { ProvisionRow, UnitRow } from './repository';
export { createProvisionMover, provisionMoveRow } from './transitions';
export type { ProvisionMove, ProvisionMoveRow } from './transitions';
