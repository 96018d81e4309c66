import type { Db } from '../../db/client';
import type { AuthUser } from '../../platform/auth';
import { assertCan } from '../../platform/can';
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
 * GET /refinancings/review (type 2): the refinancings waiting for its validation. Who may read it is `can`'s
 * answer, which reads the route's own entry of the permissions table (packages/domain).
 */
export async function refinancingReviewList(db: Db, actor: AuthUser, query: RefinancingReviewQuery) {
  assertCan(actor, 'refinancing.review');
  const { rows, total } = await repo.reviewList(db, refinancingScopeOf(actor), query, pageWindow(query));
  return {
    items: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
  };
}
