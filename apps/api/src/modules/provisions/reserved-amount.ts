import { MESSAGES, isDealer } from '@planpiso/domain';
import type { AuthUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import * as creditLinesRepo from '../credit-lines';
import { accountScopeOf } from '../organisation-lookups';
import { companyScopeWhere } from '../organisation-lookups';
import * as repo from './repository';
import type { ProvisionsDeps } from './save-provision';

/**
 * What open provisions hold on a line (spec 3 §7 reserved-amount), for a line of a client the caller reaches.
 * A line never read before is read from the CRM once (outside any transaction).
 */
export async function reservedAmount(
  { db, creditLines }: Pick<ProvisionsDeps, 'db' | 'creditLines'>,
  actor: AuthUser,
  crmLineId: string,
): Promise<{ total: string }> {
  const line = (await creditLinesRepo.findCreditLine(db, crmLineId)) ?? (await creditLines.refreshFromCrm(crmLineId));
  const reach = isDealer(actor.type) ? repo.assignedCompaniesWhere(actor.id) : companyScopeWhere(accountScopeOf(actor));
  if (!(await repo.clientInScope(db, reach, line.clientNumber))) {
    throw notFound(MESSAGES.creditLineNotFound);
  }
  return { total: await creditLinesRepo.reservedOnLine(db, crmLineId) };
}
