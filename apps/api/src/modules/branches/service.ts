import {
  AppErrorCode,
  BRANCH_USERS_DEFAULT_SORT,
  type BranchResponse,
  branchSaved,
  branchUpdated,
  type BranchUser,
  type CreateBranchRequest,
  ORGANISATION_MESSAGES,
  type PageQuery,
} from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { writeAudit, writeStatusAudit } from '../../platform/audit';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { found, listPage } from '../../platform/crud';
import { AppError, notFound } from '../../platform/errors';
import type { Page } from '../../platform/listing';
import { transaction } from '../../platform/transaction';
import { accountScopeOf, agencyScopeOf } from '../organisation-lookups';
import { findAccount } from '../organisation-lookups';
import { users } from '../../db/schema/users';
import * as repo from './repository';
import { answerWithin } from '../../platform/idempotency';

export type BranchesService = ReturnType<typeof createBranchesService>;

function presentBranch(row: repo.BranchRow): BranchResponse {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    description: row.description,
    accountId: row.accountId,
    account: { id: row.accountId, name: row.accountName },
    companyId: row.companyId,
    company: { id: row.companyId, name: row.companyName },
    isActive: row.isActive,
    createdAt: row.createdAt,
  };
}

const mismatch = () =>
  new AppError(AppErrorCode.VALIDATION_ERROR, { message: ORGANISATION_MESSAGES.branchCompanyMismatch });

/**
 * Branches (spec 2 "Branches"): one, create, update, status, and the users assigned to each. The list is the
 * look-up's GET /api/agencies. Scope (decision 008): types 1 and 2 every branch, type 3 those of its accounts,
 * type 4 those of its account and active company; a branch outside it is 404.
 */
export function createBranchesService({ db }: Pick<AppDeps, 'db'>) {
  async function branchOf(actor: AuthUser, id: number, executor: Executor = db, lock = false) {
    return found(await repo.findBranch(executor, agencyScopeOf(actor), id, { lock }));
  }

  /** The account must be one the caller may use, and the company one of its companies. */
  async function checkPlace(actor: AuthUser, input: CreateBranchRequest, executor: Executor = db) {
    if (!(await findAccount(executor, accountScopeOf(actor), input.accountId))) throw notFound();
    if (!(await repo.companyBelongsTo(executor, input.companyId, input.accountId))) throw mismatch();
  }

  return {
    get: async (actor: AuthUser, id: number) => presentBranch(await branchOf(actor, id)),

    async create(actor: AuthUser, input: CreateBranchRequest, requestId: string) {
      return transaction(db, async (tx) => {
        await checkPlace(actor, input, tx);
        const id = await repo.insertBranch(tx, input, actor.id);
        const branch = presentBranch((await repo.findBranch(tx, { kind: 'all' }, id))!);
        await writeAudit(tx, {
          actor: actor.id,
          action: 'branch.created',
          entity: 'branch',
          entityId: id,
          after: branch,
          requestId,
        });
        return answerWithin(tx, 201, { data: branch, message: branchSaved(branch.name) });
      });
    },

    async update(actor: AuthUser, id: number, input: CreateBranchRequest, requestId: string) {
      const saved = await transaction(db, async (tx) => {
        const before = presentBranch(await branchOf(actor, id, tx, true));
        await checkPlace(actor, input, tx);
        await repo.updateBranch(tx, id, input);
        const after = presentBranch((await repo.findBranch(tx, { kind: 'all' }, id))!);
        await writeAudit(tx, {
          actor: actor.id,
          action: 'branch.updated',
          entity: 'branch',
          entityId: id,
          before,
          after,
          requestId,
        });
        return after;
      });
      return { data: saved, message: branchUpdated(saved.name) };
    },

    async setActive(actor: AuthUser, id: number, active: boolean, requestId: string) {
      await transaction(db, async (tx) => {
        const before = await branchOf(actor, id, tx, true);
        await repo.setBranchActive(tx, id, active);
        await writeStatusAudit(tx, {
          actor: actor.id,
          entity: 'branch',
          entityId: id,
          wasActive: before.isActive,
          active,
          requestId,
        });
      });
      return { data: { isActive: active }, message: ORGANISATION_MESSAGES.branchStatusChanged };
    },

    async users(actor: AuthUser, id: number, query: PageQuery): Promise<Page<BranchUser>> {
      await branchOf(actor, id);
      return listPage(
        query,
        { fallback: BRANCH_USERS_DEFAULT_SORT, fields: repo.branchUserSortFields, id: users.id },
        (window, order) => repo.listBranchUsers(db, id, window, order),
        (row) => row,
      );
    },

    async assign(actor: AuthUser, id: number, userId: number, requestId: string) {
      await transaction(db, async (tx) => {
        const branch = await branchOf(actor, id, tx, true);
        if (!(await repo.assignableUser(tx, userId, branch.accountId))) {
          throw new AppError(AppErrorCode.VALIDATION_ERROR, { message: ORGANISATION_MESSAGES.userNotAssignable });
        }
        if (!(await repo.assign(tx, userId, id, branch.accountId))) {
          throw new AppError(AppErrorCode.CONFLICT, { message: ORGANISATION_MESSAGES.userAlreadyAssigned });
        }
        await writeAudit(tx, {
          actor: actor.id,
          action: 'branch.user-assigned',
          entity: 'branch',
          entityId: id,
          after: { userId },
          requestId,
        });
      });
      return { data: { userId }, message: ORGANISATION_MESSAGES.userAssigned };
    },

    async unassign(actor: AuthUser, id: number, userId: number, requestId: string) {
      await transaction(db, async (tx) => {
        await branchOf(actor, id, tx, true);
        if (!(await repo.unassign(tx, userId, id))) throw notFound();
        await writeAudit(tx, {
          actor: actor.id,
          action: 'branch.user-removed',
          entity: 'branch',
          entityId: id,
          before: { userId },
          requestId,
        });
      });
      return { data: { userId }, message: ORGANISATION_MESSAGES.userRemoved };
    },
  };
}
