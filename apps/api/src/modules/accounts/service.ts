import { and, eq, inArray, sql } from 'drizzle-orm';
import { ORGANISATION_MESSAGES, type AccountDetail, type CreateAccountRequest } from '@planpiso/domain';
import { roles } from '../../db/schema/roles';
import type { IdentityService } from '../identity/service';
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
export function createAccountsService(
  { db }: Pick<AppDeps, 'db'>,
  identity: Pick<IdentityService, 'issueTemporaryPassword'>,
) {
  /** The account if the caller may act on it (in scope, not archived), else 404. */
  async function accountOf(actor: AuthUser, id: number, executor: Executor = db) {
    const account = await findAccount(executor, accountScopeOf(actor), id);
    if (!account) throw notFound();
    return account;
  }

  async function detail(actor: AuthUser, id: number, executor: Executor = db): Promise<AccountDetail> {
    const [account] = (await listAccounts(executor, accountScopeOf(actor), { id }, null, [])).rows;
    if (!account) throw notFound();
    const list = await executor
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
        : await executor
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
  }

  return {
    get: (actor: AuthUser, id: number) => detail(actor, id),

    /**
     * The wizard's save (spec 2 §2): the account, assigned to the operator creating it, its companies (CRM clients not
     * registered yet) and each company's legal representative as a type 4 user with a mailed temporary password —
     * all in one transaction: any refusal, or a mail that cannot be sent, leaves nothing behind.
     */
    async create(actor: AuthUser, input: CreateAccountRequest, requestId: string) {
      const saved = await transaction(db, async (tx) => {
        const clients = input.companies.map((c) => c.clientId);
        const taken = await tx.select({ id: companies.id }).from(companies).where(inArray(companies.clientId, clients));
        if (taken.length > 0) throw new AppError('CONFLICT', 409, ORGANISATION_MESSAGES.clientTaken);
        const emails = input.companies.map((c) => c.legalPerson.email);
        const used = await tx.select({ id: users.id }).from(users).where(inArray(users.email, emails));
        if (used.length > 0) throw new AppError('CONFLICT', 409, ORGANISATION_MESSAGES.legalEmailTaken);

        const [account] = await tx
          .insert(accounts)
          .values({ name: input.name, email: input.email, type: input.type, registerBy: actor.id })
          .returning({ id: accounts.id });
        const accountId = account!.id;
        await tx.insert(accountOperators).values({ accountId, userId: actor.id });
        // The role the legal representatives hold: the creator's own type 4 role, else the system's.
        const [role] = await tx
          .select({ id: roles.id })
          .from(roles)
          .where(and(eq(roles.type, 4), eq(roles.isActive, true)))
          .orderBy(sql`${roles.registerBy} = ${actor.id} desc`, roles.id)
          .limit(1);
        const created: { id: number; email: string; firstname: string }[] = [];
        for (const company of input.companies) {
          const [row] = await tx
            .insert(companies)
            .values({
              accountId,
              name: company.name,
              legalName: company.legalName || null,
              clientId: company.clientId,
              registerBy: actor.id,
            })
            .returning({ id: companies.id });
          const person = company.legalPerson;
          const [user] = await tx
            .insert(users)
            .values({
              firstname: person.firstname,
              lastname: person.lastname,
              email: person.email,
              phone: person.phone,
              type: 4,
              roleId: role?.id ?? null,
              accountId,
              companyId: row!.id,
              legalId: person.legalId,
              registerBy: actor.id,
            })
            .returning({ id: users.id, email: users.email, firstname: users.firstname });
          await tx
            .insert(userCompanies)
            .values({ userId: user!.id, companyId: row!.id, roleId: role?.id ?? null, isDefault: true });
          created.push(user!);
        }
        const after = await detail(actor, accountId, tx);
        await writeAudit(tx, {
          actor: actor.id,
          action: 'account.created',
          entity: 'account',
          entityId: accountId,
          after,
          requestId,
        });
        // Last, so every refusal above happens before anyone is mailed.
        for (const user of created) await identity.issueTemporaryPassword(tx, user, { actor: actor.id, requestId });
        return after;
      });
      return { data: saved, message: ORGANISATION_MESSAGES.accountSaved };
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
