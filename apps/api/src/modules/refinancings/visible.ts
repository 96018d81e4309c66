import type { Executor } from '../../db/client';
import type { AuthUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { refinancingScopeOf, visibleRefinancingStatuses } from './policy';
import * as repo from './repository';

/** The refinancing as the caller sees it (scope and visible statuses), or 404. */
export async function visibleRefinancing(executor: Executor, actor: AuthUser, id: number) {
  const found = await repo.findRefinancing(executor, refinancingScopeOf(actor), visibleRefinancingStatuses(actor), id);
  if (!found) throw notFound();
  return found;
}
