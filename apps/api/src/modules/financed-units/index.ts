// The financed-units module's public face: what the rest of the API may use of it (decision 078). Only the writers
// the financing moves call in their transactions; the register's reads and routes are wired by app-routes.ts, so
// this face imports no other module (the moves that import it are below the provisions the reads use).
export { recordEvents, registerInsertedUnit, registerReleasedUnits } from './register';
export type { ReleasedOperation } from './register';
// The sold-out-of-trust control's job step and the hold's facts (jobs/financed-units-grace.ts, audits' eligibility).
export { expireSaleGraces } from './expire-sale-graces';
export { reconcilePayoffs } from './reconcile-payoffs';
export { remindSaleGraces } from './remind-sale-graces';
export { soldOutOfTrustFacts, soldOutOfTrustHoldOf } from './sold-out-of-trust-facts';
// The portfolio view (modules/portfolio) reads the register with its scope and the term rule's next curtailment.
export { financedUnitScopeWhere } from './repository';
export { hasAuditFinding, nextCurtailmentAmount, nextCurtailmentDate } from './portfolio-filters';
// A closed lot audit's 'Vendida' results move their units as a sale report does (issue 29 §3, decision 081).
export { markUnitSold } from './mark-unit-sold';
export type { FinancedUnitNoticeDeps } from './notices';
