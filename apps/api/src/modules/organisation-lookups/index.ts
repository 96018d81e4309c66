// The organisation-lookups module's public face: what the rest of the API may use of it (decision 078). Other modules,
// jobs and the seed import from here, never from a file of this folder; the import lint enforces it.
export { accountScopeOf, agencyScopeOf } from './policy';
export type { AccountScope, AgencyScope, OperatedScope } from './policy';
export {
  accountScopeWhere,
  agencyScopeWhere,
  companyColumns,
  companyScopeWhere,
  findAccount,
  findAgency,
  findCompany,
  findCompanyInScope,
  listAccounts,
  operatedBy,
} from './repository';
