import { USER_TYPE } from '../user-types';
import { can } from '../authorization/can';

/**
 * What the refinancing screens show per user type (spec 3 §2 "Refinancing", §6; decision 048), so no screen writes
 * `type === n`: the list's Cliente column is type 2's, its company filter type 3's (who picks among the companies of
 * the accounts it operates, on the units' filter too; a dealer among its own); the units' Incluir checkbox belongs to
 * whoever may create (`can`'s refinancing.create: the machine's `create` row).
 */
export function refinancingScreenFlags(userType: number) {
  return {
    clientColumn: userType === USER_TYPE.PROVIDER_ADMIN,
    companyFilter: userType === USER_TYPE.PROVIDER_OPERATOR,
    operatedCompanies: userType === USER_TYPE.PROVIDER_OPERATOR,
    tickUnits: can({ id: 0, type: userType }, 'refinancing.create').allowed,
  };
}
