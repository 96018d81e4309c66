// The refinancings module's public face: what the rest of the API may use of it (decision 078). Other modules,
// jobs and the seed import from here, never from a file of this folder; the import lint enforces it.
export { refinancingScopeOf, visibleRefinancingStatuses } from './policy';
export { findRefinancing, refinancingScopeWhere } from './repository';
export { createRefinancingMover, lockRefinancingForMove, shownRefinancingFolio } from './transitions';
export { visibleRefinancing } from './visible';
