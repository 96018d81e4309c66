import {
  AppErrorCode,
  COMPANIES_DEFAULT_SORT,
  COMPANY_USERS_DEFAULT_SORT,
  type CompanyListItem,
  type CompanyListQuery,
  type CompanyUser,
  type CompanyUserAgencies,
  isDealer,
  type LastException,
  ORGANISATION_MESSAGES,
  type PageQuery,
} from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { found, listPage } from '../../platform/crud';
import { AppError, notFound } from '../../platform/errors';
import type { Page } from '../../platform/listing';
import { transaction } from '../../platform/transaction';
import { accountScopeOf } from '../organisation-lookups';
import { findCompanyInScope } from '../organisation-lookups';
import { presentCompany, presentException, presentUsersAgencies } from './presenter';
import * as repo from './repository';

export type CompaniesService = ReturnType<typeof createCompaniesService>;

/**
 * Companies (spec 2 "Companies"): the read-only list and the users assigned to each, with the 'Asignar usuarios'
 * rules — users the caller registered, roles of types 4 and 5, default assignments kept.
 */
export function createCompaniesService({ db }: Pick<AppDeps, 'db'>) {
  async function companyOf(actor: AuthUser, id: number, executor: Executor = db) {
    const row = found(await findCompanyInScope(executor, accountScopeOf(actor), id));
    // A dealer reaches a company through its assignment, not its account alone (issue 14 §2.2, decision 024).
    if (isDealer(actor.type) && !(await repo.isAssignedTo(executor, actor.id, id))) throw notFound();
    return row;
  }

  return {
    async list(actor: AuthUser, query: CompanyListQuery): Promise<Page<CompanyListItem>> {
      const filters = { name: query.name, account: query.account, from: query.from, to: query.to };
      return listPage(
        query,
        { fallback: COMPANIES_DEFAULT_SORT, fields: repo.companySortFields, id: repo.companyIdColumn },
        (window, order) => repo.listCompanies(db, accountScopeOf(actor), filters, window, order),
        presentCompany,
      );
    },

    /** The company's latest exception request, or null (spec 3 §4 "Disposition eligibility check"). */
    async lastException(actor: AuthUser, id: number): Promise<LastException | null> {
      await companyOf(actor, id);
      const row = await repo.latestException(db, id);
      return row ? presentException(row) : null;
    },

    /** The company's branches, active ones first, by name. */
    async agencies(actor: AuthUser, id: number) {
      await companyOf(actor, id);
      return repo.agenciesOfCompany(db, id);
    },

    /** The company's users (live), each with the branches of this company it is assigned to; by e-mail. */
    async usersAgencies(actor: AuthUser, id: number): Promise<CompanyUserAgencies[]> {
      await companyOf(actor, id);
      const people = await repo.peopleOfCompany(db, id);
      if (people.length === 0) return [];
      const links = await repo.agencyLinks(
        db,
        id,
        people.map((p) => p.id),
      );
      return presentUsersAgencies(people, links);
    },

    async users(actor: AuthUser, id: number, query: PageQuery): Promise<Page<CompanyUser>> {
      await companyOf(actor, id);
      return listPage(
        query,
        { fallback: COMPANY_USERS_DEFAULT_SORT, fields: repo.companyUserSortFields, id: repo.userIdColumn },
        (window, order) => repo.listCompanyUsers(db, id, window, order),
        (row) => row,
      );
    },

    /** 'Asignar usuarios' (spec 2 §2): a user the caller registered, with a role of type 4 or 5. */
    async assign(actor: AuthUser, id: number, userId: number, roleId: number, requestId: string) {
      await transaction(db, async (tx) => {
        const company = await companyOf(actor, id, tx);
        if (!(await repo.findAssignableUser(tx, userId, actor.id, company.accountId))) {
          throw new AppError(AppErrorCode.VALIDATION_ERROR, {
            message: ORGANISATION_MESSAGES.companyUserNotAssignable,
          });
        }
        if (!(await repo.findDealerRole(tx, roleId))) {
          throw new AppError(AppErrorCode.VALIDATION_ERROR, { message: ORGANISATION_MESSAGES.companyRoleInvalid });
        }
        if (!(await repo.assignUser(tx, { userId, companyId: id, accountId: company.accountId, roleId }))) {
          throw new AppError(AppErrorCode.CONFLICT, { message: ORGANISATION_MESSAGES.userAlreadyAssigned });
        }
        await writeAudit(tx, {
          actor: actor.id,
          action: 'company.user-assigned',
          entity: 'company',
          entityId: id,
          after: { userId, roleId },
          requestId,
        });
      });
      return { data: { userId }, message: ORGANISATION_MESSAGES.userAssigned };
    },

    async remove(actor: AuthUser, id: number, userId: number, requestId: string) {
      await transaction(db, async (tx) => {
        await companyOf(actor, id, tx);
        const row = await repo.findAssignment(tx, id, userId);
        if (!row) throw notFound();
        if (row.isDefault)
          throw new AppError(AppErrorCode.INVALID_STATUS, { message: ORGANISATION_MESSAGES.defaultAssignment });
        const moved = await repo.removeAssignment(tx, id, userId);
        await writeAudit(tx, {
          actor: actor.id,
          action: 'company.user-removed',
          entity: 'company',
          entityId: id,
          before: { userId },
          after: { activeCompanyId: moved.companyId },
          requestId,
        });
      });
      return { data: { userId }, message: ORGANISATION_MESSAGES.userRemoved };
    },
  };
}
