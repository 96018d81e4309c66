import { PROVISIONS_DEFAULT_SORT, userScopeOf, type ProvisionListQuery } from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { provisions } from '../../db/schema/financing';
import type { AuthUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { orderBy, pageWindow, sortKeyOf } from '../../platform/listing';
import * as listRepo from './list-repository';
import { mayReadAssignedListOf, OPERATOR_STATUSES, type ProvisionScope } from './policy';
import { presentListItem } from './presenter';
import * as repo from './repository';

/** A page of the provisions list in `scope` (spec 3 §2; decision 025). */
export function listProvisions(db: Executor, scope: ProvisionScope, query: ProvisionListQuery) {
  const order = orderBy(query.sort, PROVISIONS_DEFAULT_SORT, listRepo.provisionSortFields, provisions.id);
  const window = pageWindow(query) ?? { limit: query.pageSize, offset: 0 };
  return listRepo
    .listProvisions(db, scope, query, window, order, sortKeyOf(query.sort, PROVISIONS_DEFAULT_SORT))
    .then(({ rows, total, totalIsEstimate }) => ({
      items: rows.map(presentListItem),
      total,
      ...(totalIsEstimate && { totalIsEstimate }),
    }));
}

/** The type 3 operator's list (spec 3 §7): the accounts it operates, statuses 3–10. */
export async function listAccountAssigned(db: Executor, actor: AuthUser, userId: number, query: ProvisionListQuery) {
  const who = mayReadAssignedListOf(actor, userId);
  if (!who) throw notFound();
  // The users' own scope (decision 014): an administrator reaches the operators it registered, the super user all.
  const scope = userScopeOf(actor);
  const registeredBy = scope.kind === 'registered' ? scope.by : null;
  if (who === 'other' && !(await repo.findOperator(db, userId, registeredBy))) {
    throw notFound();
  }
  return listProvisions(
    db,
    { kind: 'lender', accounts: { kind: 'operated', by: userId, levels: 0 }, statuses: OPERATOR_STATUSES },
    query,
  );
}
