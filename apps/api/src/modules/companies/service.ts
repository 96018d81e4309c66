import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import {
  COMPANIES_DEFAULT_SORT,
  COMPANY_USERS_DEFAULT_SORT,
  ORGANISATION_MESSAGES,
  type CompanyListItem,
  type CompanyListQuery,
  type CompanyUser,
  type CompanyUserAgencies,
  type LastException,
  type PageQuery,
} from '@planpiso/domain';
import type { Executor } from '../../db/client';
import { userAgencies, userCompanies } from '../../db/schema/assignments';
import { exceptions } from '../../db/schema/exceptions';
import { accounts, agencies, companies } from '../../db/schema/organisation';
import { roles } from '../../db/schema/roles';
import { users } from '../../db/schema/users';
import { writeAudit } from '../../platform/audit';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import {
  containsPattern,
  countWithCap,
  dayText,
  orderBy,
  pageWindow,
  textKey,
  withinDays,
  type Page,
} from '../../platform/listing';
import { transaction } from '../../platform/transaction';
import { accountScopeOf } from '../organisation-lookups/policy';
import { accountScopeWhere, findCompanyInScope } from '../organisation-lookups/repository';

export type CompaniesService = ReturnType<typeof createCompaniesService>;

const companySorts = {
  name: textKey(companies.name),
  legalName: textKey(companies.legalName),
  createdAt: companies.createdAt,
};
const userSorts = { email: textKey(users.email), firstname: textKey(users.firstname) };

/**
 * Companies (spec 2 "Companies"): the read-only list and the users assigned to each, with the 'Asignar usuarios'
 * rules — users the caller registered, roles of types 4 and 5, default assignments kept.
 */
export function createCompaniesService({ db }: Pick<AppDeps, 'db'>) {
  async function companyOf(actor: AuthUser, id: number, executor: Executor = db) {
    const row = await findCompanyInScope(executor, accountScopeOf(actor), id);
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(actor: AuthUser, query: CompanyListQuery): Promise<Page<CompanyListItem>> {
      const where = and(
        accountScopeWhere(accountScopeOf(actor)),
        query.name ? ilike(companies.name, containsPattern(query.name)) : undefined,
        query.account ? eq(companies.accountId, query.account) : undefined,
        ...withinDays(companies.createdAt, query.from, query.to),
      );
      const window = pageWindow(query);
      const base = db
        .select({
          id: companies.id,
          name: companies.name,
          legalName: companies.legalName,
          clientId: companies.clientId,
          accountId: companies.accountId,
          isActive: companies.isActive,
          accountName: accounts.name,
          createdAt: dayText(companies.createdAt),
        })
        .from(companies)
        .innerJoin(accounts, eq(accounts.id, companies.accountId))
        .where(where)
        .orderBy(...orderBy(query.sort, COMPANIES_DEFAULT_SORT, companySorts, companies.id));
      const rows = window ? await base.limit(window.limit).offset(window.offset) : await base;
      const counted = await countWithCap(
        db,
        db
          .select({ one: sql`1` })
          .from(companies)
          .innerJoin(accounts, eq(accounts.id, companies.accountId))
          .where(where),
      );
      return {
        items: rows.map(({ accountName, ...row }) => ({ ...row, account: { id: row.accountId, name: accountName } })),
        ...counted,
      };
    },

    /** The company's latest exception request, or null (spec 3 §4 "Disposition eligibility check"). */
    async lastException(actor: AuthUser, id: number): Promise<LastException | null> {
      await companyOf(actor, id);
      const [row] = await db
        .select({
          id: exceptions.id,
          folio: exceptions.folio,
          status: exceptions.status,
          isApproved: exceptions.isApproved,
          comment: exceptions.comment,
          createdAt: exceptions.createdAt,
        })
        .from(exceptions)
        .where(eq(exceptions.companyId, id))
        .orderBy(desc(exceptions.createdAt), desc(exceptions.id))
        .limit(1);
      return row ? { ...row, createdAt: row.createdAt.toISOString() } : null;
    },

    /** The company's branches, active ones first, by name. */
    async agencies(actor: AuthUser, id: number) {
      await companyOf(actor, id);
      return db
        .select({ id: agencies.id, name: agencies.name, address: agencies.address, isActive: agencies.isActive })
        .from(agencies)
        .where(eq(agencies.companyId, id))
        .orderBy(sql`${agencies.isActive} desc`, textKey(agencies.name), agencies.id);
    },

    /** The company's users (live), each with the branches of this company it is assigned to; by e-mail. */
    async usersAgencies(actor: AuthUser, id: number): Promise<CompanyUserAgencies[]> {
      await companyOf(actor, id);
      const people = await db
        .select({
          id: users.id,
          firstname: users.firstname,
          lastname: users.lastname,
          email: users.email,
          type: users.type,
        })
        .from(userCompanies)
        .innerJoin(users, eq(users.id, userCompanies.userId))
        .where(and(eq(userCompanies.companyId, id), eq(users.isArchived, false)))
        .orderBy(textKey(users.email), users.id);
      if (people.length === 0) return [];
      const links = await db
        .select({ userId: userAgencies.userId, id: agencies.id, name: agencies.name })
        .from(userAgencies)
        .innerJoin(agencies, eq(agencies.id, userAgencies.agencyId))
        .where(
          and(
            eq(agencies.companyId, id),
            inArray(
              userAgencies.userId,
              people.map((p) => p.id),
            ),
          ),
        )
        .orderBy(textKey(agencies.name));
      return people.map((person) => ({
        ...person,
        agencies: links.filter((l) => l.userId === person.id).map(({ userId: _u, ...agency }) => agency),
      }));
    },

    async users(actor: AuthUser, id: number, query: PageQuery): Promise<Page<CompanyUser>> {
      await companyOf(actor, id);
      const where = and(eq(userCompanies.companyId, id), eq(users.isArchived, false));
      const window = pageWindow(query);
      const base = db
        .select({
          id: users.id,
          firstname: users.firstname,
          lastname: users.lastname,
          email: users.email,
          isDefault: userCompanies.isDefault,
          role: roles.name,
        })
        .from(userCompanies)
        .innerJoin(users, eq(users.id, userCompanies.userId))
        .leftJoin(roles, eq(roles.id, userCompanies.roleId))
        .where(where)
        .orderBy(...orderBy(query.sort, COMPANY_USERS_DEFAULT_SORT, userSorts, users.id));
      const rows = window ? await base.limit(window.limit).offset(window.offset) : await base;
      const [counted] = await db
        .select({ n: count() })
        .from(userCompanies)
        .innerJoin(users, eq(users.id, userCompanies.userId))
        .where(where);
      return { items: rows, total: counted?.n ?? 0 };
    },

    /** 'Asignar usuarios' (spec 2 §2): a user the caller registered, with a role of type 4 or 5. */
    async assign(actor: AuthUser, id: number, userId: number, roleId: number, requestId: string) {
      await transaction(db, async (tx) => {
        await companyOf(actor, id, tx);
        const [user] = await tx
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              eq(users.id, userId),
              eq(users.registerBy, actor.id),
              inArray(users.type, [4, 5]),
              eq(users.isArchived, false),
            ),
          )
          .limit(1);
        if (!user) throw new AppError('VALIDATION_ERROR', 422, ORGANISATION_MESSAGES.companyUserNotAssignable);
        const [role] = await tx
          .select({ id: roles.id })
          .from(roles)
          .where(and(eq(roles.id, roleId), inArray(roles.type, [4, 5]), eq(roles.isActive, true)))
          .limit(1);
        if (!role) throw new AppError('VALIDATION_ERROR', 422, ORGANISATION_MESSAGES.companyRoleInvalid);
        const added = await tx
          .insert(userCompanies)
          .values({ userId, companyId: id, roleId })
          .onConflictDoNothing()
          .returning({ userId: userCompanies.userId });
        if (added.length === 0) throw new AppError('CONFLICT', 409, ORGANISATION_MESSAGES.userAlreadyAssigned);
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
        const [row] = await tx
          .select({ isDefault: userCompanies.isDefault })
          .from(userCompanies)
          .where(and(eq(userCompanies.companyId, id), eq(userCompanies.userId, userId)))
          .limit(1);
        if (!row) throw notFound();
        if (row.isDefault) throw new AppError('INVALID_STATUS', 409, ORGANISATION_MESSAGES.defaultAssignment);
        await tx.delete(userCompanies).where(and(eq(userCompanies.companyId, id), eq(userCompanies.userId, userId)));
        await writeAudit(tx, {
          actor: actor.id,
          action: 'company.user-removed',
          entity: 'company',
          entityId: id,
          before: { userId },
          requestId,
        });
      });
      return { data: { userId }, message: ORGANISATION_MESSAGES.userRemoved };
    },
  };
}
