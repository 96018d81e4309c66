// The audits module's public face: what the rest of the API may use of it (decision 078). Other modules,
// jobs and the seed import from here, never from a file of this folder; the import lint enforces it.
export { assertCanProvision, assertNotHeldBySoldOutOfTrust } from './eligibility';
