import { and, eq, inArray } from 'drizzle-orm';
import { ORGANISATION_MESSAGES, type AccountDetail } from '@planpiso/domain';
import { accountOperators, userCompanies } from '../../db/schema/assignments';
import { accounts, companies } from '../../db/schema/organisation';
import { users } from '../../db/schema/users';
import type { Executor } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import type { AuthUser } from '../../platform/auth';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { transaction } from '../../platform/transaction';
import { accountScopeOf } from '../organisation-lookups/policy';
import { findAccount, listAccounts } from '../organisation-lookups/repository';

export type AccountsService = ReturnType<typeof createAccountsService>;

/**
 * Accounts (spec 2 "Accounts", §4): the detail the view modal shows, the status toggle and the archive (type 3), and
 * the change of operator (type 1). Scope per decision 008; an account outside it, or archived, is 404.
 */
export function createAccountsService({ db }: Pick<AppDeps, 'db'>) {
  /** The account if the caller may act on it (in scope, not archived), else 404. */
  async function accountOf(actor: AuthUser, id: number, executor: Executor = db) {
    const account = await findAccount(executor, accountScopeOf(actor), id);
    if (!account) throw notFound();
    return account;
  }

  return {
    async get(actor: AuthUser, id: number): Promise<AccountDetail> {
      const [account] = (await listAccounts(db, accountScopeOf(actor), { id }, null, [])).rows;
      if (!account) throw notFound();
      const list = await db
        .select({
          id: companies.id,
          name: companies.name,
          legalName: companies.legalName,
          clientId: companies.clientId,
          accountId: companies.accountId,
          isActive: companies.isActive,
        })
        .from(companies)
        .where(eq(companies.accountId, id))
        .orderBy(companies.name);
      const legals =
        list.length === 0
          ? []
          : await db
              .select({
                companyId: userCompanies.companyId,
                id: users.id,
                firstname: users.firstname,
                lastname: users.lastname,
                email: users.email,
              })
              .from(userCompanies)
              .innerJoin(users, eq(users.id, userCompanies.userId))
              .where(
                and(
                  inArray(
                    userCompanies.companyId,
                    list.map((c) => c.id),
                  ),
                  eq(users.type, 4),
                  eq(users.isArchived, false),
                ),
              );
      return {
        ...account,
        companies: list.map((company) => ({
          ...company,
          legals: legals.filter((l) => l.companyId === company.id).map(({ companyId: _c, ...legal }) => legal),
        })),
      };
    },

    async setActive(actor: AuthUser, id: number, active: boolean, requestId: string) {
      await transaction(db, async (tx) => {
        const before = await accountOf(actor, id, tx);
        await tx.update(accounts).set({ isActive: active }).where(eq(accounts.id, id));
        await writeAudit(tx, {
          actor: actor.id,
          action: 'account.status-changed',
          entity: 'account',
          entityId: id,
          before: { isActive: before.isActive },
          after: { isActive: active },
          requestId,
        });
      });
      return { data: { isActive: active }, message: ORGANISATION_MESSAGES.accountStatusChanged };
    },

    /** Archived accounts leave every list (spec 2 §4); nothing is deleted. */
    async archive(actor: AuthUser, id: number, requestId: string) {
      await transaction(db, async (tx) => {
        await accountOf(actor, id, tx);
        await tx.update(accounts).set({ isArchived: true }).where(eq(accounts.id, id));
        await writeAudit(tx, {
          actor: actor.id,
          action: 'account.archived',
          entity: 'account',
          entityId: id,
          requestId,
        });
      });
      return { data: { id }, message: ORGANISATION_MESSAGES.accountArchived };
    },

    /** Type 1 hands the account to another operator: an active type 3 user (spec 2 §4). */
    async assignOperator(actor: AuthUser, id: number, userId: number, requestId: string) {
      await transaction(db, async (tx) => {
        await accountOf(actor, id, tx);
        const [operator] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, userId), eq(users.type, 3), eq(users.isActive, true), eq(users.isArchived, false)))
          .limit(1);
        if (!operator) throw new AppError('VALIDATION_ERROR', 422, ORGANISATION_MESSAGES.operatorInvalid);
        const [before] = await tx.select().from(accountOperators).where(eq(accountOperators.accountId, id));
        await tx
          .insert(accountOperators)
          .values({ accountId: id, userId })
          .onConflictDoUpdate({ target: accountOperators.accountId, set: { userId } });
        await writeAudit(tx, {
          actor: actor.id,
          action: 'account.operator-changed',
          entity: 'account',
          entityId: id,
          before: { operator: before?.userId ?? null },
          after: { operator: userId },
          requestId,
        });
      });
      return { data: { id }, message: ORGANISATION_MESSAGES.accountOperatorChanged };
    },
  };
}
