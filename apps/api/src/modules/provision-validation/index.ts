// The provision-validation module's public face: what the rest of the API may use of it (decision 078). Other modules,
// jobs and the seed import from here, never from a file of this folder; the import lint enforces it.
export { PROVISION_VALIDATION, queueProvisionValidation } from './queue';
export type { ValidationJobPayload } from './queue';
export { createProvisionValidation } from './service';
export type { ProvisionValidation } from './service';
