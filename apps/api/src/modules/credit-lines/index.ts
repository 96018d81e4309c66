// The credit-lines module's public face: what the rest of the API may use of it (decision 078). Other modules,
// jobs and the seed import from here, never from a file of this folder; the import lint enforces it.
export { createReleaseReconciliation } from './release-reconciliation';
export type { ReleaseReconciliation } from './release-reconciliation';
export { findCreditLine, refinancingHoldings, reservedOnAllLines, reservedOnLine, reservedOnLines } from './repository';
export { createCreditLinesService, reserve } from './service';
export type { CreditLinesService, LockedCreditLine } from './service';
