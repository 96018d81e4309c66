import { API_PERMISSIONS, isAllowed } from '@planpiso/domain';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../platform/auth';
import { forbidden } from '../../platform/errors';
import { pageWindow } from '../../platform/listing';
import { refinancingScopeOf } from './policy';
import * as repo from './repository';

export type RefinancingReviewQuery = {
  company?: number;
  folio?: string;
  sort?: string;
  page: number;
  pageSize: number;
};

/**
 * GET /refinancings/review (type 2): the refinancings waiting for its validation. Who may read it is the
 * permissions table's answer (packages/domain), the same one the route's authorization gives.
 */
export async function refinancingReviewList(db: Db, actor: AuthUser, query: RefinancingReviewQuery) {
  if (!isAllowed(API_PERMISSIONS['GET /api/refinancings/review'], actor.type)) throw forbidden();
  const { rows, total } = await repo.reviewList(db, refinancingScopeOf(actor), query, pageWindow(query));
  return {
    items: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
  };
}
